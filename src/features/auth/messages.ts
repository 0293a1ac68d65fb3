/** Texts of the sign-in and registration pages. Spec 01 §8 texts are quoted verbatim. */
export const authMessages = {
  signInTitle: 'Sign in to Wordsmith AI',
  signInSubtitle: 'Welcome back. Write, generate and publish in one place.',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  email: 'Email',
  password: 'Password',
  name: 'Name',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  /** Client-side password rules are not shown in the spec (01 §5); the contract asks for 8+ characters. */
  passwordTooShort: 'Password must be at least 8 characters',
  noAccount: 'New to Wordsmith AI?',
  createAccount: 'Create an account',
  haveAccount: 'Already have an account?',
  forgotPassword: 'Forgot password?',
  registerTitle: 'Create your account',
  registerSubtitle: 'Start free: words and images every month, no card needed.',
  register: 'Create account',
  registering: 'Creating account…',
  /** 01 §8 */
  registrationFailedTitle: 'Registration Failed',
  /** 01 §8 */
  registrationFailedText: 'Registration failed. Please try again later.',
  hostedSignIn: 'Use the secure sign-in page',
  genericFailure: 'Something went Wrong !',
  networkFailure: 'You\'ve lost your internet connection',
} as const;
