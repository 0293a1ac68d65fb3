/** Texts of /home (the spec quotes none of them). */
export const HOME_MESSAGES = {
  /** a user on their first visit is greeted, not welcomed back */
  welcome: (name?: string) => (name ? `Welcome, ${name}` : 'Welcome'),
  welcomeBack: (name?: string) => (name ? `Welcome back, ${name}` : 'Welcome back'),
  prompt: 'What would you like to create today?',
} as const;
