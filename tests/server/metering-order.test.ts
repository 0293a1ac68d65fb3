/**
 * server/metering.ts branch by branch, with the expectations written out by hand: where each paid credit comes from
 * (plan allowance, then valid add-on packs oldest first, then earned bonus — module comment of metering.ts, 01 §4
 * gate step 8 "total plan credits plus add-on credits plus bonus", 01 §9 add-on credits valid one year), where a
 * credit given back goes (bonus, newest pack, plan), and every outcome of reserve, settle, release and refusal on
 * both plans. Every test sets the account's counters and packs itself, so each figure below is computed by hand
 * from that state, never from the code under test.
 * Runs on PGlite (vitest) and on PostgreSQL: `bash scripts/test-postgres.sh tests/server/metering-order.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import * as t from '@server/db/schema';
import { HttpError } from '@server/http/errors';
import {
  allows,
  getAllowance,
  holdOf,
  ledgerTotals,
  releaseAbandonedReservations,
  releaseGeneration,
  requireAllowance,
  reserveGeneration,
  RESERVATION_TTL_MS,
  settleGeneration,
  type Allowance,
  type Amount,
  type Hold,
  type Reservation,
} from '@server/metering';

const s = useTestServer();
const DAY = 24 * 60 * 60 * 1000;

async function userId(email: string) {
  const [u] = await s.db.select().from(t.users).where(eq(t.users.email, email));
  return u!.id;
}

async function state(uid: number) {
  const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, uid));
  const packs = await s.db.select().from(t.creditPurchases).where(eq(t.creditPurchases.userId, uid)).orderBy(asc(t.creditPurchases.id));
  const ledger = await s.db.select().from(t.generationCharges).where(eq(t.generationCharges.userId, uid));
  const usages = await s.db.select().from(t.creditUsages).where(eq(t.creditUsages.userId, uid));
  return { sub: sub!, packs, ledger, usages, packUsage: (id: number) => packs.find((p) => p.id === id)!.totalUsage };
}

interface PackSpec {
  name: string;
  daysAgo: number;
  credit: number;
  used?: number;
  expiresInDays?: number;
  status?: string;
}

/**
 * The pro demo account with `planLeft` credits left of its plan allowance, exactly the given packs (inserted in
 * the order given, so an order that follows the ids is told apart from one by purchase date) and bonus.
 */
async function paidAccount(o: { planLeft: number; packs: PackSpec[]; earnedBonus: number; usedBonus?: number }) {
  const uid = await userId('pro@demo.test');
  const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, uid));
  const [plan] = await s.db.select().from(t.plans).where(eq(t.plans.id, sub!.planId));
  await s.db.delete(t.creditPurchases).where(eq(t.creditPurchases.userId, uid));
  await s.db.delete(t.generationCharges).where(eq(t.generationCharges.userId, uid));
  await s.db.delete(t.creditUsages).where(eq(t.creditUsages.userId, uid));
  const planUsage = plan!.totalPlanCredits - o.planLeft;
  await s.db
    .update(t.subscriptions)
    .set({ usage: planUsage, earnedBonus: o.earnedBonus, usedBonus: o.usedBonus ?? 0, status: 'active' })
    .where(eq(t.subscriptions.id, sub!.id));
  const now = s.clock.now().getTime();
  const ids: Record<string, number> = {};
  for (const p of o.packs) {
    const [row] = await s.db
      .insert(t.creditPurchases)
      .values({
        userId: uid,
        purchaseDate: new Date(now - p.daysAgo * DAY),
        creditAmountCents: 500,
        credit: p.credit,
        totalUsage: p.used ?? 0,
        status: p.status ?? 'Active',
        expiredAt: new Date(now + (p.expiresInDays ?? 300) * DAY),
      })
      .returning();
    ids[p.name] = row!.id;
  }
  return { uid, ids, planTotal: plan!.totalPlanCredits, planUsage };
}

/** The free demo account with the given words and images left (plan limits 2,000 words and 10 images, 01 §6). */
async function freeAccount(o: { wordsLeft: number; imagesLeft: number }) {
  const uid = await userId('free@demo.test');
  const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, uid));
  const [plan] = await s.db.select().from(t.plans).where(eq(t.plans.id, sub!.planId));
  expect([plan!.wordLimit, plan!.imageLimit]).toEqual([2000, 10]);
  await s.db.delete(t.generationCharges).where(eq(t.generationCharges.userId, uid));
  await s.db
    .update(t.subscriptions)
    .set({ usage: 2000 - o.wordsLeft, imageUsage: 10 - o.imagesLeft })
    .where(eq(t.subscriptions.id, sub!.id));
  return { uid, wordsUsed: 2000 - o.wordsLeft, imagesUsed: 10 - o.imagesLeft };
}

