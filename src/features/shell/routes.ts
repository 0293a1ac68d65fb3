/**
 * Destinations of the shell (spec 01 §2). Sidebar feature groups and the profile menu read them from
 * here, so the lead's route table and tests can import one source.
 */
export const SHELL_HREFS = {
  home: '/home',
  history: '/history',
  imageExamples: '/image-generator?type=example',
  imageGallery: '/image-generator?type=gallery',
  storybook: '/storybook-library?page=1',
  blogLibrary: '/blog-library',
  newBlog: '/blog-writer',
  videoGenerator: '/video-generator?type=gallery',
  textHumanizer: '/ai-text-humanizer',
  aiTools: '/dashboard',
  chat: '/chat',
} as const;

/** 01 §2 Profile menu: "The first five items go to /credit-based with the targets …". */
export const PROFILE_HREFS = {
  profile: '/credit-based?target=profile',
  subscription: '/credit-based?target=subscription',
  manageBrands: '/credit-based?target=brand&page=1',
  settings: '/credit-based?target=settings',
  wordpress: '/credit-based?target=wordpress',
} as const;
