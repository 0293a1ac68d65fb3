/** Credits calls of 01 §7: purchase history, matrix, packs, calculation, Stripe purchase, limit notices. */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, intQuery, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { validationError } from '../http/errors';
import { dollars, getUser, listPurchasesPage, pageMeta, purchaseStatus } from '../db/queries';
import { createCheckoutSession } from '../billing/service';

type MatrixRow = typeof t.creditMatrix.$inferSelect;

/** Credits for `count` units at a matrix rate (credits per `per` units), rounded up to whole credits. */
export function creditsFor(count: number, rate: Pick<MatrixRow, 'credits' | 'per'>): number {
  return Math.ceil((count * rate.credits) / rate.per);
}

export function calculateCredits(
  matrix: MatrixRow[],
  req: { type: 'text' | 'image' | 'both' | 'voice'; word_count?: number; image_count?: number; voice_count?: number },
): number {
  const rate = (kind: string) => {
    const rows = matrix.filter((m) => m.kind === kind);
    return rows.find((m) => m.isDefault) ?? rows[0];
  };
  const text = () => creditsFor(req.word_count ?? 0, rate('text'));
  const image = () => creditsFor(req.image_count ?? 0, rate('image'));
  switch (req.type) {
    case 'text':
      return text();
    case 'image':
      return image();
    case 'both':
      return text() + image();
    case 'voice':
      return creditsFor(req.voice_count ?? 0, rate('voice'));
  }
}

export function creditsRoutes() {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();

  r.get('/api/credits/histroy', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'per_page', 10, 100);
    const { total, rows } = await listPurchasesPage(db, c.get('auth').userId, page, perPage);
    const reply: JsonResponse<'/api/credits/histroy', 'get', 200> = {
      ...pageMeta(c.req.url, page, perPage, total, rows.length),
      data: rows.map((p) => ({
        id: p.id,
        purchase_date: p.purchaseDate.toISOString(),
        credit_amount: dollars(p.creditAmountCents),
        credit: p.credit,
        total_usage: p.totalUsage,
        status: purchaseStatus(p, now),
        expired_at: p.expiredAt.toISOString(),
      })),
    };
    return c.json(reply, 200);
  });

  r.get('/api/credits/details', auth, async (c) => {
    const { db } = c.get('deps');
    const type = c.req.query('type');
    const rows = await db.select().from(t.creditMatrix).orderBy(t.creditMatrix.id);
    const matrix: Schemas['CreditMatrix'] = {
      text:
        type === 'image'
          ? []
          : rows.filter((m) => m.kind === 'text').map((m) => ({ type: m.type, credit: (m.credits * 1000) / m.per })),
      image:
        type === 'text'
          ? []
          : rows
              .filter((m) => m.kind === 'image')
              .map((m) => ({ type: m.type, source: m.source as 1 | 2 | 3, credit_per_image: m.credits / m.per })),
    };
    return c.json({ data: matrix } satisfies JsonResponse<'/api/credits/details', 'get', 200>, 200);
  });

  r.get('/api/credits/credits-payment-list', auth, async (c) => {
    const { db } = c.get('deps');
    const rows = await db.select().from(t.creditPaymentOptions).orderBy(t.creditPaymentOptions.credit);
    const reply: JsonResponse<'/api/credits/credits-payment-list', 'get', 200> = {
      data: rows.map((o) => ({
        credit: o.credit,
        price: dollars(o.priceCents),
        cost_per_credit: Math.round((o.priceCents / o.credit) * 10) / 1000,
        limits: { images: o.limitImages, voice: o.limitVoice, words: o.limitWords },
      })),
    };
    return c.json(reply, 200);
  });

  r.post('/api/credits/calculation', auth, async (c) => {
    const { db } = c.get('deps');
    const b = body<JsonBody<'/api/credits/calculation', 'post'>>(c);
    const matrix = await db.select().from(t.creditMatrix);
    const reply: JsonResponse<'/api/credits/calculation', 'post', 200> = {
      data: { type: b.type, credits: calculateCredits(matrix, b) },
    };
    return c.json(reply, 200);
  });

  r.post('/api/stripe/credits', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/stripe/credits', 'post'>>(c);
    const [pack] = await db.select().from(t.creditPaymentOptions).where(eq(t.creditPaymentOptions.credit, b.credits)).limit(1);
    if (!pack) throw validationError({ credits: [`No credit pack offers ${b.credits} credits.`] });
    if (Math.round(b.price * 100) !== pack.priceCents)
      throw validationError({ price: [`The price of ${pack.credit} credits is $${dollars(pack.priceCents)}.`] });
    const { url } = await createCheckoutSession(
      db,
      { userId: c.get('auth').userId, kind: 'credits', provider: 'Stripe', credits: pack.credit, amountCents: pack.priceCents },
      origin(c),
      clock.now(),
    );
    return c.json({ short_url: url, message: 'Checkout session created.' } satisfies JsonResponse<'/api/stripe/credits', 'post', 200>, 200);
  });

  r.post('/api/user-limit-exhausted', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/user-limit-exhausted', 'post'>>(c);
    const userId = c.get('auth').userId;
    const now = clock.now();
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(t.limitNotices)
        .values({ userId, type: b.type, createdAt: now })
        .onConflictDoNothing()
        .returning({ type: t.limitNotices.type });
      await tx
        .update(t.users)
        .set(b.type === 'word' ? { isUserWordLimitExhausted: true, updatedAt: now } : { isUserImageLimitExhausted: true, updatedAt: now })
        .where(eq(t.users.id, userId));
      return rows.length > 0;
    });
    // The mailing-service notification happens once per type (the insert above is the guard).
    if (inserted) {
      const user = (await getUser(db, userId))!;
      await c.get('deps').mailer!.send({
        to: user.email,
        subject: b.type === 'word' ? 'You have used all your free words' : 'You have used all your free images',
        text: `Hi ${user.name}, you reached the ${b.type} limit of the Free plan. Upgrade to keep creating.`,
      });
    }
    return c.json({ message: inserted ? 'Limit recorded.' : 'Limit already recorded.', status: true }, 200);
  });

  return r;
}