const refusals: Allowance[] = [];
let seq = 0;
function reservation(uid: number, amount: Amount & { upTo?: boolean; textType?: string; imageSource?: number; kind?: string; requestKey?: string }): Reservation {
  return {
    userId: uid,
    requestKey: amount.requestKey ?? `order-${++seq}`,
    kind: amount.kind ?? 'image',
    description: 'metering-order test',
    ...amount,
    refusal: (a) => {
      refusals.push(a);
      return new HttpError(455, 'refused');
    },
  };
}

const reserve = (uid: number, amount: Parameters<typeof reservation>[1]) => reserveGeneration(s.db, reservation(uid, amount), s.clock.now());
const settle = (hold: Hold, delivered: Amount, result?: unknown) =>
  s.db.transaction((tx) => settleGeneration(tx, hold, delivered, s.clock.now(), result));
async function refused(p: Promise<unknown>): Promise<Allowance> {
  refusals.length = 0;
  await expect(p).rejects.toMatchObject({ status: 455, message: 'refused' });
  expect(refusals).toHaveLength(1);
  return refusals[0]!;
}

describe('paid spend order: plan, then add-on packs oldest first, then bonus', () => {
  it('one reservation across every source takes the plan, the older pack, the newer pack, then the bonus', async () => {
    const a = await paidAccount({
      planLeft: 2,
      // the newer pack first, so the ids are in the opposite order to the purchase dates
      packs: [
        { name: 'newer', daysAgo: 5, credit: 4 },
        { name: 'older', daysAgo: 40, credit: 3 },
      ],
      earnedBonus: 10,
    });
    await reserve(a.uid, { fixedCredits: 11 });
    const after = await state(a.uid);
    expect(after.sub.usage).toBe(a.planTotal);
    expect(after.packUsage(a.ids.older!)).toBe(3);
    expect(after.packUsage(a.ids.newer!)).toBe(4);
    expect(after.sub.usedBonus).toBe(2);
    expect(after.ledger).toHaveLength(1);
    expect(after.ledger[0]).toMatchObject({
      status: 'reserved',
      basis: 'credits',
      credits: 11,
      fromPlan: 2,
      fromBonus: 2,
      fromPacks: [
        { id: a.ids.older, n: 3 },
        { id: a.ids.newer, n: 4 },
      ],
    });
  });

  it('credits come one source at a time: the plan before any pack, the packs before any bonus', async () => {
    const a = await paidAccount({
      planLeft: 3,
      packs: [
        { name: 'newer', daysAgo: 1, credit: 5 },
        { name: 'older', daysAgo: 100, credit: 2 },
      ],
      earnedBonus: 4,
    });
    const steps: Array<[number, number, number, number, number]> = [];
    for (let i = 0; i < 14; i++) {
      await settle(await reserve(a.uid, { fixedCredits: 1 }), { fixedCredits: 1 });
      const st = await state(a.uid);
      steps.push([st.sub.usage - a.planUsage, st.packUsage(a.ids.older!), st.packUsage(a.ids.newer!), st.sub.usedBonus, st.usages.length]);
    }
    // [plan used, older pack used, newer pack used, bonus used, credit history rows] after each one-credit image
    expect(steps).toEqual([
      [1, 0, 0, 0, 1],
      [2, 0, 0, 0, 2],
      [3, 0, 0, 0, 3],
      [3, 1, 0, 0, 4],
      [3, 2, 0, 0, 5],
      [3, 2, 1, 0, 6],
      [3, 2, 2, 0, 7],
      [3, 2, 3, 0, 8],
      [3, 2, 4, 0, 9],
      [3, 2, 5, 0, 10],
      [3, 2, 5, 1, 11],
      [3, 2, 5, 2, 12],
      [3, 2, 5, 3, 13],
      [3, 2, 5, 4, 14],
    ]);
    // 3 + 2 + 5 + 4 = 14 spent: nothing is left and the next one is refused
    const allowance = await refused(reserve(a.uid, { fixedCredits: 1 }));
    expect(allowance).toEqual({ plan: 'paid', creditsLeft: 0 });
  });

  it('expired packs, packs marked Expired and used-up packs are skipped; two packs bought the same day go by id', async () => {
    const a = await paidAccount({
      planLeft: 0,
      packs: [
        { name: 'expired', daysAgo: 400, credit: 50, expiresInDays: -35 },
        { name: 'markedExpired', daysAgo: 300, credit: 50, status: 'Expired' },
        { name: 'usedUp', daysAgo: 200, credit: 10, used: 10 },
        { name: 'sameDayFirst', daysAgo: 20, credit: 1 },
        { name: 'sameDaySecond', daysAgo: 20, credit: 6 },
      ],
      earnedBonus: 0,
    });
    expect(await getAllowance(s.db, a.uid, s.clock.now())).toEqual({ plan: 'paid', creditsLeft: 7 });
    const hold = await reserve(a.uid, { fixedCredits: 3 });
    expect(hold.allowance).toEqual({ plan: 'paid', creditsLeft: 7 });
    const st = await state(a.uid);
    expect([st.packUsage(a.ids.expired!), st.packUsage(a.ids.markedExpired!), st.packUsage(a.ids.usedUp!)]).toEqual([0, 0, 10]);
    expect([st.packUsage(a.ids.sameDayFirst!), st.packUsage(a.ids.sameDaySecond!)]).toEqual([1, 2]);
    expect(st.sub.usage).toBe(a.planTotal);
    expect(st.ledger[0]).toMatchObject({ fromPlan: 0, fromBonus: 0, fromPacks: [{ id: a.ids.sameDayFirst, n: 1 }, { id: a.ids.sameDaySecond, n: 2 }] });
  });

  it('bonus already partly used counts only what is left of it', async () => {
    const a = await paidAccount({ planLeft: 0, packs: [], earnedBonus: 10, usedBonus: 7 });
    expect(await getAllowance(s.db, a.uid, s.clock.now())).toEqual({ plan: 'paid', creditsLeft: 3 });
    await refused(reserve(a.uid, { fixedCredits: 4 }));
    await reserve(a.uid, { fixedCredits: 3 });
    expect((await state(a.uid)).sub.usedBonus).toBe(10);
  });
});

