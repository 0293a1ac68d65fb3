import { type DialogName, type GenerateLimitType } from '@machines/dialogs';
import { DIALOG_TEXT } from '@machines/dialog-text';
import { VIDEO_FREE_PLAN_MESSAGE } from '@machines/constants';
import { PLAGIARISM_CHECK_CREDITS } from '@machines/constants';
import { PLAN_TEXT } from '@/core/plan-catalogue';

/**
 * Texts of the global dialogs. The spec's texts (01 §2 "Dialog texts", 01 §6, 01 §8, 02 §6) live
 * verbatim in machines/dialogs.ts (DIALOG_TEXT) so the machines and the UI share one source; this
 * file re-exports them and adds the texts the spec names without quoting.
 *
 * Convention below: a string marked `spec` is quoted verbatim from the section named; every other
 * string is our copy, written where the spec only names the dialog or paraphrases its content
 * ("compares old word/image usage with new credits", "upgrade to Plus or Pro" …).
 */
export { DIALOG_TEXT };

/** 'credit' for a count of exactly one ('1 credit per image'), else 'credits'. */
const creditWord = (n: string) => (n === '1' ? 'credit' : 'credits');

/** The product's name as the shell shows it (features do not import each other, so it is repeated here). */
export const PRODUCT_NAME = 'Wordsmith AI';

export const DIALOG_MESSAGES = {
  noNetwork: DIALOG_TEXT['no-network'],
  apiError: DIALOG_TEXT['api-error'],
  generationCheck: DIALOG_TEXT['content-generation-check'],
  outlineLoading: DIALOG_TEXT['outline-loading'],
  generateLimit: DIALOG_TEXT['generate-limit'],
  subscription: {
    'subscription-pending': DIALOG_TEXT['subscription-pending'].title,
    'subscription-expired': DIALOG_TEXT['subscription-expired'].title,
    'subscription-cancelled': DIALOG_TEXT['subscription-cancelled'].title,
    'subscription-overdue': DIALOG_TEXT['subscription-overdue'].title,
  },
  /** 01 §4 "each open a dialog with an Upgrade action": the action's label, as the spec names it. */
  upgrade: 'Upgrade',
  /** Not quoted by the spec: the dismiss button of dialogs that only inform (outline-loading, subscription). */
  close: 'Close',
  cancel: 'Cancel',
  /** Not quoted by the spec: the body of a dialog whose feature has not shipped its content yet. */
  pendingBody: 'This window is part of a feature that is not available in this build yet.',
} as const;

export type SubscriptionDialogName = keyof typeof DIALOG_MESSAGES.subscription;

/** Labels shared by the upgrade / credits actions (01 §6: 'Upgrade now', 'Buy More Credits', 'Close'). */
export const UPGRADE_TEXT = {
  upgradeNow: DIALOG_TEXT['generate-limit'].upgrade, // spec 01 §6
  buyMoreCredits: 'Buy More Credits', // spec 01 §6
  close: DIALOG_TEXT['generate-limit'].close, // spec 01 §6
  upgradePlan: DIALOG_TEXT['generate-limit'].videoUpgrade, // spec 02 §6
} as const;

/** Bodies of the generate-limit dialog by type (titles: 01 §8, videoGenerator 02 §6). */
export const GENERATE_LIMIT_BODY: Record<GenerateLimitType, string> = {
  word: 'You have used all the words of your free plan for this month. Upgrade to keep writing with every tool.',
  image: 'You have used all the images of your free plan for this month. Upgrade to keep creating images.',
  both: 'You have used all the words and images of your free plan for this month. Upgrade to keep creating.',
  longBlog: 'Your free plan includes one long blog, and you have already written it. Upgrade to write as many as you need.',
  videoGenerator: 'Upgrade to a paid plan to turn your ideas and images into videos.',
};

