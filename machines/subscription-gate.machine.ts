/**
 * Subscription gate (01 §4 "Subscription gate", 03 §6 and §5, 02 §6): one run per generation
 * attempt. Input: the action kind, the user's plan/subscription figures and `now`.
 * Output: `{ allowed: true }` or `{ allowed: false, dialog }`. It takes no events: the app runs one
 * actor per check (`createActor(subscriptionGateMachine, { input }).start()` + `toPromise`).
 *
 * The checks run in the spec's order (01 §4 numbering):
 *  1. the subscription has ended, in this order:
 *     1a. status 'canceled'                     → subscription-cancelled, blocked
 *     1b. ended (end_at <= now) or status 'expired' → subscription-expired, blocked
 *     01 §4 step 1 names only "ended or expired", yet §4 "Subscription status dialogs" (pending,
 *     expired, canceled and overdue each open a dialog) and §8 list a 'Subscription Cancelled'
 *     dialog. The union reads a canceled subscription as an ended one, so it sits inside step 1,
 *     checked first: status canceled → the Cancelled dialog whatever end_at says (past or still
 *     ahead: POST /api/cancelSubscription sets 'canceled' at once, end_at unchanged), any other
 *     ended or expired one → the Expired dialog. Being part of step 1 it comes before pending,
 *     overdue and every plan check.
 *  2. status 'pending'                          → subscription-pending, blocked
 *  3. status 'overdue'                          → subscription-overdue, blocked
 *  4. free plan and video                       → generate-limit {type: 'videoGenerator'}, blocked
 *     (01 §4 step 4 and 02 §6; 03 §6 does not list it — 03 covers no video — so the union keeps it)
 *  5. free plan, long blog, free long blog already generated, not an image → generate-limit {longBlog}
 *  6. long blog not yet generated free (or an image in it), or storybook on the free plan → allowed.
 *     03 §5 adds: "Free plan with one or more storybooks already: blocked with the upgrade dialog".
 *     01 §4 says the free storybook check is simply allowed; the union blocks when the free
 *     user already has a storybook (01 §6 / 03 §6 "one storybook") and allows the first one.
 *     Step 6 is read literally: it allows a long blog for any plan whose free one is not used.
 *  7. free plan: refresh the subscription (actor `refreshSubscription`), compare word usage and
 *     image usage with the limits → generate-limit {word|image|both}, notifying the mailing
 *     service (actor `notifyLimitExhausted`, POST /api/user-limit-exhausted) once per type:
 *     only when the user's is_user_*_limit_exhausted flag is not yet set. A chat blocked by the
 *     word limit gets the chat's own limit dialog, chat-limit-exceeded ('Chat Usage Limit
 *     Exhausted', 01 §2 Dialogs and §8), so the user meets the same dialog whether the gate or the
 *     server's 400 found the limit; the word notice is sent all the same.
 *  8. paid plan: credit usage >= total plan credits + add-on credits + bonus → the general
 *     upgrade dialog ('pricing'), blocked. 01 §4 refreshes only for the free plan, so the paid
 *     figures come from the input (the app passes /api/subscription/details).
 *  9. any refresh failure → api-error 'Something went wrong!.', blocked.
 *
 * Action kinds: word/chat are metered in words, image in images, both in words and images;
 * longBlog and storybook are decided in steps 5/6 for the free plan; video in step 4.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { PLAN_ID, SUBSCRIPTION_CHECK_ERROR_MESSAGE, API_ERROR_DEFAULT_TITLE } from './constants';
import { dialog, type Dialog, type GenerateLimitType } from './dialogs';

export type GateAction = 'word' | 'image' | 'both' | 'longBlog' | 'storybook' | 'video' | 'chat';
export type SubscriptionStatus = 'pending' | 'expired' | 'canceled' | 'overdue' | 'active';

/** Word/image usage figures as returned by a subscription refresh (01 §3 Subscription + Plan). */
export interface WordImageUsage {
  /** words used this period (subscription.usage) */
  usage: number;
  /** plan.word_limit */
  word_limit: number;
  /** subscription.image_usage */
  image_usage: number;
  /** plan.image_limit */
  image_limit: number;
}