describe('settling gives back in the reverse order (bonus, newest pack, plan) or takes more in the spend order', () => {
  const layout = () =>
    paidAccount({
      planLeft: 2,
      packs: [
        { name: 'older', daysAgo: 40, credit: 3 },
        { name: 'newer', daysAgo: 5, credit: 4 },
      ],
      earnedBonus: 10,
    });

  it('settling 11 held down to 4 gives back the 2 bonus, the newer pack’s 4 and 1 of the older pack', async () => {
    const a = await layout();
    const hold = await reserve(a.uid, { fixedCredits: 11 });
    expect(await settle(hold, { fixedCredits: 4 }, { html: '<p>done</p>' })).toEqual({ credits: 4 });
    expect(hold.done).toBe(true);
    const st = await state(a.uid);
    expect(st.sub.usage).toBe(a.planTotal);
    expect([st.packUsage(a.ids.older!), st.packUsage(a.ids.newer!), st.sub.usedBonus]).toEqual([2, 0, 0]);
    expect(st.ledger[0]).toMatchObject({
      status: 'settled',
      credits: 4,
      fromPlan: 2,
      fromBonus: 0,
      fromPacks: [{ id: a.ids.older, n: 2 }],
      result: { html: '<p>done</p>' },
    });
    expect(st.usages.map((u) => [u.type, u.credits])).toEqual([['image', 4]]);
  });

  it('settling 11 held down to 1 leaves one credit of the plan: every pack and the bonus are whole again', async () => {
    const a = await layout();
    const hold = await reserve(a.uid, { fixedCredits: 11 });
    await settle(hold, { fixedCredits: 1 });
    const st = await state(a.uid);
    expect([st.sub.usage - a.planUsage, st.packUsage(a.ids.older!), st.packUsage(a.ids.newer!), st.sub.usedBonus]).toEqual([1, 0, 0, 0]);
    expect(st.ledger[0]).toMatchObject({ credits: 1, fromPlan: 1, fromBonus: 0, fromPacks: [] });
  });

  it('settling to what was held changes nothing but the status', async () => {
    const a = await layout();
    const hold = await reserve(a.uid, { fixedCredits: 6 });
    const held = await state(a.uid);
    expect(await settle(hold, { fixedCredits: 6 })).toEqual({ credits: 6 });
    const st = await state(a.uid);
    expect([st.sub.usage, st.sub.usedBonus, st.packs.map((p) => p.totalUsage)]).toEqual([held.sub.usage, held.sub.usedBonus, held.packs.map((p) => p.totalUsage)]);
    expect(st.ledger[0]).toMatchObject({ status: 'settled', credits: 6, fromPlan: 2, fromBonus: 0, fromPacks: [{ id: a.ids.older, n: 3 }, { id: a.ids.newer, n: 1 }] });
  });

  it('settling to more than held takes the rest in the spend order, and never more than is left', async () => {
    const a = await layout();
    const hold = await reserve(a.uid, { fixedCredits: 1 });
    // 2 + 3 + 4 + 10 = 19 credits in all; 1 is held, 30 asked: 18 more are taken and the rest is not charged
    expect(await settle(hold, { fixedCredits: 30 })).toEqual({ credits: 19 });
    const st = await state(a.uid);
    expect([st.sub.usage - a.planUsage, st.packUsage(a.ids.older!), st.packUsage(a.ids.newer!), st.sub.usedBonus]).toEqual([2, 3, 4, 10]);
    expect(st.ledger[0]).toMatchObject({ credits: 19, fromPlan: 2, fromBonus: 10, fromPacks: [{ id: a.ids.older, n: 3 }, { id: a.ids.newer, n: 4 }] });
    expect(st.usages.map((u) => u.credits)).toEqual([19]);
  });

  it('an open-ended text holds what is left when its estimate is larger, and is charged by the matrix rate when settled', async () => {
    const a = await paidAccount({ planLeft: 3, packs: [], earnedBonus: 0 });
    // 5 credits per 1,000 Standard words (seeded matrix): 2,000 words would be 10, only 3 are left
    const hold = await reserve(a.uid, { words: 2000, upTo: true, kind: 'chat' });
    expect((await state(a.uid)).ledger[0]).toMatchObject({ credits: 3, words: 2000, fromPlan: 3 });
    // 100 words: ceil(100 × 5 / 1000) = 1 credit
    expect(await settle(hold, { words: 100 })).toEqual({ credits: 1 });
    const st = await state(a.uid);
    expect(st.sub.usage - a.planUsage).toBe(1);
    expect(st.ledger[0]).toMatchObject({ status: 'settled', words: 100, credits: 1 });
    expect(st.usages.map((u) => [u.type, u.credits])).toEqual([['chat', 1]]);
  });

  it('a settle to nothing records no credit history row', async () => {
    const a = await layout();
    const hold = await reserve(a.uid, { fixedCredits: 5 });
    expect(await settle(hold, { fixedCredits: 0 })).toEqual({ credits: 0 });
    const st = await state(a.uid);
    expect(st.usages).toEqual([]);
    expect([st.sub.usage, st.sub.usedBonus, st.packs.map((p) => p.totalUsage)]).toEqual([a.planUsage, 0, [0, 0]]);
    expect(st.ledger[0]).toMatchObject({ status: 'settled', credits: 0 });
  });

  it('a second settle of the same hold answers the first charge and moves nothing', async () => {
    const a = await layout();
    const hold = await reserve(a.uid, { fixedCredits: 5 });
    await settle(hold, { fixedCredits: 5 });
    const once = await state(a.uid);
    expect(await settle(holdOf(a.uid, hold.requestKey), { fixedCredits: 9 })).toEqual({ credits: 5 });
    const twice = await state(a.uid);
    expect([twice.sub, twice.packs, twice.ledger, twice.usages.length]).toEqual([once.sub, once.packs, once.ledger, 1]);
  });

  it('settling a hold whose reservation was released charges nothing', async () => {
    const a = await layout();
    const hold = await reserve(a.uid, { fixedCredits: 5 });
    await releaseGeneration(s.db, hold, s.clock.now());
    expect(await settle(holdOf(a.uid, hold.requestKey), { fixedCredits: 5 })).toEqual({ credits: 0 });
    const st = await state(a.uid);
    expect([st.sub.usage, st.sub.usedBonus, st.ledger, st.usages]).toEqual([a.planUsage, 0, [], []]);
  });
});

