/**
 * Texts of the pricing pages and the account page (/credit-based). Texts quoted by the spec are marked with
 * their section and kept verbatim; the rest is ours (the spec shows no wording for them).
 */
import { PLAN_TEXT } from '@/core/plan-catalogue';

/** 'credit' for a count of exactly one ('1 credit per image'), else 'credits'. */
const credits = (n: string) => (n === '1' ? 'credit' : 'credits');

export const PRICING_PAGE = {
  title: 'Plans and pricing',
  subtitle: 'Start free, upgrade when you need more. Limits renew monthly.', // "limits renew monthly" 01 §6
  offerTitleFallback: 'Special Offer',
  offerSubtitle: 'A limited-time price on your next plan.',
  billingPeriod: 'Billing period',
  monthly: 'Monthly',
  annually: 'Annually',
  /**
   * 01 §3 pricing cards: "Annually … (save up to 20%)"; the percentage is the catalogue's yearly discount
   * (bestYearlySaving in src/core/plan-catalogue.ts), the same for users with monthly billing disabled.
   */
  saveUpTo: PLAN_TEXT.saveUpTo,
  perMonth: '/month',
  perYear: '/year',
  billedYearly: (total: string) => `${total} billed yearly`,
  free: 'Free',
  mostPopular: 'Most popular', // 01 §3 "Enterprise … (most popular)"
  currentPlan: 'Current plan',
  upgradeTo: (plan: string) => `Upgrade to ${plan}`,
  switchToYearly: 'Switch to yearly billing',
  /** a cancelled, expired or unpaid plan bought again */
  resubscribeTo: (plan: string) => `Resubscribe to ${plan}`,
  getStarted: 'Get started',
  signInToBuy: 'Sign in to upgrade',
  offerBadge: 'Offer',
  regularPrice: 'Regular price',
  offerPrice: 'Offer price',
  paymentMethod: 'Payment method',
  payByCard: 'Card',
  payByRazorpay: 'RazorPay (INR)',
  /** 01 §4 "A fallback note says payment takes 1 to 2 minutes to reflect" (wording ours). */
  note: 'Payments can take 1 to 2 minutes to reflect in your account.',
  redirecting: 'Opening checkout…',
  loadFailed: 'Unable to load plans. Please try again.',
  retry: 'Retry',
  paddleOpened: 'The secure Paddle checkout is open. Payments can take 1 to 2 minutes to reflect in your account.',
  /**
   * 01 §6 feature comparison, after the plan's metered allowances (words, credits, images), which are worded
   * from the catalogue (planAllowances in src/core/plan-catalogue.ts), never typed here.
   */
  features: {
    1: ['3 social accounts', '10 posts a month', '1 website', 'One free long blog', 'One storybook'],
    2: ['100+ templates', '5 social accounts', '50 posts a month', 'Up to 5 websites'],
    3: ['200+ templates', '30 social accounts', '150 posts a month', '30 websites', 'Elite AI model', 'Internal linking'],
  } as Record<number, readonly string[]>,
} as const;

export const ACCOUNT_PAGE = {
  title: 'Account',
  tabs: {
    profile: 'Profile',
    subscription: 'Subscription',
    brand: 'Manage Brands',
    settings: 'Settings',
    wordpress: 'Wordpress',
    'topup-credits': 'Top-up Credits',
  },
  backToBlog: 'Back to your blog',
  saved: 'Saved',
  save: 'Save',
  saving: 'Saving…',
} as const;

export const PROFILE_TEXT = {
  title: 'Profile',
  description: 'Your name as it appears in the app.',
  name: 'Name',
  email: 'Email',
  nameRequired: 'Name is required',
  passwordTitle: 'Password',
  passwordDescription: 'Choose a new password of at least 8 characters. Your other devices will be signed out.',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDiffer: 'The passwords do not match',
  updatePassword: 'Update password',
  languageTitle: 'Language',
  languageDescription: 'The language your content is written in by default.',
  language: 'Content language',
  deleteTitle: 'Delete account',
  deleteDescription: 'Deleting your account removes your access for good. A paid subscription must be cancelled first.',
  deleteReason: 'Why are you leaving?',
  deleteReasonRequired: 'Please tell us why you are leaving',
  deleteAction: 'Delete Account', // 01 §2 active-subscription blocker names "Delete Account"
  deleteConfirmTitle: 'Delete your account?',
  deleteConfirmText: 'This cannot be undone. You will be signed out at once.',
  deleteConfirm: 'Yes, delete my account',
  cancel: 'Cancel',
} as const;

