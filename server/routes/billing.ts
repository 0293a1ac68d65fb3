/** Billing calls of 01 §7: plans, checkout, subscription changes, payment methods and history, details. */
import { Hono, type Context } from 'hono';
import { and, eq, ne, or } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, intQuery, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { HttpError, MSG, validationError } from '../http/errors';
import {
  addOnTotals,
  creditFigures,
  dollars,
  getUser,
  listPaymentsPage,
  pageMeta,
  serializePlan,
  serializeSubscription,
} from '../db/queries';
import {
  activateSubscriptionSession,
  createCheckoutSession,
  currentSubscription,
  getSession,
  paidPlanOr,
  planPriceCents,
  planPriceInrPaise,
  type Frequency,
} from '../billing/service';
import { CARD_PAYMENT_TITLE } from '../seed/catalogue';
import { PLAN_ID } from '../../machines/constants';

type SubscriptionReply = Schemas['SubscriptionReply'];

async function subscriptionReply(c: Context<AppEnv>, message: string, url?: string): Promise<SubscriptionReply> {
  const { db } = c.get('deps');
  const { sub, plan } = await currentSubscription(db, c.get('auth').userId);
  const reply: SubscriptionReply = { message, data: { user_subscription: serializeSubscription(sub, plan) } };
  if (url) reply.url = url;
  return reply;
}

/** A Stripe (test checkout) session for a plan subscription; both checkout calls share it. */
async function stripeSubscriptionCheckout(
  c: Context<AppEnv>,
  plan: Parameters<typeof planPriceCents>[0],
  frequency: Frequency,
  offer: boolean,
): Promise<string> {
  const { db, clock } = c.get('deps');
  const { url } = await createCheckoutSession(
    db,
    {
      userId: c.get('auth').userId,
      kind: 'subscription',
      provider: 'Stripe',
      planId: plan.id,
      frequency,
      offer,
      amountCents: planPriceCents(plan, frequency, offer),
    },
    origin(c),
    clock.now(),
  );
  return url;
}

const PER_PAGE = 10;

