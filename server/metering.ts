/**
 * Usage metering of generations (01 intro "Free users are metered in words and images; paid users are
 * metered in credits", 01 §3 credit matrix, 01 §9 add-on credits valid one year).
 *
 * The usage ledger (table generation_charges, one row per generation and request id). Every generation:
 *  1. RESERVES its estimate before it starts (`reserveGeneration`): in one transaction that holds the user's
 *     subscription row lock (SELECT … FOR UPDATE, the same SQL on PGlite and PostgreSQL), the estimate is checked
 *     against what is left and taken from the counters at once, so parallel requests can neither overdraw the
 *     allowance nor lose each other's charges. Refused (the caller's `refusal`, the spec's error for its feature:
 *     chat 400 'Chat Usage Limit Exhausted', 02 §8 upgrade 455 …) when it does not fit. The request id is the
 *     idempotency key: a repeat finds the first row (in progress or settled, with its first result) instead.
 *  2. SETTLES to what was delivered (`settleGeneration`, inside the transaction that stores the result), or
 *     RELEASES (deletes the row and gives back) everything it held when it fails, is stopped or times out (`releaseGeneration`; a reservation left
 *     by a crashed process is released when it is older than RESERVATION_TTL_MS).
 *
 * Estimates: a fixed price (images, videos) must fit whole. An open-ended text (`upTo`) holds its estimate or what
 * is left, whichever is smaller, and needs something left; when the text turns out longer, settling takes the
 * rest from what is left at that time and never more, so usage never passes the limit (the end of a reply that
 * outran the allowance is not charged; the next generation is refused).
 * Paid credits are taken from the plan allowance first, then from valid add-on packs (oldest first), then from
 * earned bonus; what is given back goes the other way (bonus, newest pack, plan).
 * The counters (subscription usage, image usage, used bonus, packs' total usage) move only here and in the same
 * transactions as the ledger, so what the user is shown equals the ledger's sum.
 */
import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { PLAN_ID } from '../machines/constants';
import type { Db } from './db/client';
import * as t from './db/schema';
import { addOnTotals } from './db/queries';
import { creditsFor } from './routes/credits';
import type { HttpError } from './http/errors';

export type Allowance =
  | { plan: 'free'; wordsLeft: number; imagesLeft: number }
  | { plan: 'paid'; creditsLeft: number }
  /** No current subscription, or one that is not active (pending, overdue, expired, canceled). */
  | { plan: 'inactive'; status: string };

export async function getAllowance(db: Db, userId: number, now: Date): Promise<Allowance> {
  const [row] = await db
    .select({ sub: t.subscriptions, plan: t.plans })
    .from(t.subscriptions)
    .innerJoin(t.plans, eq(t.plans.id, t.subscriptions.planId))
    .where(eq(t.subscriptions.userId, userId))
    .limit(1);
  if (!row) return { plan: 'inactive', status: 'none' };
  const { sub, plan } = row;
  if (sub.status !== 'active') return { plan: 'inactive', status: sub.status };
  if (sub.planId === PLAN_ID.free) {
    return { plan: 'free', wordsLeft: Math.max(0, plan.wordLimit - sub.usage), imagesLeft: Math.max(0, plan.imageLimit - sub.imageUsage) };
  }
  const addOn = await addOnTotals(db, userId, now);
  const total = plan.totalPlanCredits + addOn.credits + sub.earnedBonus;
  const used = sub.usage + addOn.used + sub.usedBonus;
  return { plan: 'paid', creditsLeft: Math.max(0, total - used) };
}

/** What a generation needs at least to start: words and/or images (free plan), any credit (paid plan). */
export interface Need {
  words?: boolean;
  images?: boolean;
}

/** Whether the allowance covers starting a generation of that kind. */
export function allows(a: Allowance, need: Need): boolean {
  if (a.plan === 'inactive') return false;
  if (a.plan === 'paid') return a.creditsLeft > 0;
  if (need.words && a.wordsLeft <= 0) return false;
  if (need.images && a.imagesLeft <= 0) return false;
  return true;
}

/** Throws `refusal()` unless the user's plan can start this generation. Returns the allowance. */
export async function requireAllowance(db: Db, userId: number, now: Date, need: Need, refusal: (a: Allowance) => HttpError) {
  const a = await getAllowance(db, userId, now);
  if (!allows(a, need)) throw refusal(a);
  return a;
}