describe('matrix prices (seeded credit matrix: text Standard 5 and Elite 8 per 1,000 words; images 1, 2, 4 by source)', () => {
  const cases: Array<[string, Parameters<typeof reservation>[1], number]> = [
    ['1,000 Standard words', { words: 1000, kind: 'chat' }, 5],
    ['1,000 Elite words', { words: 1000, textType: 'Elite', kind: 'chat' }, 8],
    ['1,000 words of an unknown text type: the default (Standard) rate', { words: 1000, textType: 'Nope', kind: 'chat' }, 5],
    ['1 word rounds up to a credit', { words: 1, kind: 'chat' }, 1],
    ['2 images of source 2', { images: 2, imageSource: 2 }, 4],
    ['1 image of source 3', { images: 1, imageSource: 3 }, 4],
    ['1 image of an unknown source: the default (source 1) rate', { images: 1, imageSource: 9 }, 1],
    ['a fixed price is taken as it is, rounded up', { fixedCredits: 2.2 }, 3],
    ['a negative fixed price is nothing', { fixedCredits: -5 }, 0],
  ];
  for (const [name, amount, credits] of cases) {
    it(`${name}: ${credits}`, async () => {
      const a = await paidAccount({ planLeft: 50, packs: [], earnedBonus: 0 });
      await reserve(a.uid, amount);
      const st = await state(a.uid);
      expect(st.ledger[0]!.credits).toBe(credits);
      expect(st.sub.usage - a.planUsage).toBe(credits);
    });
  }
});

