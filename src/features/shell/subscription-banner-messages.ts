/**
 * The subscription-state banner of the shell (issue 33: an ended, cancelled, unpaid or pending plan is shown
 * before a generation is blocked). Titles are 01 §8's subscription dialog titles; the sentences are ours.
 */
export const SUBSCRIPTION_BANNER_MESSAGES = {
  overdue: {
    title: 'Subscription Overdue',
    text: (plan: string) => `Your last payment for the ${plan} plan did not go through. Update your payment method to keep your plan.`,
    cta: 'Update payment method',
  },
  expired: {
    title: 'Subscription Expired',
    text: (plan: string, date: string) => (date ? `Your ${plan} plan ended on ${date}.` : `Your ${plan} plan has ended.`),
    cta: 'Renew plan',
  },
  canceled: {
    title: 'Subscription Cancelled',
    ended: (plan: string, date: string) => (date ? `Your ${plan} plan ended on ${date}.` : `Your ${plan} plan has ended.`),
    ends: (plan: string, date: string) => `Your ${plan} plan stays usable until ${date}.`,
    cta: 'Resubscribe',
  },
  pending: {
    title: 'Subscription Pending',
    text: 'We are confirming your payment. Payments can take 1 to 2 minutes to reflect in your account.',
  },
  portalFailed: 'Unable to open payment management. Please try again.',
} as const;
