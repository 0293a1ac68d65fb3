/**
 * Verbatim dialog texts of 01 §2, §8 and 03 §2, shared by the machines that need a text (webinar) and the
 * dialog components. A module of its own so the first route's bundle does not carry every dialog's text
 * (machines/dialogs.ts is loaded at start-up by the dialog manager).
 */
export const DIALOG_TEXT = {
  'no-network': { title: 'No Network Connection', message: "You've lost your internet connection", ok: 'Ok' },
  'credits-intro': { title: "We're moving to credits", primary: 'See in subscription page', secondary: 'Okay, got it' },
  'feature-access': { title: 'Access Premium Tools' },
  'realtime-blog-promo': { primary: 'Try Now', secondary: 'Not Now', to: '/blog-writer' },
  'prompts-error': { message: 'Something went wrong. Please try again.', refresh: 'Refresh', close: 'Close' },
  'pro-upgrade': { title: 'Switch to Our Pro Plan', secondary: 'Do this Later', primary: 'Upgrade to Pro Plan' },
  webinar: {
    title: 'Join Us Live Today!',
    attend: 'Yes, I want to Attend',
    skip: 'Skip this',
    success: 'Meeting invitation link has been sent to your email.',
    error: 'An error occurred! Please try again!',
  },
  'content-generation-check': {
    title: 'Are you sure?',
    message: 'Leaving this page will stop generation.',
    confirm: 'Yes proceed',
    cancel: 'Stay here',
  },
  'outline-loading': {
    title: 'Content still generating',
    message: 'You cannot do this action as still content is generating.',
  },
  'chat-limit-exceeded': { title: 'Chat Usage Limit Exhausted' },
  'api-error': { title: 'Error', message: 'Something went Wrong !', retry: 'Try Again', dismiss: 'Dismiss' },
  'subscription-pending': { title: 'Subscription Pending' },
  'subscription-expired': { title: 'Subscription Expired' },
  'subscription-cancelled': { title: 'Subscription Cancelled' },
  'subscription-overdue': { title: 'Subscription Overdue' },
  /** 01 §8 limit titles by generate-limit type; 02 §6 for the video generator. */
  'generate-limit': {
    word: 'Word Limit',
    image: 'Image Limit',
    both: 'Word and Image Limit',
    longBlog: 'Blog Outline Limit',
    videoGenerator: 'Video generation is only available on paid plans',
    upgrade: 'Upgrade now',
    videoUpgrade: 'Upgrade Plan',
    close: 'Close',
  },
} as const;
