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
  // the mobile-app promotion (01 §1); the spec gives no texts for it
  mobileAppTitle: 'Get the mobile app',
  mobileAppScan: 'Scan with your phone to install it.',
  mobileAppQr: 'QR code to the mobile app',
  mobileAppLink: 'Open in the app store',
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

/** 01 §2 Header tool search, 03 §2 search modal. */
export const TOOL_SEARCH_MESSAGES = {
  title: 'Search tools',
  inputLabel: 'Search tools',
  placeholder: 'Search tools…',
  /** 01 §8, 03 §2: the empty state of the search modal, verbatim. */
  noResult: 'No Result Found',
  popular: 'Popular tools',
  results: 'Results',
  loadMore: 'Load More',
  searching: 'Searching…',
  shortcut: 'Press / or Ctrl K to search',
  found: (n: number) => (n === 1 ? '1 tool found' : `${n} tools found`),
  views: 'views',
} as const;

/** 01 §4 Upgrade button. */
export const UPGRADE_MESSAGES = {
  upgrade: 'Upgrade',
  /** prefixed (visually hidden) to the plan 1 offer so the button's name says what it does */
  upgradePrefix: 'Upgrade:',
  perMonth: '/mo',
} as const;

/** 01 §2 / 02 §2 banners. */
export const BANNER_MESSAGES = {
  videoTitle: 'Introducing AI Video Generator',
  videoText: 'Turn your text into engaging videos in minutes.',
  videoCta: 'Try It Now',
  dismiss: 'Dismiss',
  /** 02 §2 "a warning banner says video generation is having issues" (the wording is ours). */
  maintenanceTitle: 'Video generation is having issues',
  maintenanceText: 'We are working on a fix. New videos may fail or take longer than usual; your gallery is safe.',
} as const;

/** 01 §2 floating live-webinar button. */
export const WEBINAR_BUTTON_MESSAGES = {
  label: 'Live Demo Webinar',
  live: 'Live now',
  today: 'Today',
} as const;

/**
 * 01 §4 Trial countdown. The countdown says what it counts: the free trial that starts at sign-up
 * (01 §9 "Trial length 3 days 5 h 30 min from signup").
 */
const span = (d: number, h: number, m: number) =>
  `${d} ${d === 1 ? 'day' : 'days'}, ${h} ${h === 1 ? 'hour' : 'hours'} and ${m} ${m === 1 ? 'minute' : 'minutes'}`;
export const TRIAL_MESSAGES = {
  freeTrial: 'Free trial',
  endsIn: 'ends in',
  /** the accessible label (minute precision, so screen readers are not given a new value every second) */
  label: (d: number, h: number, m: number) => `Free trial ends in ${span(d, h, m)}`,
  about: (d: number, h: number, m: number) => `Your free trial of Wordsmith AI lasts ${span(d, h, m)} from sign-up.`,
} as const;

/** Texts of the sidebar chat list (01 §2 quoted: 'Show More', 'Show Recent', Rename, Delete). */
export const CHAT_LIST_MESSAGES = {
  showMore: 'Show More',
  showRecent: 'Show Recent',
  rename: 'Rename',
  delete: 'Delete',
  /** ours: the menu button's accessible name */
  options: (title: string) => `Options for ${title}`,
  renameLabel: 'Chat title',
  empty: 'No chats yet',
  list: 'Recent chats',
} as const;

