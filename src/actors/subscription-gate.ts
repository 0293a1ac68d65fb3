/**
 * The subscription gate's side effects over the real API client (01 §4 "Subscription gate", §7, §8),
 * the mapping from the API's User to the machine's input, and `checkSubscriptionGate`, which every
 * generation in the app calls first.
 *
 * The machine (machines/subscription-gate.machine.ts) stays pure; this module is its only wiring to
 * the network:
 *  - refreshSubscription  → GET  /api/subscription/details   (01 §4 step 7 "refresh the subscription")
 *  - notifyLimitExhausted → POST /api/user-limit-exhausted {type} (01 §7, mailing-service notice)
 * Any non-2xx answer makes the client middleware throw an ApiError, so a failed refresh rejects the
 * actor and the machine shows 'Something went wrong!.' (01 §4 step 9, §8).
 */
import { createActor, fromPromise, toPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Inspect } from '@/platform/inspect';
import type { components } from '@contract/schema.gen';
import {
  subscriptionGateMachine,
  type GateAction,
  type GateInput,
  type GateOutput,
  type GateUser,
  type NotifyLimitExhaustedInput,
  type RefreshSubscriptionInput,
  type WordImageUsage,
} from '@machines/subscription-gate.machine';

type User = components['schemas']['User'];
type Plan = components['schemas']['Plan'];
type SubscriptionDetails = components['schemas']['SubscriptionDetails'];

/** The plan figures the gate needs; User carries only a PlanRef (id, title), so they come from a Plan. */
export type GatePlanFigures = Pick<Plan, 'id' | 'word_limit' | 'image_limit' | 'total_plan_credits'>;

/**
 * Plan limit → machine figure. A null word/image limit is read as "no limit set" (never exhausted):
 * blocking every generation of a plan whose limit is unset would be the worse failure. The seeded
 * plans all carry numbers, so this only matters for a backend that leaves a limit out.
 */
const limitOrUnlimited = (limit: number | null): number => (limit === null ? Number.POSITIVE_INFINITY : limit);

/** Word/image figures of a GET /api/subscription/details answer: the subscription's usage against the plan's limits. */
export function usageFromDetails(details: SubscriptionDetails): WordImageUsage {
  return {
    usage: details.user_subscription.usage,
    word_limit: limitOrUnlimited(details.plan.word_limit),
    image_usage: details.user_subscription.image_usage,
    image_limit: limitOrUnlimited(details.plan.image_limit),
  };
}

/**
 * The machine's actor slots, implemented over the client. Input/output types are exactly the ones the
 * machine declares (RefreshSubscriptionInput → WordImageUsage, NotifyLimitExhaustedInput → void).
 * Both forward xstate's AbortSignal, so stopping the gate actor aborts the call.
 */
export function createSubscriptionGateActors(api: ApiClient) {
  return {
    /**
     * The input's userId is not sent: /api/subscription/details answers for the bearer token's user
     * (01 §7 shows no id parameter); the id stays in the input so the machine reads the same user.
     */
    refreshSubscription: fromPromise<WordImageUsage, RefreshSubscriptionInput>(async ({ signal }) => {
      const { data } = await api.GET('/api/subscription/details', { signal });
      // The middleware already threw for every non-2xx; an empty 2xx is a failure too (step 9).
      if (!data) throw new Error('GET /api/subscription/details answered without a body');
      return usageFromDetails(data.data);
    }),
    notifyLimitExhausted: fromPromise<void, NotifyLimitExhaustedInput>(async ({ input, signal }) => {
      await api.POST('/api/user-limit-exhausted', { body: { type: input.type }, signal });
    }),
  };
}

/** What the gate needs that GET /api/auth/getUser does not carry. */
export interface GateExtras {
  /**
   * The user's plan with its limits and credits: `data.plan` of GET /api/subscription/details, or the
   * matching entry of GET /api/plansList. Required: User.user_subscription.plan is only {id, title},
   * and the paid check (01 §4 step 8) needs total_plan_credits from the input (the machine refreshes
   * only the free plan). Its id must be the user's plan id.
   */
  plan: GatePlanFigures;
  /**
   * How many storybooks the user already has (03 §5/§6: a free user gets one). The API has no
   * storybook resource yet, so the caller passes the count it knows (0 until storybooks exist).
   */
  storybookCount: number;
  /** A long-blog check made for an image inside the long blog (01 §4 steps 5–6). Default false. */
  isImage?: boolean;
}