describe('releasing gives back everything it held', () => {
  it('a released reservation leaves no row and every source as it was; a second release does nothing', async () => {
    const a = await paidAccount({
      planLeft: 2,
      packs: [
        { name: 'older', daysAgo: 40, credit: 3, used: 1 },
        { name: 'newer', daysAgo: 5, credit: 4 },
      ],
      earnedBonus: 10,
      usedBonus: 1,
    });
    const before = await state(a.uid);
    const hold = await reserve(a.uid, { fixedCredits: 10 });
    const held = await state(a.uid);
    expect([held.sub.usage - a.planUsage, held.packUsage(a.ids.older!), held.packUsage(a.ids.newer!), held.sub.usedBonus]).toEqual([2, 3, 4, 3]);
    await releaseGeneration(s.db, hold, s.clock.now());
    expect(hold.done).toBe(true);
    const after = await state(a.uid);
    expect([after.sub, after.packs, after.ledger, after.usages]).toEqual([before.sub, before.packs, [], []]);
    // the hold is done: another reservation with other money is not touched by a repeated release
    const other = await reserve(a.uid, { fixedCredits: 1 });
    await releaseGeneration(s.db, hold, s.clock.now());
    expect((await state(a.uid)).ledger.map((r) => r.requestKey)).toEqual([other.requestKey]);
  });

  it('a release of a settled generation (by a fresh hold of its id) changes nothing', async () => {
    const a = await paidAccount({ planLeft: 10, packs: [], earnedBonus: 0 });
    const hold = await reserve(a.uid, { fixedCredits: 4 });
    await settle(hold, { fixedCredits: 4 });
    const settled = await state(a.uid);
    await releaseGeneration(s.db, holdOf(a.uid, hold.requestKey), s.clock.now());
    const after = await state(a.uid);
    expect([after.sub, after.ledger]).toEqual([settled.sub, settled.ledger]);
  });

  it('releasing a free-plan reservation gives back its words and images', async () => {
    const f = await freeAccount({ wordsLeft: 500, imagesLeft: 2 });
    const hold = await reserve(f.uid, { words: 300, images: 1, kind: 'chat' });
    expect((await state(f.uid)).sub).toMatchObject({ usage: f.wordsUsed + 300, imageUsage: f.imagesUsed + 1 });
    await releaseGeneration(s.db, hold, s.clock.now());
    const st = await state(f.uid);
    expect(st.sub).toMatchObject({ usage: f.wordsUsed, imageUsage: f.imagesUsed });
    expect(st.ledger).toEqual([]);
  });
});

describe('repeated request ids', () => {
  it('a repeat of a reservation in progress or settled answers its first row and charges nothing', async () => {
    const a = await paidAccount({ planLeft: 20, packs: [], earnedBonus: 0 });
    const first = await reserve(a.uid, { fixedCredits: 4, requestKey: 'same' });
    expect(first.repeat).toBeUndefined();
    expect(first.done).toBe(false);
    const again = await reserve(a.uid, { fixedCredits: 4, requestKey: 'same' });
    expect(again.done).toBe(true);
    expect(again.repeat).toMatchObject({ requestKey: 'same', status: 'reserved', credits: 4 });
    await settle(first, { fixedCredits: 4 }, { answer: 42 });
    const third = await reserve(a.uid, { fixedCredits: 4, requestKey: 'same' });
    expect(third.repeat).toMatchObject({ status: 'settled', result: { answer: 42 } });
    expect((await state(a.uid)).sub.usage - a.planUsage).toBe(4);
  });

  it('a request id whose reservation was released is reserved again', async () => {
    const a = await paidAccount({ planLeft: 20, packs: [], earnedBonus: 0 });
    await releaseGeneration(s.db, await reserve(a.uid, { fixedCredits: 4, requestKey: 'again' }), s.clock.now());
    const second = await reserve(a.uid, { fixedCredits: 4, requestKey: 'again' });
    expect(second.repeat).toBeUndefined();
    expect((await state(a.uid)).sub.usage - a.planUsage).toBe(4);
  });

  it('a ledger row left with status released (never deleted) is taken over by the next reservation of its id', async () => {
    const a = await paidAccount({ planLeft: 20, packs: [], earnedBonus: 0 });
    const now = s.clock.now();
    await s.db.insert(t.generationCharges).values({
      userId: a.uid,
      requestKey: 'left-released',
      kind: 'image',
      status: 'released',
      basis: 'credits',
      credits: 0,
      createdAt: now,
      updatedAt: now,
    });
    const hold = await reserve(a.uid, { fixedCredits: 3, requestKey: 'left-released' });
    expect(hold.repeat).toBeUndefined();
    const st = await state(a.uid);
    expect(st.ledger).toHaveLength(1);
    expect(st.ledger[0]).toMatchObject({ requestKey: 'left-released', status: 'reserved', credits: 3, fromPlan: 3 });
    expect(st.sub.usage - a.planUsage).toBe(3);
  });
});