export const LIMIT_TEXT = {
  // Free users cannot buy credits (01 §6: the free limit offers 'Upgrade now' and 'Close'), so their text says upgrade only.
  imageLimit: {
    title: DIALOG_TEXT['generate-limit'].image,
    body: 'You have reached the image limit of your plan. Upgrade or buy more credits to keep creating images.',
    freeBody: 'You have reached the image limit of the free plan. Upgrade to keep creating images.',
  },
  bgRemoval: { title: 'Background Removal Limit', body: 'You have used all the background removals of your plan. Upgrade to remove more backgrounds.' },
  chat: {
    title: DIALOG_TEXT['chat-limit-exceeded'].title,
    body: 'You have used the chat allowance of your plan. Upgrade or buy more credits to keep chatting.',
    freeBody: 'You have used the chat allowance of the free plan. Upgrade to keep chatting.',
  },
  upgradeToAccess: { title: 'Upgrade to Access', body: 'This feature is part of our paid plans. Upgrade to unlock it.' },
  featureAccess: {
    title: DIALOG_TEXT['feature-access'].title, // spec 01 §2
    body: 'Tools marked Pro are included in the Plus and Pro plans. Upgrade to use every tool.',
    plus: 'Upgrade to Plus',
    pro: 'Upgrade to Pro',
  },
  hd: { title: 'HD Images Are for Paid Plans', body: 'HD quality is included in the Plus and Pro plans. Upgrade to create HD images.' },
  /** The general upgrade dialog of a paid plan whose credits are used up (01 §4 gate step 8). */
  creditsExhausted: {
    title: 'You have used all your credits',
    body: 'Your plan credits, add-on credits and bonus credits for this period are used up.',
  },
} as const;

/**
 * 01 §6 pricing-modal texts. Prices, allowances and offers come from the plan catalogue (GET /api/plansList,
 * worded by src/core/plan-catalogue.ts), the same as /pricing; the catalogue sells the spec's two paid tiers
 * (01 §3 "Startup" and "Enterprise") under the plan names Plus and Pro, so no tier name or figure is typed here.
 */
export const PRICING_TEXT = {
  title: 'Upgrade your plan',
  description: 'Pick the plan that fits your writing. Limits renew monthly.', // "limits renew monthly" 01 §6
  billingPeriod: 'Billing period',
  monthly: 'Monthly',
  yearly: 'Yearly',
  perMonth: '/month',
  perYear: '/year',
  mostPopular: 'Most popular',
  currentPlan: 'Current plan',
  regularPrice: 'Regular price',
  offerPrice: 'Offer price',
  /** 01 §6 feature comparison, after the catalogue's allowances. */
  features: {
    1: ['3 social accounts', '10 posts a month', '1 website'],
    2: ['5 social accounts', '50 posts a month', 'Up to 5 websites'],
    3: ['30 social accounts', '150 posts a month', '30 websites'],
  } as Record<number, readonly string[]>,
} as const;

export const OFFER_TEXT = {
  fallbackTitle: 'Special Offer',
  planLine: (plan: string) => `${plan} plan`,
  was: 'Regular price',
  now: 'Offer price',
  body: 'Unlock more words, images and every premium tool at a lower price. The offer is for a limited time.',
  claim: 'Claim Offer',
  later: 'Maybe Later',
  clock: 'Limited time',
} as const;

export const PAYMENT_TEXT = {
  title: 'Choose a payment method',
  offerTitle: 'Pay with your offer',
  description: (plan: string, price: string, period: string) => `${plan} plan, ${price} ${period}.`,
  methods: 'Payment method',
  pay: 'Continue to Payment',
  /** 01 §4 "A fallback note says payment takes 1 to 2 minutes to reflect" (wording ours). */
  note: 'Payments can take 1 to 2 minutes to reflect in your account.',
  loadFailed: 'Unable to load payment methods. Please try again.',
  noMethods: 'No payment method is available for your account right now.',
  retry: 'Retry',
  monthly: 'per month',
  yearly: 'per year',
} as const;