export interface GateUser extends WordImageUsage {
  id: number | string;
  plan_id: number;
  status: SubscriptionStatus;
  /** ISO date-time of the subscription end, or null */
  end_at: string | null;
  payment_frequency: 'monthly' | 'yearly';
  is_blog_generated_free: boolean;
  /** how many storybooks the user has already created */
  storybook_count: number;
  is_user_word_limit_exhausted: boolean;
  is_user_image_limit_exhausted: boolean;
  /** paid figures (01 §3 User, /api/subscription/details) */
  plan_total_credit_usage: number;
  total_plan_credits: number;
  total_add_on_credits: number;
  /** bonus credits counted in the allowance (subscription.earned_bonus) */
  earned_bonus: number;
}

export interface GateInput {
  action: GateAction;
  user: GateUser;
  /** current time, epoch milliseconds */
  now: number;
  /** a long-blog check made for an image inside the long blog (01 §4 steps 5–6 "is generating an image") */
  isImage?: boolean;
}

export type GateOutput = { allowed: true } | { allowed: false; dialog: Dialog };

export interface GateContext {
  action: GateAction;
  user: GateUser;
  now: number;
  isImage: boolean;
  dialog: Dialog | null;
  limitType: 'word' | 'image' | 'both' | null;
}

export interface RefreshSubscriptionInput {
  userId: GateUser['id'];
}
export interface NotifyLimitExhaustedInput {
  type: 'word' | 'image';
}

const isFree = (u: GateUser) => u.plan_id === PLAN_ID.free;
const wordsOut = (u: WordImageUsage) => u.usage >= u.word_limit;
const imagesOut = (u: WordImageUsage) => u.image_usage >= u.image_limit;
const meters = (a: GateAction) => ({
  words: a === 'word' || a === 'chat' || a === 'both',
  images: a === 'image' || a === 'both',
});
const limitDialog = (type: GenerateLimitType) => dialog('generate-limit', { type });