/** A reservation older than this is left by a generation that never ended (a crash, a lost process): released. */
export const RESERVATION_TTL_MS = 30 * 60 * 1000;

/** What a generation may cost: its estimate when reserving, what was delivered when settling. */
export interface Amount {
  words?: number;
  images?: number;
  /** a fixed credit price (e.g. video), used instead of the matrix on paid plans */
  fixedCredits?: number;
}

export interface Reservation extends Amount {
  userId: number;
  /** unique per user and generation (e.g. `chat:<chat_message_id>`); the idempotency key of the request */
  requestKey: string;
  /** what is charged, for the credit history: chat, image, video, long-blog … */
  kind: string;
  /** human description for the credit history */
  description: string;
  /** matrix text type ('Standard' default, 'Elite') */
  textType?: string;
  /** matrix image source 1–3 (1 Standard default) */
  imageSource?: number;
  /** open-ended text: hold the estimate or what is left (module comment) */
  upTo?: boolean;
  /** the error when the plan cannot start it */
  refusal: (a: Allowance) => HttpError;
}

type LedgerRow = typeof t.generationCharges.$inferSelect;
type PackTake = { id: number; n: number };

/** A reservation held for one generation. `repeat` is the first row of the same request id, when there was one. */
export interface Hold {
  userId: number;
  requestKey: string;
  allowance: Allowance;
  repeat?: LedgerRow;
  /** set once settled or released */
  done: boolean;
}

type SubRow = typeof t.subscriptions.$inferSelect;
type PlanRow = typeof t.plans.$inferSelect;

async function lockSubscription(tx: Db, userId: number): Promise<{ sub: SubRow; plan: PlanRow } | undefined> {
  const [sub] = await tx.select().from(t.subscriptions).where(eq(t.subscriptions.userId, userId)).limit(1).for('update');
  if (!sub) return undefined;
  const [plan] = await tx.select().from(t.plans).where(eq(t.plans.id, sub.planId)).limit(1);
  return plan ? { sub, plan } : undefined;
}

async function allowanceOf(tx: Db, sub: SubRow, plan: PlanRow, now: Date): Promise<Allowance> {
  if (sub.status !== 'active') return { plan: 'inactive', status: sub.status };
  if (sub.planId === PLAN_ID.free)
    return { plan: 'free', wordsLeft: Math.max(0, plan.wordLimit - sub.usage), imagesLeft: Math.max(0, plan.imageLimit - sub.imageUsage) };
  const addOn = await addOnTotals(tx, sub.userId, now);
  const total = plan.totalPlanCredits + addOn.credits + sub.earnedBonus;
  const used = sub.usage + addOn.used + sub.usedBonus;
  return { plan: 'paid', creditsLeft: Math.max(0, total - used) };
}

const whole = (n: number | undefined) => Math.max(0, Math.round(n ?? 0));

/** Releases the user's reservations left by generations that never ended (module comment). */
async function releaseStale(tx: Db, userId: number, now: Date) {
  const stale = await tx
    .select()
    .from(t.generationCharges)
    .where(
      and(
        eq(t.generationCharges.userId, userId),
        eq(t.generationCharges.status, 'reserved'),
        ne(t.generationCharges.kind, 'video'),
        lt(t.generationCharges.createdAt, new Date(now.getTime() - RESERVATION_TTL_MS)),
      ),
    )
    .for('update');
  for (const row of stale) await adjust(tx, row, { words: 0, images: 0 }, now, 'released');
}

/** The hold of a reservation made earlier (by another request), to settle or release it. */
export function holdOf(userId: number, requestKey: string): Hold {
  return { userId, requestKey, allowance: { plan: 'inactive', status: 'unknown' }, done: false };
}