export const SUBSCRIPTION_TEXT = {
  title: 'Your plan',
  status: { active: 'Active', pending: 'Pending', expired: 'Expired', canceled: 'Cancelled', overdue: 'Overdue' } as Record<string, string>,
  monthly: 'Billed monthly',
  yearly: 'Billed yearly',
  renews: (date: string) => `Renews on ${date}`,
  ends: (date: string) => `Ends on ${date}`,
  /** a cancelled or expired plan whose end has passed */
  ended: (date: string) => `Ended on ${date}`,
  usageTitle: 'Usage this period',
  words: 'Words',
  images: 'Images',
  bgRemovals: 'Background removals',
  credits: 'Credits',
  bonus: 'Bonus credits',
  addOns: (n: string) => `Includes ${n} add-on credits`,
  of: (used: string, total: string) => `${used} of ${total}`,
  upgradeTitle: 'Upgrade your plan',
  upgradeDescription: 'More credits, more words and images, and every premium tool.',
  manageTitle: 'Billing',
  manageDescription: 'Payment methods, invoices and your billing details.',
  customerPortal: 'Manage billing',
  paymentMethods: 'Accepted payment methods',
  noPaymentMethods: 'No payment method is available for your account right now.',
  historyTitle: 'Payment history',
  historyEmpty: 'No payments yet.',
  historyFailed: 'Unable to load your payment history.',
  loadMore: 'Load more',
  columns: { date: 'Date', description: 'Description', amount: 'Amount', status: 'Status', gateway: 'Paid with' },
  cancelAction: 'Cancel subscription',
  cancelTitle: 'Cancel your subscription?',
  cancelText: 'Your plan stays usable until the end of the period you paid for.',
  cancelReason: 'Reason',
  cancelReasons: ['Too expensive', 'I do not use it enough', 'Missing features I need', 'Switching to another tool', 'Other'],
  cancelDetails: 'Anything else we should know?',
  cancelReasonRequired: 'Please choose a reason',
  cancelConfirm: 'Cancel subscription',
  keep: 'Keep my plan',
  activating: 'Confirming your payment…',
  activated: (plan: string) => `Your ${plan} plan is active.`,
  paymentFailed: 'Your payment did not go through, so your plan has not changed. You can try again at any time.',
  creditsAdded: 'Your credits have been added.',
} as const;

export const SETTINGS_TEXT = {
  appearanceTitle: 'Appearance',
  appearanceDescription: 'Choose how Wordsmith AI looks on this device.',
  theme: 'Theme',
  light: 'Light',
  dark: 'Dark',
  system: 'System',
  emailTitle: 'Email address',
  emailDescription: (email: string) => `Messages are sent to ${email}.`,
  resendVerification: 'Resend verification email',
  supportTitle: 'Support',
  supportDescription: 'Questions about your plan or a payment? Our team is here to help.',
  openSupport: 'Contact support',
  supportNotConfigured: 'Support is not configured for this app, so there is no support page to open.', // as the profile menu's
} as const;

export const WORDPRESS_TEXT = {
  title: 'WordPress sites',
  description: 'Sites you connected for publishing. Connect a new site from the publish dialog of a blog.',
  empty: 'No WordPress site connected yet.',
  active: 'Active',
  inactive: 'Inactive',
  user: (user: string) => `Connected as ${user}`,
} as const;

export const CREDITS_TEXT = {
  balanceTitle: 'Your credits',
  optionsTitle: 'Buy add-on credits',
  optionsDescription: 'Add-on credits are used after your plan credits and stay valid for one year.', // 01 §9
  freePlanNote: 'Add-on credits are for paid plans. Upgrade to buy credits.',
  upgrade: 'See plans',
  pack: (n: string) => `${n} ${credits(n)}`,
  perCredit: (cost: string) => `${cost} per credit`,
  about: (words: string, images: string) => `About ${words} words or ${images} images`,
  buy: 'Buy Credits',
  buying: 'Opening checkout…',
  /** 01 §8 toast (6 seconds). */
  operationFailed: 'Operation failed. Please try again!!!',
  loadOptionsFailed: 'Unable to load credit packs. Please try again.',
  calculatorTitle: 'Credit calculator',
  calculatorDescription: 'Estimate what a piece of work costs in credits.',
  type: 'What will you create?',
  types: { text: 'Text', image: 'Images', both: 'Text and images', voice: 'Voice' },
  wordCount: 'Words',
  imageCount: 'Images',
  voiceCount: 'Voice (seconds)',
  calculate: 'Calculate',
  result: (n: string) => `About ${n} ${credits(n)}`,
  detailsTitle: 'What things cost',
  textRate: (n: string) => `${n} ${credits(n)} per 1000 words`,
  imageRate: (n: string) => `${n} ${credits(n)} per image`,
  /** 01 §8 credits texts, verbatim. */
  detailsFailed: 'Unable to load credit details. Please try again.',
  retry: 'Retry',
  historyTitle: 'Credit purchase history',
  historyTable: 'Credit purchases',
  historyFailed: 'Failed to load credit purchase history',
  historyEmpty: 'No purchase history available',
  validOneYear: 'Add-on credits are valid for one year from purchase.', // 01 §9
  columns: { date: 'Purchase date', credits: 'Credits', amount: 'Amount', used: 'Used', status: 'Status', expires: 'Valid until' },
} as const;