export const CREDIT_TEXT = {
  buyTitle: 'Buy More Credits', // spec 01 §6 (button label, used as the dialog title too)
  buyDescription: 'Add-on credits are used after your plan credits and stay valid for one year.', // 01 §9 valid one year
  pack: (credits: string) => `${credits} ${creditWord(credits)}`,
  perCredit: (cost: string) => `${cost} per credit`,
  limits: (words: string, images: string) => `About ${words} words or ${images} images`,
  buy: 'Buy Credits',
  bought: 'Your credits have been added.',
  /** spec 01 §8 (toast, 6 seconds) */
  operationFailed: 'Operation failed. Please try again!!!',
  detailTitle: 'Credits Detail',
  detailDescription: 'What each kind of generation costs in credits.',
  balance: 'Credits used this period',
  text: 'Text',
  image: 'Images',
  textRate: (credits: string) => `${credits} ${creditWord(credits)} per 1000 words`,
  imageRate: (credits: string) => `${credits} ${creditWord(credits)} per image`,
  /** spec 01 §8 */
  detailFailed: 'Unable to load credit details. Please try again.',
  retry: 'Retry', // spec 01 §8
  history: 'Purchase History',
  historyTitle: 'Credit Purchase History',
  historyDescription: 'Add-on credits you bought, how many are used and when they expire.',
  /** spec 01 §8 */
  historyFailed: 'Failed to load credit purchase history',
  /** spec 01 §8 */
  historyEmpty: 'No purchase history available',
  columns: { date: 'Purchase date', credits: 'Credits', amount: 'Amount', used: 'Used', status: 'Status', expires: 'Expires' },
  loadingMore: 'Loading more purchases',
  models: { 1: 'Model A', 2: 'Model B', 3: 'Model C' } as Record<number, string>, // 02 §2 Model A, B, C = source 1, 2, 3
  intro: {
    title: DIALOG_TEXT['credits-intro'].title, // spec 01 §2
    body: 'Instead of separate word and image limits, your plan now comes with one balance of credits that every tool draws from.',
    before: 'Before',
    now: 'Now',
    words: (n: string) => `${n} words a month`,
    images: (n: string) => `${n} images a month`,
    credits: (n: string) => `${n} credits a month`,
    primary: DIALOG_TEXT['credits-intro'].primary, // spec 01 §2
    secondary: DIALOG_TEXT['credits-intro'].secondary, // spec 01 §2
  },
  plagiarism: {
    title: 'Check for plagiarism?',
    body: `A plagiarism check costs ${PLAGIARISM_CHECK_CREDITS} credits.`, // 01 §5, §9: 5 credits, confirmed first
    confirm: 'Check Plagiarism',
  },
} as const;

export const SUBSCRIPTION_TEXT = {
  body: {
    'subscription-pending': 'Your payment is still being processed. Generation is paused until your subscription is active.',
    'subscription-expired': 'Your subscription has ended. Upgrade to keep generating content.',
    'subscription-cancelled': 'Your subscription was cancelled. Upgrade to pick a plan again.',
    'subscription-overdue': 'Your last payment did not go through. Update your payment to keep generating content.',
  } satisfies Record<SubscriptionDialogName, string>,
  active: {
    title: 'Subscription Active',
    body: (plan: string, frequency: string) => `Your ${plan} plan is active, billed ${frequency}.`,
    renews: (date: string) => `Current period ends on ${date}.`,
    manage: 'Manage Subscription',
  },
  paddle: {
    title: 'Manage Your Subscription',
    body: 'Your subscription is billed through Paddle. Payment details, invoices and cancellation are managed on its billing page.',
    manage: 'Manage Payment',
    failed: 'Unable to open the billing page. Please try again.',
  },
  mobile: {
    title: 'Manage Your Subscription in the App',
    body: `You subscribed in the ${PRODUCT_NAME} mobile app. Open the app to upgrade, change or cancel your subscription.`,
    ok: 'Ok',
  },
  blocker: {
    title: 'Cancel Your Subscription First',
    // 01 §2 "Delete Account requires cancelling the subscription first"
    body: 'Delete Account requires cancelling your active subscription first. Cancel it on the subscription page, then delete your account.',
    go: 'Go to Subscription',
  },
} as const;