/** Reserves inside the caller's transaction (which must not have read the subscription before). */
export async function reserveIn(tx: Db, r: Reservation, now: Date): Promise<Hold> {
  const locked = await lockSubscription(tx, r.userId);
  if (!locked) throw r.refusal({ plan: 'inactive', status: 'none' });
  await releaseStale(tx, r.userId, now);
  const [prev] = await tx
    .select()
    .from(t.generationCharges)
    .where(and(eq(t.generationCharges.userId, r.userId), eq(t.generationCharges.requestKey, r.requestKey)))
    .limit(1);
  const allowance = await allowanceOf(tx, locked.sub, locked.plan, now);
  if (prev && prev.status !== 'released') return { userId: r.userId, requestKey: r.requestKey, allowance, repeat: prev, done: true };
  if (allowance.plan === 'inactive') throw r.refusal(allowance);

  const words = whole(r.words);
  const images = whole(r.images);
  const row = {
    userId: r.userId,
    requestKey: r.requestKey,
    kind: r.kind,
    description: r.description,
    textType: r.textType ?? null,
    imageSource: r.imageSource ?? null,
    status: 'reserved',
    fromPlan: 0,
    fromBonus: 0,
    fromPacks: [] as PackTake[],
    result: null,
    createdAt: now,
    updatedAt: now,
  };
  let values: typeof t.generationCharges.$inferInsert;
  if (allowance.plan === 'free') {
    const wantsWords = r.words !== undefined;
    if (wantsWords && allowance.wordsLeft <= 0) throw r.refusal(allowance);
    if (!r.upTo && words > allowance.wordsLeft) throw r.refusal(allowance);
    if (images > allowance.imagesLeft || (r.images !== undefined && allowance.imagesLeft <= 0)) throw r.refusal(allowance);
    const heldWords = Math.min(words, allowance.wordsLeft);
    await tx
      .update(t.subscriptions)
      .set({ usage: sql`${t.subscriptions.usage} + ${heldWords}`, imageUsage: sql`${t.subscriptions.imageUsage} + ${images}`})
      .where(eq(t.subscriptions.id, locked.sub.id));
    values = { ...row, basis: 'words', words: heldWords, images, credits: 0 };
  } else {
    const credits = await creditsOf(tx, r, words, images);
    if (allowance.creditsLeft <= 0) throw r.refusal(allowance);
    if (!r.upTo && credits > allowance.creditsLeft) throw r.refusal(allowance);
    const held = Math.min(credits, allowance.creditsLeft);
    const split = await take(tx, locked.sub, locked.plan, held, now);
    values = { ...row, basis: 'credits', words, images, credits: held, fromPlan: split.plan, fromBonus: split.bonus, fromPacks: split.packs };
  }
  await tx
    .insert(t.generationCharges)
    .values(values)
    .onConflictDoUpdate({ target: [t.generationCharges.userId, t.generationCharges.requestKey], set: { ...values, userId: undefined, requestKey: undefined } });
  return { userId: r.userId, requestKey: r.requestKey, allowance, done: false };
}

/**
 * Reserves a generation's estimate (module comment, 1). Throws `r.refusal(allowance)` when it does not fit.
 * A repeat of a request id that is in progress or settled answers its first row in `repeat` and holds nothing.
 */
export function reserveGeneration(db: Db, r: Reservation, now: Date): Promise<Hold> {
  return db.transaction((tx) => reserveIn(tx, r, now));
}

/**
 * Settles a reservation to what was delivered (call inside the transaction that stores the result). `result` is
 * kept for a repeat of the request. Returns the credits charged (paid plans; 0 on the free plan).
 */
export async function settleGeneration(tx: Db, hold: Hold, delivered: Amount, now: Date, result?: unknown): Promise<{ credits: number }> {
  const locked = await lockSubscription(tx, hold.userId);
  const [row] = await tx
    .select()
    .from(t.generationCharges)
    .where(and(eq(t.generationCharges.userId, hold.userId), eq(t.generationCharges.requestKey, hold.requestKey)))
    .limit(1)
    .for('update');
  if (!locked || !row || row.status !== 'reserved') return { credits: row?.status === 'settled' ? row.credits : 0 };
  const settled = await adjust(tx, row, delivered, now, 'settled', result);
  hold.done = true;
  if (settled.credits > 0) {
    await tx.insert(t.creditUsages).values({ userId: hold.userId, type: row.kind, description: row.description ?? row.kind, credits: settled.credits, createdAt: now });
  }
  return { credits: settled.credits };
}

/** Gives back everything a reservation holds (failed, stopped, timed out). Safe to call more than once. */
export async function releaseGeneration(db: Db, hold: Hold, now: Date): Promise<void> {
  if (hold.done) return;
  hold.done = true;
  await db.transaction(async (tx) => {
    await lockSubscription(tx, hold.userId);
    const [row] = await tx
      .select()
      .from(t.generationCharges)
      .where(and(eq(t.generationCharges.userId, hold.userId), eq(t.generationCharges.requestKey, hold.requestKey)))
      .limit(1)
      .for('update');
    if (row?.status === 'reserved') await adjust(tx, row, { words: 0, images: 0 }, now, 'released');
  });
}