/**
 * Manage Brands (target=brand). The error texts of 03 §8 "Onboarding" are verbatim (their punctuation included);
 * the rest is ours (the spec shows no wording for the brand manager).
 */
export const BRANDS_TEXT = {
  title: 'Manage Brands', // 03 §2
  description: 'Your brands and businesses: their website, products, tone of voice and colours, ready for your content.',
  add: 'Add brand',
  search: 'Search brands',
  searchPlaceholder: 'Name, website or industry',
  table: 'Brands',
  selectAll: 'Select all brands on this page',
  select: (name: string) => `Select ${name}`,
  columns: { name: 'Name', website: 'Website', products: 'Products', setup: 'Setup' },
  completed: 'Completed',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  edit: 'Edit',
  editBrand: (name: string) => `Edit ${name}`,
  noWebsite: '—',
  loading: 'Loading brands',
  empty: 'No brands yet. Add your first brand to keep its website, products, tone and colours at hand.',
  noResult: 'No Result Found', // 03 §8 empty states
  retry: 'Retry',
  pages: 'Brand pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, last: number) => `Page ${page} of ${last}`,
  selected: (n: number) => (n === 1 ? '1 brand selected' : `${n} brands selected`),
  deleteSelected: (n: number) => `Delete selected (${n})`,
  deleteTitle: (n: number) => (n === 1 ? 'Delete this brand?' : `Delete ${n} brands?`),
  deleteText: 'Their details and products are deleted for good. Content you already wrote stays.',
  deleteConfirm: 'Delete',
  deleteBrand: 'Delete brand',
  cancel: 'Cancel',
  back: 'Back to brands',
  // detail view
  detailsTitle: 'Brand details',
  loadingBrand: 'Loading brand',
  notFound: 'This brand does not exist or was deleted.',
  setupComplete: 'Setup complete',
  setupAt: (step: number, total: number) => `Setup: step ${step} of ${total} saved`,
  continueSetup: 'Continue setup',
  saveDetails: 'Save details',
  saving: 'Saving…',
  saved: 'Brand details saved.',
  // setup wizard (03 §4: 7 steps, a new brand starts at step 2)
  setupTitle: 'Set up your brand',
  progress: (step: number, total: number) => `Step ${step} of ${total}`,
  steps: {
    2: { title: 'Name your brand', subtitle: 'The name you publish under.' },
    3: { title: 'Your website', subtitle: 'Where readers find you. You can leave it empty.' },
    4: { title: 'Describe your brand', subtitle: 'A few sentences on what you do and for whom.' },
    5: { title: 'Products and services', subtitle: 'What you sell or offer, so your content can name it.' },
    6: { title: 'Industry and tone', subtitle: 'The field you work in and how you sound.' },
    7: { title: 'Colours and language', subtitle: 'Up to 3 brand colours and the language you write in.' },
  } as Record<number, { title: string; subtitle: string }>,
  saveContinue: 'Save and continue',
  finish: 'Finish',
  previousStep: 'Back',
  exitSetup: 'Exit setup',
  finished: 'Your brand is set up.',
  // fields
  name: 'Brand name',
  nameRequired: 'Brand name is required',
  website: 'Website',
  websitePlaceholder: 'https://example.com',
  websiteInvalid: 'Please enter a valid website address, e.g. https://example.com.',
  descriptionLabel: 'Description',
  writeForMe: 'Write it for me',
  writing: 'Writing…',
  industry: 'Industry',
  industryPlaceholder: 'e.g. Food and drink',
  tone: 'Tone of voice',
  tonePlaceholder: 'e.g. Friendly, Professional, Witty',
  products: 'Products',
  productName: (n: number) => `Product ${n} name`,
  productDescription: (n: number) => `Product ${n} description`,
  productNameRequired: 'Give this product a name',
  removeProduct: (n: number) => `Remove product ${n}`,
  addProduct: 'Add product',
  noProducts: 'No products yet.',
  colors: 'Brand colours',
  colorNames: ['Primary colour', 'Secondary colour', 'Tertiary colour'],
  pickColor: (name: string) => `Pick ${name.toLowerCase()}`,
  removeColor: (name: string) => `Remove ${name.toLowerCase()}`,
  addColor: 'Add colour',
  colorInvalid: 'Use a colour like #4338CA',
  noColors: 'No colours yet.',
  language: 'Language',
  noLanguage: 'Not set',
  // 03 §8 "Onboarding", verbatim
  fetchListFailed: 'Failed to fetch brands list.',
  createFailed: 'Failed to create. Please try again!',
  updateFailed: 'Failed to update. Please try again!',
  deleteFailed: 'Failed to delete. Please try again!',
  fetchDetailsFailed: 'Failed to fetch details. Please try again!',
  saveDetailsFailed: 'Failed to save details. Please try again!',
  somethingWentWrong: 'Something went wrong',
} as const;
