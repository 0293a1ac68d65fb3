/**
 * Every in-app address (spec 01 §2 routes and the shell's destinations), in one place: components, dialogs
 * and actors link with these, and tests import them rather than retype them. The route table
 * (src/app/routes.tsx) declares the same paths as patterns.
 */
export const CHAT_ID_PARAM = 'id';

export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgotpassword',
  home: '/home',
  pricing: '/pricing',
  offerPricing: '/offer-pricing',
  rewards: '/rewards',
  creditBased: '/credit-based',
  history: '/history',
  imageExamples: '/image-generator?type=example',
  imageGallery: '/image-generator?type=gallery',
  storybook: '/storybook-library?page=1',
  blogLibrary: '/blog-library',
  newBlog: '/blog-writer',
  videoPage: '/video-generator',
  videoGenerator: '/video-generator?type=gallery',
  textHumanizer: '/ai-text-humanizer',
  aiTools: '/dashboard',
  chat: '/chat',
  /** a conversation, or a new one under the id the client chose */
  chatWith: (id: string) => `/chat?${CHAT_ID_PARAM}=${encodeURIComponent(id)}`,
  /** a long blog reopened in the writer */
  blog: (id: string | number) => `/blog-writer?blog_id=${encodeURIComponent(String(id))}`,
  /** /login that returns to `next` after signing in */
  loginThen: (next: string) => `/login?next=${encodeURIComponent(next)}`,
} as const;

/** 01 §2 Profile menu: "The first five items go to /credit-based with the targets …". */
export const accountPaths = {
  profile: '/credit-based?target=profile',
  subscription: '/credit-based?target=subscription',
  subscriptionPrices: '/credit-based?target=subscription&section=priceSection',
  manageBrands: '/credit-based?target=brand&page=1',
  settings: '/credit-based?target=settings',
  wordpress: '/credit-based?target=wordpress',
} as const;