export const MISC_TEXT = {
  welcome: {
    title: `Welcome to ${PRODUCT_NAME}`,
    body: 'Take a two-minute tour of what you can create: chat, writing tools, long blogs, images, videos and storybooks.',
    start: 'Get Started',
    videoTitle: `${PRODUCT_NAME} product tour`,
  },
  player: {
    play: (title: string) => `Play: ${title}`,
    unavailable: 'The video will be available here soon.',
  },
  productDemo: {
    title: 'Product Demo',
    body: (contentType: string) => (contentType ? `See how a ${contentType} video is made, step by step.` : 'See how a video is made, step by step.'),
    create: 'Create Video',
  },
  imageViewer: { title: 'Image preview', alt: 'Generated image', download: 'Download', failed: 'Failed to download image' }, // 02 §8 fallback
  modelViewer: {
    title: 'AI Image Models',
    body: 'Each model draws in its own way and costs a different number of credits per image.',
    perImage: (credits: string) => `${credits} credits per image`,
  },
  deleteChat: {
    chat: { title: 'Delete chat?', body: 'This conversation and all its messages will be deleted. This cannot be undone.' },
    blog: { title: 'Delete blog?', body: 'This blog will be deleted. This cannot be undone.' },
    confirm: 'Delete',
    failed: DIALOG_TEXT['api-error'].message,
  },
  deleteStory: {
    story: { title: 'Delete storybook?', body: 'This storybook and its images will be deleted. This cannot be undone.' },
    video: { title: 'Delete video?', body: 'This video will be deleted. This cannot be undone.' },
  },
  deleteWordpress: { title: 'Remove WordPress site?', body: 'The site will be disconnected. You can import it again later.', confirm: 'Remove' },
  logout: { title: 'Log out?', body: `You will be signed out of ${PRODUCT_NAME} on this device.`, confirm: 'Log out' },
  replaceBrandDescription: {
    title: 'Replace your description?',
    body: 'Write it for me writes a new description from your brand’s details. The description you typed will be replaced.',
    confirm: 'Replace it',
  },
  switchAccount: {
    title: 'Switch account?',
    body: `This link signs you in to ${PRODUCT_NAME} as another account. You are signed in already: switching ends your session on this device.`,
    confirm: 'Switch account',
  },
  promptsError: { title: DIALOG_TEXT['api-error'].title, ...DIALOG_TEXT['prompts-error'] }, // spec 01 §8
  realtime: {
    title: 'Real-Time Blog Writing',
    body: 'Write long blogs with facts from the live web: current news, figures and sources are pulled in while your outline is built.',
    primary: DIALOG_TEXT['realtime-blog-promo'].primary, // spec 01 §2
    secondary: DIALOG_TEXT['realtime-blog-promo'].secondary, // spec 01 §2
  },
  reward: {
    title: 'Win Free Credits',
    body: `Invite friends and share ${PRODUCT_NAME} to earn bonus credits. Bonus credits are used after your plan credits.`,
    go: 'See Rewards',
    later: 'Not Now',
  },
  proUpgrade: {
    title: DIALOG_TEXT['pro-upgrade'].title, // spec 01 §2
    body: 'Get more from every tool with our most capable plan.',
    // spec 01 §2 benefits: elite AI model, up to 300,000 words a month with all tools (the Pro plan's word limit
    // in the catalogue), internal linking
    eliteModel: 'The Elite AI model for the best writing',
    words: PLAN_TEXT.upToWordsWithAllTools,
    internalLinking: 'Internal linking in your blogs',
    later: DIALOG_TEXT['pro-upgrade'].secondary, // spec 01 §2
    upgrade: DIALOG_TEXT['pro-upgrade'].primary, // spec 01 §2
  },
} as const;