describe('refusals', () => {
  it('no subscription: refused with the inactive allowance "none"', async () => {
    const uid = await userId('new@demo.test');
    await s.db.delete(t.subscriptions).where(eq(t.subscriptions.userId, uid));
    expect(await refused(reserve(uid, { fixedCredits: 1 }))).toEqual({ plan: 'inactive', status: 'none' });
    expect(await getAllowance(s.db, uid, s.clock.now())).toEqual({ plan: 'inactive', status: 'none' });
  });

  for (const email of ['expired@demo.test', 'pending@demo.test', 'overdue@demo.test', 'canceled@demo.test']) {
    it(`a subscription that is not active (${email}) is refused with its status and holds nothing`, async () => {
      const uid = await userId(email);
      const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, uid));
      const before = await state(uid);
      expect(await refused(reserve(uid, { fixedCredits: 1 }))).toEqual({ plan: 'inactive', status: sub!.status });
      const after = await state(uid);
      expect([after.sub, after.ledger]).toEqual([before.sub, before.ledger]);
    });
  }

  it('paid: nothing left refuses even an open-ended text; a fixed price larger than what is left is refused', async () => {
    const a = await paidAccount({ planLeft: 0, packs: [{ name: 'full', daysAgo: 3, credit: 5, used: 5 }], earnedBonus: 2, usedBonus: 2 });
    expect(await refused(reserve(a.uid, { words: 10, upTo: true, kind: 'chat' }))).toEqual({ plan: 'paid', creditsLeft: 0 });
    const b = await paidAccount({ planLeft: 1, packs: [{ name: 'p', daysAgo: 3, credit: 2 }], earnedBonus: 1 });
    expect(await refused(reserve(b.uid, { fixedCredits: 5 }))).toEqual({ plan: 'paid', creditsLeft: 4 });
    const st = await state(b.uid);
    expect([st.sub.usage, st.sub.usedBonus, st.packUsage(b.ids.p!), st.ledger]).toEqual([b.planUsage, 0, 0, []]);
    // exactly what is left fits
    await reserve(b.uid, { fixedCredits: 4 });
    expect((await state(b.uid)).ledger[0]).toMatchObject({ credits: 4, fromPlan: 1, fromBonus: 1, fromPacks: [{ id: b.ids.p, n: 2 }] });
  });

  it('free: words asked with no words left are refused, even open-ended', async () => {
    const f = await freeAccount({ wordsLeft: 0, imagesLeft: 5 });
    expect(await refused(reserve(f.uid, { words: 10, upTo: true, kind: 'chat' }))).toEqual({ plan: 'free', wordsLeft: 0, imagesLeft: 5 });
    expect(await refused(reserve(f.uid, { words: 0, kind: 'chat' }))).toEqual({ plan: 'free', wordsLeft: 0, imagesLeft: 5 });
  });

  it('free: a fixed word count over what is left is refused; open-ended it holds what is left', async () => {
    const f = await freeAccount({ wordsLeft: 100, imagesLeft: 5 });
    expect(await refused(reserve(f.uid, { words: 101, kind: 'chat' }))).toEqual({ plan: 'free', wordsLeft: 100, imagesLeft: 5 });
    await reserve(f.uid, { words: 101, upTo: true, kind: 'chat' });
    const st = await state(f.uid);
    expect(st.sub.usage).toBe(2000);
    expect(st.ledger[0]).toMatchObject({ basis: 'words', words: 100, images: 0, credits: 0, status: 'reserved' });
  });

  it('free: images over what is left are refused, and so is asking for images (even 0) with none left', async () => {
    const f = await freeAccount({ wordsLeft: 100, imagesLeft: 1 });
    expect(await refused(reserve(f.uid, { images: 2 }))).toEqual({ plan: 'free', wordsLeft: 100, imagesLeft: 1 });
    await reserve(f.uid, { images: 1 });
    expect(await refused(reserve(f.uid, { images: 0 }))).toEqual({ plan: 'free', wordsLeft: 100, imagesLeft: 0 });
    // a words-only generation does not need images
    await reserve(f.uid, { words: 50, kind: 'chat' });
    expect((await state(f.uid)).sub).toMatchObject({ usage: 1950, imageUsage: 10 });
  });
});

