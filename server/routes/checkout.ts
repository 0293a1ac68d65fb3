/**
 * The test checkout (the reference backend's stand-in for Stripe Checkout and Razorpay payment links):
 * GET /test-checkout/:id shows what is being bought with "Pay" and "Fail" buttons (plain forms, no script);
 * POST …/pay marks the session paid (a credit pack is recorded at once, like a payment webhook would) and
 * redirects to the app with session_id (or razorpay_payment_id); POST …/fail redirects with checkout=failed.
 * The session id (32 random bytes) is the capability: the browser carries no bearer token here.
 */
import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import * as t from '../db/schema';
import { htmlPage } from '../http/util';
import { escapeHtml } from '../lib/html';
import { getSession, recordCreditPurchase, type CheckoutSession } from '../billing/service';
import { getPlan } from '../db/queries';

function money(cents: number, currency: string) {
  return currency === 'INR' ? `₹${(cents / 100).toFixed(2)}` : `$${(cents / 100).toFixed(2)}`;
}

async function describe(c: Context<AppEnv>, s: CheckoutSession) {
  if (s.kind === 'credits') return `${s.credits} add-on credits (valid one year)`;
  const plan = await getPlan(c.get('deps').db, s.planId!);
  return `${plan?.title ?? 'Plan'} plan, billed ${s.paymentFrequency}${s.offer ? ' (offer price)' : ''}`;
}

function notAvailable(c: Context<AppEnv>, why: string, status: 404 | 410 = 404) {
  return c.html(htmlPage('Checkout unavailable', `<h1>Checkout unavailable</h1><p role="alert">${escapeHtml(why)}</p><p><a href="/">Back to the app</a></p>`), status);
}

export function checkoutRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/test-checkout/:id', async (c) => {
    const { db, clock } = c.get('deps');
    const s = await getSession(db, c.req.param('id'));
    if (!s) return notAvailable(c, 'This checkout session does not exist.');
    if (s.status !== 'open') return notAvailable(c, 'This checkout session is already finished.', 410);
    if (s.expiresAt.getTime() <= clock.now().getTime()) return notAvailable(c, 'This checkout session has expired.', 410);
    const id = encodeURIComponent(s.id);
    return c.html(
      htmlPage(
        'Test checkout',
        `<h1>Test checkout</h1>
<p class="muted">${escapeHtml(s.provider)} test mode: no real payment is taken.</p>
<dl><dt>Item</dt><dd>${escapeHtml(await describe(c, s))}</dd><dt>Amount</dt><dd>${escapeHtml(money(s.amountCents, s.currency))}</dd></dl>
<form method="post" action="/test-checkout/${id}/pay"><button type="submit">Pay ${escapeHtml(money(s.amountCents, s.currency))}</button></form>
<form method="post" action="/test-checkout/${id}/fail"><button type="submit" class="secondary">Fail</button></form>`,
      ),
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  r.post('/test-checkout/:id/pay', async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const s = await getSession(tx, c.req.param('id'));
      if (!s || s.status !== 'open' || s.expiresAt.getTime() <= now.getTime()) return null;
      const paid = await tx
        .update(t.checkoutSessions)
        .set(s.kind === 'credits' ? { status: 'completed', completedAt: now } : { status: 'paid' })
        .where(and(eq(t.checkoutSessions.id, s.id), eq(t.checkoutSessions.status, 'open')))
        .returning({ id: t.checkoutSessions.id });
      if (paid.length === 0) return null;
      if (s.kind === 'credits') await recordCreditPurchase(tx, s, now);
      return s;
    });
    if (!result) return notAvailable(c, 'This checkout session is not open.', 410);
    return c.redirect(result.returnUrl, 303);
  });

  r.post('/test-checkout/:id/fail', async (c) => {
    const { db, clock } = c.get('deps');
    const s = await getSession(db, c.req.param('id'));
    if (!s || s.status !== 'open') return notAvailable(c, 'This checkout session is not open.', 410);
    await db
      .update(t.checkoutSessions)
      .set({ status: 'failed', completedAt: clock.now() })
      .where(and(eq(t.checkoutSessions.id, s.id), eq(t.checkoutSessions.status, 'open')));
    await db.insert(t.payments).values({
      userId: s.userId,
      kind: s.kind,
      planId: s.planId,
      paymentFrequency: s.paymentFrequency,
      credits: s.credits,
      amountCents: s.amountCents,
      currency: s.currency,
      status: 'failed',
      provider: s.provider,
      providerRef: s.id,
      description: `${await describe(c, s)} – payment failed`,
      createdAt: clock.now(),
    });
    return c.redirect(s.cancelUrl, 303);
  });

  return r;
}