export const EXPLORE_TEXT = {
  featuresTitle: 'Explore Features',
  featuresBody: `Everything you can create with ${PRODUCT_NAME}.`,
  greetingsTitle: (name: string) => (name ? `Hi ${name}, you're all set!` : "You're all set!"),
  greetingsBody: 'What would you like to create first?',
  comingSoon: 'Coming Soon',
  beta: 'Beta',
  tools: [
    { key: 'chat', title: 'AI Chat', text: 'Ask, brainstorm and draft in a conversation.', to: '/chat' },
    { key: 'tools', title: 'AI Tools', text: 'Hundreds of writing tools and kits for every format.', to: '/dashboard' },
    { key: 'blog', title: 'Long Blog Writer', text: 'Outline, write and publish long-form posts.', to: '/blog-writer' },
    { key: 'easy-blog', title: 'Easy Blog Writer', text: 'A complete post from a topic in a few clicks.', to: '/easy-blog-writer' },
    { key: 'image', title: 'AI Image Generator', text: 'Create images from a prompt or an example.', to: '/image-generator?type=example' },
    { key: 'video', title: 'AI Video Generator', text: 'Turn ideas and images into short videos.', to: '/video-generator?type=gallery', beta: true },
    { key: 'storybook', title: 'Storybook Image Creator', text: 'Illustrate a story, scene by scene.', to: '/storybook-library?page=1', beta: true },
    { key: 'humanizer', title: 'AI Text Humanizer', text: 'Make generated text read naturally.', to: '/ai-text-humanizer' },
    // Coming Soon (01 §2 "some marked Coming Soon"): voice appears in the credit packs' limits (01 §3),
    // social accounts and posts in the plan comparison (01 §6), but neither has a screen yet.
    { key: 'voice', title: 'AI Voice Over', text: 'Give your videos and stories a natural voice.', comingSoon: true },
    { key: 'social', title: 'Social Media Scheduler', text: 'Plan and publish posts to your social accounts.', comingSoon: true },
  ] as ReadonlyArray<{ key: string; title: string; text: string; to?: string; beta?: boolean; comingSoon?: boolean }>,
} as const;

export const WEBINAR_TEXT = {
  ...DIALOG_TEXT.webinar, // spec 01 §2, §8
  fallbackDescription: `A live demo of ${PRODUCT_NAME} with time for your questions, every weekday at 8:00 PM India time.`,
  startsIn: 'Starts in',
  live: 'We are live now!',
  units: { days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
  calendarTitle: 'Add it to your calendar',
  calendarBody: 'The session lasts 40 minutes. Add it to your calendar so you do not miss it.',
  google: 'Add to Google Calendar',
  ics: 'Download .ics file',
  weekend: 'The next live demo is on Monday.',
  calendarDone: 'Done',
  eventTitle: `${PRODUCT_NAME} live demo`,
} as const;

/** generate-limit title by type (01 §8 limit titles; videoGenerator from 02 §6). */
export function generateLimitTitle(type: GenerateLimitType): string {
  return type === 'videoGenerator' ? VIDEO_FREE_PLAN_MESSAGE : DIALOG_TEXT['generate-limit'][type];
}

/**
 * The accessible title of a dialog whose full content comes with its feature issue: its name in
 * words ('image-bg-removal-limit-exceeded' → 'Image bg removal limit exceeded'; 'hd-not-for-free-users'
 * → 'HD not for free users').
 */
export function fallbackDialogTitle(name: DialogName): string {
  const words = name
    .split('-')
    .map((w) => (w === 'hd' ? 'HD' : w === 'bginfo' ? 'BG info' : w))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