export function billingRoutes() {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();

  r.get('/api/plansList', async (c) => {
    const { db } = c.get('deps');
    const rows = await db.select().from(t.plans).orderBy(t.plans.sortOrder, t.plans.id);
    return c.json({ data: rows.map(serializePlan) } satisfies JsonResponse<'/api/plansList', 'get', 200>, 200);
  });

  const checkout = (offer: boolean) => async (c: Context<AppEnv>) => {
    const { db } = c.get('deps');
    const planId = Number(c.req.param('plan'));
    const frequency = c.req.param('frequency');
    if (frequency !== 'monthly' && frequency !== 'yearly') throw new HttpError(404, MSG.notFound);
    const plan = await paidPlanOr(db, Number.isInteger(planId) ? planId : -1, () => new HttpError(404, 'No such plan.'));
    const url = await stripeSubscriptionCheckout(c, plan, frequency, offer);
    return c.json({ url, message: 'Checkout session created.' } satisfies Schemas['UrlReply'], 200);
  };
  r.get('/api/subscription/stripeCheckout/:plan/:frequency', auth, checkout(false));
  r.get('/api/subscription/stripeCheckout/:plan/:frequency/offer', auth, checkout(true));

  r.post('/api/razorpay-payment-link', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/razorpay-payment-link', 'post'>>(c);
    const plan = await paidPlanOr(db, b.plan_id, () => validationError({ plan_id: ['The selected plan id is invalid.'] }));
    const offer = b.offer === true;
    const { url } = await createCheckoutSession(
      db,
      {
        userId: c.get('auth').userId,
        kind: 'subscription',
        provider: 'RazorPay',
        planId: plan.id,
        frequency: b.type,
        offer,
        amountCents: planPriceInrPaise(plan, b.type, offer),
        currency: 'INR',
      },
      origin(c),
      clock.now(),
    );
    return c.json({ short_url: url, message: 'Payment link created.' } satisfies Schemas['ShortUrlReply'], 200);
  });

  r.post('/api/razorpay-payment', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/razorpay-payment', 'post'>>(c);
    const userId = c.get('auth').userId;
    if (b.user_id !== userId) throw validationError({ user_id: ['The user id does not match the signed-in user.'] });
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const session = await getSession(tx, b.razorpay_payment_id);
      if (!session || session.provider !== 'RazorPay' || session.userId !== userId)
        throw validationError({ razorpay_payment_id: ['The payment id is unknown.'] });
      return activateSubscriptionSession(tx, session, userId, now);
    });
    return c.json(await subscriptionReply(c, result === 'activated' ? 'Subscription activated.' : 'Subscription already active.'), 200);
  });

  r.get('/api/manageStripeSubscription', auth, async (c) => {
    const { db } = c.get('deps');
    const frequency = c.req.query('payment_frequency') as Frequency;
    const offer = ['1', 'true'].includes(c.req.query('offer') ?? '');
    const plan = await paidPlanOr(db, Number(c.req.query('plan')), () =>
      validationError({ plan: ['The selected plan is invalid.'] }),
    );
    const url = await stripeSubscriptionCheckout(c, plan, frequency, offer);
    return c.json({ url } satisfies Schemas['UrlReply'], 200);
  });

  r.post('/api/cancelSubscription', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/cancelSubscription', 'post'>>(c);
    const userId = c.get('auth').userId;
    const now = clock.now();
    const updated = await db
      .update(t.subscriptions)
      .set({ status: 'canceled', cancelledReason: b.cancelled_reason, updatedAt: now })
      .where(
        and(
          eq(t.subscriptions.userId, userId),
          or(eq(t.subscriptions.status, 'active'), eq(t.subscriptions.status, 'overdue'), eq(t.subscriptions.status, 'pending')),
          // the free plan cannot be cancelled
          ne(t.subscriptions.planId, PLAN_ID.free),
        ),
      )
      .returning({ id: t.subscriptions.id });
    if (updated.length === 0)
      throw new HttpError(409, 'There is no active paid subscription to cancel.', { type: 'Subscription' });
    return c.json(await subscriptionReply(c, 'Your subscription has been cancelled.'), 200);
  });

  r.get('/api/subscription/activateStripeSubscription', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const sessionId = c.req.query('session_id')!;
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const session = await getSession(tx, sessionId);
      if (!session || session.provider !== 'Stripe') throw new HttpError(404, 'No such checkout session.');
      return activateSubscriptionSession(tx, session, userId, now);
    });
    return c.json(await subscriptionReply(c, result === 'activated' ? 'Subscription activated.' : 'Subscription already active.'), 200);
  });

  r.post('/api/update-subscription', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/update-subscription', 'post'>>(c);
    const userId = c.get('auth').userId;
    const now = clock.now();
    const [plan] = await db.select().from(t.plans).where(eq(t.plans.id, b.plan_id)).limit(1);
    if (!plan) throw validationError({ plan_id: ['The selected plan id is invalid.'] });
    const { sub } = await currentSubscription(db, userId);
    if (plan.id === PLAN_ID.free) {
      // Already on the free plan: nothing changes (a client call never resets the usage it has metered).
      if (sub.planId === PLAN_ID.free) return c.json(await subscriptionReply(c, 'Your subscription is already on this plan.'), 200);
      // Downgrade from a paid plan to free: immediate, no payment; the free counters start with the free plan.
      await db
        .update(t.subscriptions)
        .set({
          planId: PLAN_ID.free,
          status: 'active',
          paymentFrequency: 'monthly',
          usage: 0,
          imageUsage: 0,
          imageBgRemoverUsage: 0,
          startAt: now,
          endAt: null,
          stripeSubscription: null,
          razorpaySubscription: null,
          paddleSubscription: null,
          updatedAt: now,
        })
        .where(eq(t.subscriptions.userId, userId));
      return c.json(await subscriptionReply(c, 'Your subscription is now on the Free plan.'), 200);
    }
    if (sub.planId === plan.id && sub.paymentFrequency === b.payment_frequency && sub.status === 'active')
      return c.json(await subscriptionReply(c, 'Your subscription is already on this plan.'), 200);
    // A paid change is confirmed by a payment first: the reply carries the checkout address.
    const { url } = await createCheckoutSession(
      db,
      {
        userId,
        kind: 'subscription',
        provider: 'Stripe',
        planId: plan.id,
        frequency: b.payment_frequency,
        offer: b.coupon_applied === true,
        amountCents: planPriceCents(plan, b.payment_frequency, b.coupon_applied === true),
      },
      origin(c),
      now,
    );
    return c.json(await subscriptionReply(c, 'Confirm the payment to change your plan.', url), 200);
  });

  r.get('/api/payment-method-list', auth, async (c) => {
    const { db } = c.get('deps');
    const user = (await getUser(db, c.get('auth').userId))!;
    const rows = await db.select().from(t.paymentSettings).where(eq(t.paymentSettings.isActive, true)).orderBy(t.paymentSettings.id);
    // 01 §6: users with is_rewardful see only a card payment option.
    const visible = user.isRewardful ? rows.filter((r) => r.title === CARD_PAYMENT_TITLE) : rows;
    const reply: JsonResponse<'/api/payment-method-list', 'get', 200> = {
      data: visible.map((s) => ({ id: s.id, title: s.title as Schemas['PaymentSetting']['title'], description: s.description })),
    };
    return c.json(reply, 200);
  });

  r.get('/api/get-customer-portal-link', auth, async (c) => {
    const { db } = c.get('deps');
    const user = (await getUser(db, c.get('auth').userId))!;
    if (!user.stripeId) throw new HttpError(404, 'No billing account exists for this user yet.');
    // The reference backend has no external portal: payment management is the app's subscription page.
    return c.json({ url: `${origin(c)}/credit-based?target=subscription` } satisfies Schemas['UrlReply'], 200);
  });

  r.get('/api/paymentHistory', auth, async (c) => {
    const { db } = c.get('deps');
    const page = intQuery(c, 'page', 1, 100_000);
    const { total, rows } = await listPaymentsPage(db, c.get('auth').userId, page, PER_PAGE);
    const reply: JsonResponse<'/api/paymentHistory', 'get', 200> = {
      ...pageMeta(c.req.url, page, PER_PAGE, total, rows.length),
      data: rows.map((p) => ({
        id: p.id,
        description: p.description,
        amount: dollars(p.amountCents),
        currency: p.currency,
        status: p.status,
        gateway: p.provider,
        invoice_url: null,
        created_at: p.createdAt.toISOString(),
      })),
    };
    return c.json(reply, 200);
  });

  r.get('/api/subscription/details', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const { sub, plan } = await currentSubscription(db, userId);
    const figures = creditFigures(sub, await addOnTotals(db, userId, clock.now()));
    const reply: JsonResponse<'/api/subscription/details', 'get', 200> = {
      data: { ...figures, user_subscription: serializeSubscription(sub, plan), plan: serializePlan(plan) },
    };
    return c.json(reply, 200);
  });

  r.post('/api/update-payment-dialog-status', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = (body<JsonBody<'/api/update-payment-dialog-status', 'post'>>(c) ?? {}) as { is_retry_dialog_show?: 0 | 1 };
    await db
      .update(t.users)
      .set({ isPaymentDialogShown: true, isRetryDialogShow: b.is_retry_dialog_show === 1, updatedAt: clock.now() })
      .where(eq(t.users.id, c.get('auth').userId));
    return c.json({ message: 'Payment dialog status updated.', status: true }, 200);
  });

  r.post('/api/update-payment-status', auth, async (c) => {
    const { db } = c.get('deps');
    const b = body<JsonBody<'/api/update-payment-status', 'post'>>(c);
    const userId = c.get('auth').userId;
    if (b.user_id !== userId) throw validationError({ user_id: ['The user id does not match the signed-in user.'] });
    const [payment] = await db
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.userId, userId), eq(t.payments.providerRef, b.payment_id)))
      .limit(1);
    if (!payment) throw new HttpError(404, 'No such payment.');
    const { sub, plan } = await currentSubscription(db, userId);
    const reply: JsonResponse<'/api/update-payment-status', 'post', 200> = {
      message: payment.status === 'paid' ? 'Payment confirmed.' : `Payment ${payment.status}.`,
      google_data: {
        transaction_id: payment.providerRef,
        value: dollars(payment.amountCents),
        currency: payment.currency,
        items: [
          {
            item_id: payment.kind === 'credits' ? `credits-${payment.credits}` : `plan-${payment.planId}-${payment.paymentFrequency}`,
            item_name: payment.description,
            price: dollars(payment.amountCents),
            quantity: 1,
          },
        ],
      },
      data: { user_subscription: serializeSubscription(sub, plan) },
    };
    return c.json(reply, 200);
  });

  return r;
}