describe('free plan settling: delivered words and images, capped at what is held plus what is left', () => {
  it('fewer delivered than held gives the rest back', async () => {
    const f = await freeAccount({ wordsLeft: 500, imagesLeft: 3 });
    const hold = await reserve(f.uid, { words: 300, images: 2, kind: 'chat' });
    expect(await settle(hold, { words: 120, images: 1 })).toEqual({ credits: 0 });
    const st = await state(f.uid);
    expect(st.sub).toMatchObject({ usage: f.wordsUsed + 120, imageUsage: f.imagesUsed + 1 });
    expect(st.ledger[0]).toMatchObject({ status: 'settled', words: 120, images: 1 });
    expect(st.usages).toEqual([]);
  });

  it('more delivered than held takes from what is left, never past the limit', async () => {
    const f = await freeAccount({ wordsLeft: 500, imagesLeft: 3 });
    const hold = await reserve(f.uid, { words: 300, kind: 'chat' });
    await settle(hold, { words: 450 });
    expect((await state(f.uid)).sub.usage).toBe(f.wordsUsed + 450);
    const again = await reserve(f.uid, { words: 10, kind: 'chat' });
    // 40 words were left: 90 delivered is charged 50 (10 held + 40 left)
    await settle(again, { words: 90 });
    const st = await state(f.uid);
    expect(st.sub.usage).toBe(2000);
    expect(st.ledger.find((r) => r.requestKey === again.requestKey)).toMatchObject({ words: 50 });
  });
});

describe('reservations left behind', () => {
  it('a reservation older than RESERVATION_TTL_MS (30 min) is released by the next reservation; a video reservation is not', async () => {
    expect(RESERVATION_TTL_MS).toBe(30 * 60 * 1000);
    const a = await paidAccount({ planLeft: 20, packs: [], earnedBonus: 0 });
    const old = await reserve(a.uid, { fixedCredits: 5 });
    const video = await reserve(a.uid, { fixedCredits: 6, kind: 'video' });
    s.clock.advance(30 * 60 * 1000);
    await reserve(a.uid, { fixedCredits: 1 });
    // exactly 30 min old is not yet stale
    expect((await state(a.uid)).sub.usage - a.planUsage).toBe(12);
    s.clock.advance(1);
    await reserve(a.uid, { fixedCredits: 1 });
    const st = await state(a.uid);
    expect(st.ledger.map((r) => r.requestKey).sort()).not.toContain(old.requestKey);
    expect(st.ledger.map((r) => r.requestKey)).toContain(video.requestKey);
    expect(st.sub.usage - a.planUsage).toBe(6 + 1 + 1);
  });

  it('releaseAbandonedReservations releases every non-video reservation and counts them', async () => {
    const a = await paidAccount({ planLeft: 20, packs: [], earnedBonus: 0 });
    const f = await freeAccount({ wordsLeft: 500, imagesLeft: 5 });
    await reserve(a.uid, { fixedCredits: 2 });
    await reserve(a.uid, { fixedCredits: 3, kind: 'video' });
    await settle(await reserve(a.uid, { fixedCredits: 4 }), { fixedCredits: 4 });
    await reserve(f.uid, { words: 100, kind: 'chat' });
    expect(await releaseAbandonedReservations(s.db, s.clock.now())).toBe(2);
    const paid = await state(a.uid);
    expect(paid.sub.usage - a.planUsage).toBe(3 + 4);
    expect(paid.ledger.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['image', 'settled'],
      ['video', 'reserved'],
    ]);
    expect((await state(f.uid)).sub.usage).toBe(f.wordsUsed);
    expect(await releaseAbandonedReservations(s.db, s.clock.now())).toBe(0);
  });
});