/**
 * At the start of a process that is its database's only user (the embedded PGlite: one process opens a data
 * directory), every reservation still held was left by the previous process — a crash or a restart mid-generation —
 * and is released at once, instead of holding the user's words or credits for RESERVATION_TTL_MS. Video
 * reservations stay: a video's render is settled or released by the video jobs. Returns how many were released.
 */
export async function releaseAbandonedReservations(db: Db, now: Date): Promise<number> {
  const held = await db
    .select({ userId: t.generationCharges.userId, requestKey: t.generationCharges.requestKey })
    .from(t.generationCharges)
    .where(and(eq(t.generationCharges.status, 'reserved'), ne(t.generationCharges.kind, 'video')));
  for (const row of held) await releaseGeneration(db, holdOf(row.userId, row.requestKey), now);
  return held.length;
}

/**
 * Moves a reserved row to `status` holding `delivered` (capped at what was held plus what is left now), and the
 * counters with it. The caller holds the subscription lock.
 */
async function adjust(tx: Db, row: LedgerRow, delivered: Amount, now: Date, status: 'settled' | 'released', result?: unknown) {
  const locked = await lockSubscription(tx, row.userId);
  const words = whole(delivered.words);
  const images = whole(delivered.images);
  const patch: Partial<typeof t.generationCharges.$inferInsert> = { status, updatedAt: now, result: result === undefined ? null : result };
  if (row.basis === 'words') {
    let w = words;
    let i = images;
    if (locked && (w > row.words || i > row.images)) {
      const a = await allowanceOf(tx, locked.sub, locked.plan, now);
      const wordsLeft = a.plan === 'free' ? a.wordsLeft : 0;
      const imagesLeft = a.plan === 'free' ? a.imagesLeft : 0;
      w = Math.min(w, row.words + wordsLeft);
      i = Math.min(i, row.images + imagesLeft);
    }
    if (locked) {
      await tx
        .update(t.subscriptions)
        .set({ usage: sql`${t.subscriptions.usage} + ${w - row.words}`, imageUsage: sql`${t.subscriptions.imageUsage} + ${i - row.images}` })
        .where(eq(t.subscriptions.id, locked.sub.id));
    }
    Object.assign(patch, { words: w, images: i });
  } else {
    const wanted = status === 'released' ? 0 : await creditsOf(tx, { fixedCredits: delivered.fixedCredits, textType: row.textType ?? undefined, imageSource: row.imageSource ?? undefined }, words, images);
    const split = { plan: row.fromPlan, bonus: row.fromBonus, packs: [...(row.fromPacks as PackTake[])] };
    let credits = row.credits;
    if (locked && wanted > credits) {
      const a = await allowanceOf(tx, locked.sub, locked.plan, now);
      const extra = await take(tx, locked.sub, locked.plan, Math.min(wanted - credits, a.plan === 'paid' ? a.creditsLeft : 0), now);
      split.plan += extra.plan;
      split.bonus += extra.bonus;
      split.packs.push(...extra.packs);
      credits += extra.plan + extra.bonus + extra.packs.reduce((s, p) => s + p.n, 0);
    } else if (locked && wanted < credits) {
      await giveBack(tx, locked.sub, split, credits - wanted);
      credits = wanted;
    }
    Object.assign(patch, { words, images, credits, fromPlan: split.plan, fromBonus: split.bonus, fromPacks: split.packs });
  }
  const where = and(eq(t.generationCharges.userId, row.userId), eq(t.generationCharges.requestKey, row.requestKey));
  // A released generation leaves no trace: the counters are back where they were and the row goes.
  if (status === 'released') {
    await tx.delete(t.generationCharges).where(where);
    return { ...row, ...patch, credits: 0 } as LedgerRow;
  }
  const [updated] = await tx.update(t.generationCharges).set(patch).where(where).returning();
  return updated!;
}

async function creditsOf(tx: Db, rate: { fixedCredits?: number; textType?: string; imageSource?: number }, words: number, images: number): Promise<number> {
  if (rate.fixedCredits !== undefined) return Math.max(0, Math.ceil(rate.fixedCredits));
  const matrix = await tx.select().from(t.creditMatrix);
  const pick = (kind: string, match: (m: (typeof matrix)[number]) => boolean) => {
    const rows = matrix.filter((m) => m.kind === kind);
    return rows.find(match) ?? rows.find((m) => m.isDefault) ?? rows[0];
  };
  let credits = 0;
  if (words > 0) {
    const r = pick('text', (m) => m.type === (rate.textType ?? 'Standard'));
    if (r) credits += creditsFor(words, r);
  }
  if (images > 0) {
    const r = pick('image', (m) => m.source === (rate.imageSource ?? 1));
    if (r) credits += creditsFor(images, r);
  }
  return credits;
}