/**
 * Maps the API's User (GET /api/auth/getUser, 01 §3) to the machine's input. Mapping choices:
 *  - id                         ← user.id
 *  - plan_id                    ← user.user_subscription.plan_id (the subscription's plan, 01 §3 Subscription)
 *  - status, end_at, payment_frequency ← user.user_subscription.* (end_at stays the ISO string; null = no end)
 *  - usage, image_usage         ← user.user_subscription.usage / .image_usage (free plan: replaced by the refresh)
 *  - word_limit, image_limit    ← extras.plan.word_limit / .image_limit; null → no limit (Infinity)
 *  - is_blog_generated_free, is_user_word_limit_exhausted, is_user_image_limit_exhausted
 *                               ← the user's 0|1 flags, 1 → true
 *  - storybook_count            ← extras.storybookCount (no API field yet)
 *  - plan_total_credit_usage, total_add_on_credits ← the user's own figures (the server computes them
 *                                 exactly as /api/subscription/details does)
 *  - total_plan_credits         ← extras.plan.total_plan_credits; null → 0 (a plan without plan credits:
 *                                 only add-ons and bonus count)
 *  - earned_bonus               ← user.user_subscription.earned_bonus (01 §4 step 8 "plus bonus"; used_bonus
 *                                 is already inside plan_total_credit_usage, see openapi SubscriptionDetails)
 *  - now                        ← epoch ms of the `now` given (Date or number)
 */
export function gateInputFromUser(user: User, action: GateAction, now: Date | number, extras: GateExtras): GateInput {
  const sub = user.user_subscription;
  if (extras.plan.id !== sub.plan_id) {
    throw new Error(`gateInputFromUser: plan ${extras.plan.id} given for a user on plan ${sub.plan_id}`);
  }
  const gateUser: GateUser = {
    id: user.id,
    plan_id: sub.plan_id,
    status: sub.status,
    end_at: sub.end_at,
    payment_frequency: sub.payment_frequency,
    is_blog_generated_free: user.is_blog_generated_free === 1,
    storybook_count: extras.storybookCount,
    is_user_word_limit_exhausted: user.is_user_word_limit_exhausted === 1,
    is_user_image_limit_exhausted: user.is_user_image_limit_exhausted === 1,
    usage: sub.usage,
    word_limit: limitOrUnlimited(extras.plan.word_limit),
    image_usage: sub.image_usage,
    image_limit: limitOrUnlimited(extras.plan.image_limit),
    plan_total_credit_usage: user.plan_total_credit_usage,
    total_plan_credits: extras.plan.total_plan_credits ?? 0,
    total_add_on_credits: user.total_add_on_credits,
    earned_bonus: sub.earned_bonus,
  };
  return {
    action,
    user: gateUser,
    now: typeof now === 'number' ? now : now.getTime(),
    isImage: extras.isImage ?? false,
  };
}

/**
 * Runs one gate check with the real actors to its final state and returns its output:
 * `{ allowed: true }` or `{ allowed: false, dialog }` (the app forwards the dialog with `dialog.open`).
 * Every generation calls this first. It never rejects for a server failure: the machine turns a
 * failed refresh into the api-error dialog, and a failed notification does not change the outcome.
 */
export function checkSubscriptionGate(api: ApiClient, input: GateInput, options: { inspect?: Inspect } = {}): Promise<GateOutput> {
  // systemId-less but named: each check shows in Stately Inspect as `subscriptionGate` with its input
  const actor = createActor(subscriptionGateMachine.provide({ actors: createSubscriptionGateActors(api) }), {
    id: 'subscriptionGate',
    input,
    inspect: options.inspect,
  });
  const done = toPromise(actor);
  actor.start();
  return done;
}