describe('allowance, allows, requireAllowance, ledgerTotals', () => {
  it('getAllowance: free counts words and images left (never below 0); paid counts plan + valid packs + bonus', async () => {
    const f = await freeAccount({ wordsLeft: 0, imagesLeft: 0 });
    await s.db.update(t.subscriptions).set({ usage: 2500, imageUsage: 12 }).where(eq(t.subscriptions.userId, f.uid));
    expect(await getAllowance(s.db, f.uid, s.clock.now())).toEqual({ plan: 'free', wordsLeft: 0, imagesLeft: 0 });
    const a = await paidAccount({
      planLeft: 7,
      packs: [
        { name: 'valid', daysAgo: 10, credit: 20, used: 5 },
        { name: 'expired', daysAgo: 400, credit: 100, expiresInDays: -1 },
      ],
      earnedBonus: 6,
      usedBonus: 2,
    });
    expect(await getAllowance(s.db, a.uid, s.clock.now())).toEqual({ plan: 'paid', creditsLeft: 7 + 15 + 4 });
    await s.db.update(t.subscriptions).set({ usage: a.planTotal + 100 }).where(eq(t.subscriptions.userId, a.uid));
    expect(await getAllowance(s.db, a.uid, s.clock.now())).toEqual({ plan: 'paid', creditsLeft: 0 });
    await s.db.update(t.subscriptions).set({ status: 'overdue' }).where(eq(t.subscriptions.userId, a.uid));
    expect(await getAllowance(s.db, a.uid, s.clock.now())).toEqual({ plan: 'inactive', status: 'overdue' });
  });

  it('allows: every branch', () => {
    expect(allows({ plan: 'inactive', status: 'active' }, {})).toBe(false);
    expect(allows({ plan: 'paid', creditsLeft: 1 }, { words: true, images: true })).toBe(true);
    expect(allows({ plan: 'paid', creditsLeft: 0 }, {})).toBe(false);
    expect(allows({ plan: 'free', wordsLeft: 0, imagesLeft: 5 }, { words: true })).toBe(false);
    expect(allows({ plan: 'free', wordsLeft: 0, imagesLeft: 5 }, { images: true })).toBe(true);
    expect(allows({ plan: 'free', wordsLeft: 5, imagesLeft: 0 }, { images: true })).toBe(false);
    expect(allows({ plan: 'free', wordsLeft: 5, imagesLeft: 0 }, { words: true })).toBe(true);
    expect(allows({ plan: 'free', wordsLeft: 0, imagesLeft: 0 }, {})).toBe(true);
  });

  it('requireAllowance: answers the allowance when it allows, throws the refusal when it does not', async () => {
    const f = await freeAccount({ wordsLeft: 10, imagesLeft: 0 });
    const refuse = (a: Allowance) => new HttpError(400, `refused ${a.plan}`);
    expect(await requireAllowance(s.db, f.uid, s.clock.now(), { words: true }, refuse)).toEqual({ plan: 'free', wordsLeft: 10, imagesLeft: 0 });
    await expect(requireAllowance(s.db, f.uid, s.clock.now(), { images: true }, refuse)).rejects.toMatchObject({ status: 400, message: 'refused free' });
  });

  it('ledgerTotals sums what is reserved or settled and equals the counters’ movement', async () => {
    const f = await freeAccount({ wordsLeft: 1000, imagesLeft: 5 });
    const a = await paidAccount({ planLeft: 3, packs: [{ name: 'p', daysAgo: 2, credit: 4 }], earnedBonus: 5 });
    await settle(await reserve(f.uid, { words: 200, images: 1, kind: 'chat' }), { words: 150, images: 1 });
    await reserve(f.uid, { words: 30, kind: 'chat' });
    await releaseGeneration(s.db, await reserve(f.uid, { words: 70, kind: 'chat' }), s.clock.now());
    expect(await ledgerTotals(s.db, f.uid)).toEqual({ words: 180, images: 1, credits: 0 });
    expect((await state(f.uid)).sub).toMatchObject({ usage: f.wordsUsed + 180, imageUsage: f.imagesUsed + 1 });
    await settle(await reserve(a.uid, { fixedCredits: 6 }), { fixedCredits: 5 });
    await reserve(a.uid, { fixedCredits: 4 });
    expect(await ledgerTotals(s.db, a.uid)).toEqual({ words: 0, images: 0, credits: 9 });
    const st = await state(a.uid);
    expect(st.sub.usage - a.planUsage + st.packUsage(a.ids.p!) + st.sub.usedBonus).toBe(9);
  });
});