/** Takes up to `n` credits: plan allowance, then valid add-on packs oldest first, then earned bonus. */
async function take(tx: Db, sub: SubRow, plan: PlanRow, n: number, now: Date): Promise<{ plan: number; bonus: number; packs: PackTake[] }> {
  // the counters as they are now (the row lock is held; earlier steps of this transaction may have moved them)
  const [fresh] = await tx.select().from(t.subscriptions).where(eq(t.subscriptions.id, sub.id)).limit(1);
  const cur = fresh ?? sub;
  let left = n;
  const fromPlan = Math.min(left, Math.max(0, plan.totalPlanCredits - cur.usage));
  left -= fromPlan;
  const packs: PackTake[] = [];
  if (left > 0) {
    const rows = await tx
      .select()
      .from(t.creditPurchases)
      .where(and(eq(t.creditPurchases.userId, sub.userId), gt(t.creditPurchases.expiredAt, now), ne(t.creditPurchases.status, 'Expired')))
      .orderBy(asc(t.creditPurchases.purchaseDate), asc(t.creditPurchases.id))
      .for('update');
    for (const p of rows) {
      if (left <= 0) break;
      const n = Math.min(left, Math.max(0, p.credit - p.totalUsage));
      if (n <= 0) continue;
      left -= n;
      packs.push({ id: p.id, n });
      await tx
        .update(t.creditPurchases)
        .set({ totalUsage: sql`${t.creditPurchases.totalUsage} + ${n}` })
        .where(eq(t.creditPurchases.id, p.id));
    }
  }
  const fromBonus = Math.min(left, Math.max(0, cur.earnedBonus - cur.usedBonus));
  await tx
    .update(t.subscriptions)
    .set({ usage: sql`${t.subscriptions.usage} + ${fromPlan}`, usedBonus: sql`${t.subscriptions.usedBonus} + ${fromBonus}` })
    .where(eq(t.subscriptions.id, sub.id));
  return { plan: fromPlan, bonus: fromBonus, packs };
}

/** Gives back `n` of the credits in `split` (mutated): bonus first, then the packs newest first, then the plan. */
async function giveBack(tx: Db, sub: SubRow, split: { plan: number; bonus: number; packs: PackTake[] }, n: number) {
  let left = n;
  const bonus = Math.min(left, split.bonus);
  left -= bonus;
  split.bonus -= bonus;
  for (let i = split.packs.length - 1; i >= 0 && left > 0; i--) {
    const p = split.packs[i]!;
    const back = Math.min(left, p.n);
    left -= back;
    p.n -= back;
    await tx
      .update(t.creditPurchases)
      .set({ totalUsage: sql`greatest(0, ${t.creditPurchases.totalUsage} - ${back})` })
      .where(eq(t.creditPurchases.id, p.id));
  }
  split.packs = split.packs.filter((p) => p.n > 0);
  const plan = Math.min(left, split.plan);
  split.plan -= plan;
  await tx
    .update(t.subscriptions)
    .set({ usage: sql`greatest(0, ${t.subscriptions.usage} - ${plan})`, usedBonus: sql`greatest(0, ${t.subscriptions.usedBonus} - ${bonus})` })
    .where(eq(t.subscriptions.id, sub.id));
}

/** The ledger's sums of a user (words, images, credits held or settled): what the counters must equal. */
export async function ledgerTotals(db: Db, userId: number): Promise<{ words: number; images: number; credits: number }> {
  const [row] = await db
    .select({
      words: sql<string>`coalesce(sum(${t.generationCharges.words}) filter (where ${t.generationCharges.basis} = 'words'), 0)`,
      images: sql<string>`coalesce(sum(${t.generationCharges.images}) filter (where ${t.generationCharges.basis} = 'words'), 0)`,
      credits: sql<string>`coalesce(sum(${t.generationCharges.credits}), 0)`,
    })
    .from(t.generationCharges)
    .where(and(eq(t.generationCharges.userId, userId), inArray(t.generationCharges.status, ['reserved', 'settled'])));
  return { words: Number(row?.words ?? 0), images: Number(row?.images ?? 0), credits: Number(row?.credits ?? 0) };
}
