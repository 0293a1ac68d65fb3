/** Texts of the app shell (spec 01 §2). Tests import these rather than retype them. */
export const PRODUCT_NAME = 'Wordsmith AI';

export const SHELL_MESSAGES = {
  skipToContent: 'Skip to content',
  home: `${PRODUCT_NAME} home`,
  toggleSidebar: 'Toggle sidebar',
  closeSidebar: 'Close sidebar',
  sidebar: 'Sidebar',
  mainNav: 'Main',
  searchTools: 'Search tools',
  history: 'History',
  favourites: 'Favourites',
  recentBlogs: 'Recent Blogs',
  chatHistory: 'Chat History',
  /** 01 §2 Start-up: shown only in impersonation mode. */
  switchToOldUi: 'Switch to Old UI',
  accountMenu: 'account menu',
  credits: 'Credits',
  colorModeToDark: 'Switch to dark mode',
  colorModeToLight: 'Switch to light mode',
  beta: 'Beta',
} as const;

/** 01 §2 Profile menu items, in order. */
export const PROFILE_MENU_LABELS = {
  profile: 'Profile',
  subscription: 'Subscription',
  startUserGuide: 'Start User Guide',
  manageBrands: 'Manage Brands',
  settings: 'Settings',
  wordpress: 'Wordpress',
  support: 'Support',
  logout: 'Log out',
} as const;