export const subscriptionGateMachine = setup({
  types: {
    context: {} as GateContext,
    input: {} as GateInput,
    output: {} as GateOutput,
  },
  actors: {
    refreshSubscription: fromPromise<WordImageUsage, RefreshSubscriptionInput>(async () => {
      throw new Error('refreshSubscription not provided');
    }),
    notifyLimitExhausted: fromPromise<void, NotifyLimitExhaustedInput>(async () => {
      throw new Error('notifyLimitExhausted not provided');
    }),
  },
  guards: {
    isCanceled: ({ context }) => context.user.status === 'canceled',
    isEndedOrExpired: ({ context: { user, now } }) =>
      user.status === 'expired' || (user.end_at !== null && Date.parse(user.end_at) <= now),
    isPending: ({ context }) => context.user.status === 'pending',
    isOverdue: ({ context }) => context.user.status === 'overdue',
    isFreeVideo: ({ context }) => isFree(context.user) && context.action === 'video',
    isFreeLongBlogUsed: ({ context }) =>
      isFree(context.user) && context.action === 'longBlog' && context.user.is_blog_generated_free && !context.isImage,
    isFreeStorybookUsed: ({ context }) =>
      isFree(context.user) && context.action === 'storybook' && context.user.storybook_count >= 1,
    isAllowedWithoutRefresh: ({ context }) =>
      (context.action === 'longBlog' && (!context.user.is_blog_generated_free || context.isImage)) ||
      (context.action === 'storybook' && isFree(context.user)),
    isFreePlan: ({ context }) => isFree(context.user),
    isChat: ({ context }) => context.action === 'chat',
    isCreditsExhausted: ({ context: { user } }) =>
      user.plan_total_credit_usage >= user.total_plan_credits + user.total_add_on_credits + user.earned_bonus,
    hasBothLimitsExhausted: ({ context }) =>
      meters(context.action).words && meters(context.action).images && wordsOut(context.user) && imagesOut(context.user),
    hasWordLimitExhausted: ({ context }) => meters(context.action).words && wordsOut(context.user),
    hasImageLimitExhausted: ({ context }) => meters(context.action).images && imagesOut(context.user),
    hasWordNotificationDue: ({ context }) =>
      (context.limitType === 'word' || context.limitType === 'both') && !context.user.is_user_word_limit_exhausted,
    hasImageNotificationDue: ({ context }) =>
      (context.limitType === 'image' || context.limitType === 'both') && !context.user.is_user_image_limit_exhausted,
  },
  actions: {
    assignCancelledDialog: assign({ dialog: () => dialog('subscription-cancelled', {}) }),
    assignExpiredDialog: assign({ dialog: () => dialog('subscription-expired', {}) }),
    assignPendingDialog: assign({ dialog: () => dialog('subscription-pending', {}) }),
    assignOverdueDialog: assign({ dialog: () => dialog('subscription-overdue', {}) }),
    assignVideoLimitDialog: assign({ dialog: () => limitDialog('videoGenerator') }),
    assignLongBlogLimitDialog: assign({ dialog: () => limitDialog('longBlog') }),
    assignUpgradeDialog: assign({ dialog: () => dialog('pricing', {}) }),
    assignErrorDialog: assign({
      dialog: () => dialog('api-error', { title: API_ERROR_DEFAULT_TITLE, message: SUBSCRIPTION_CHECK_ERROR_MESSAGE }),
    }),
    assignRefreshedUsage: assign({
      user: ({ context }, usage: WordImageUsage) => ({ ...context.user, ...usage }),
    }),
    assignLimit: assign((_, type: 'word' | 'image' | 'both') => ({ limitType: type, dialog: limitDialog(type) })),
    assignChatLimit: assign({ limitType: 'word' as const, dialog: () => dialog('chat-limit-exceeded', {}) }),
  },
}).createMachine({
  id: 'subscriptionGate',
  context: ({ input }) => ({
    action: input.action,
    user: input.user,
    now: input.now,
    isImage: input.isImage ?? false,
    dialog: null,
    limitType: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        // step 1 (ended): canceled first (1a), then any other ended or expired subscription (1b)
        { guard: 'isCanceled', target: 'blocked', actions: 'assignCancelledDialog' },
        { guard: 'isEndedOrExpired', target: 'blocked', actions: 'assignExpiredDialog' },
        { guard: 'isPending', target: 'blocked', actions: 'assignPendingDialog' },
        { guard: 'isOverdue', target: 'blocked', actions: 'assignOverdueDialog' },
        { guard: 'isFreeVideo', target: 'blocked', actions: 'assignVideoLimitDialog' },
        { guard: 'isFreeLongBlogUsed', target: 'blocked', actions: 'assignLongBlogLimitDialog' },
        { guard: 'isFreeStorybookUsed', target: 'blocked', actions: 'assignUpgradeDialog' },
        { guard: 'isAllowedWithoutRefresh', target: 'allowed' },
        { guard: 'isFreePlan', target: 'refreshing' },
        { guard: 'isCreditsExhausted', target: 'blocked', actions: 'assignUpgradeDialog' },
        { target: 'allowed' },
      ],
    },
    refreshing: {
      invoke: {
        id: 'refreshSubscription',
        src: 'refreshSubscription',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: {
          target: 'comparingUsage',
          actions: { type: 'assignRefreshedUsage', params: ({ event }) => event.output },
        },
        onError: { target: 'blocked', actions: 'assignErrorDialog' },
      },
    },
    comparingUsage: {
      always: [
        { guard: 'hasBothLimitsExhausted', target: 'notifying', actions: { type: 'assignLimit', params: 'both' } },
        { guard: and(['isChat', 'hasWordLimitExhausted']), target: 'notifying', actions: 'assignChatLimit' },
        { guard: 'hasWordLimitExhausted', target: 'notifying', actions: { type: 'assignLimit', params: 'word' } },
        { guard: 'hasImageLimitExhausted', target: 'notifying', actions: { type: 'assignLimit', params: 'image' } },
        { target: 'allowed' },
      ],
    },
    notifying: {
      always: [
        { guard: 'hasWordNotificationDue', target: 'notifyingWord' },
        { guard: 'hasImageNotificationDue', target: 'notifyingImage' },
        { target: 'blocked' },
      ],
    },
    notifyingWord: {
      invoke: {
        id: 'notifyWordLimit',
        src: 'notifyLimitExhausted',
        input: { type: 'word' },
        // the notification is fire-and-forget for the user: its failure does not change the outcome
        onDone: 'afterWordNotice',
        onError: 'afterWordNotice',
      },
    },
    afterWordNotice: {
      always: [{ guard: 'hasImageNotificationDue', target: 'notifyingImage' }, { target: 'blocked' }],
    },
    notifyingImage: {
      invoke: {
        id: 'notifyImageLimit',
        src: 'notifyLimitExhausted',
        input: { type: 'image' },
        onDone: 'blocked',
        onError: 'blocked',
      },
    },
    allowed: { type: 'final' },
    blocked: { type: 'final' },
  },
  output: ({ context }): GateOutput =>
    context.dialog ? { allowed: false, dialog: context.dialog } : { allowed: true },
});

