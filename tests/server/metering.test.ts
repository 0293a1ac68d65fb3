/**
 * The usage ledger (server/metering.ts) under attack: parallel generations cannot overdraw a limit or lose a
 * charge (the ledger's sum equals the counters' movement), a repeated request id answers the first result and is
 * charged once, paid credits go plan → add-on packs (oldest first) → bonus, and no client call resets usage.
 * Runs on PGlite (vitest) and PostgreSQL (npm run test:postgres), where parallel requests really interleave.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import * as t from '@server/db/schema';

const s = useTestServer();

const PARALLEL = 20;

async function account(email: string) {
  const [u] = await s.db.select().from(t.users).where(eq(t.users.email, email));
  const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, u!.id));
  const [plan] = await s.db.select().from(t.plans).where(eq(t.plans.id, sub!.planId));
  const packs = await s.db
    .select()
    .from(t.creditPurchases)
    .where(eq(t.creditPurchases.userId, u!.id))
    .orderBy(asc(t.creditPurchases.purchaseDate), asc(t.creditPurchases.id));
  const ledger = await s.db.select().from(t.generationCharges).where(eq(t.generationCharges.userId, u!.id));
  return { userId: u!.id, sub: sub!, plan: plan!, packs, ledger };
}

/** Credits a paid account has spent: plan usage + add-on packs' usage + used bonus. */
const creditsSpent = (a: Awaited<ReturnType<typeof account>>) => a.sub.usage + a.sub.usedBonus + a.packs.reduce((n, p) => n + p.totalUsage, 0);
const sum = (rows: { words?: number; images?: number; credits?: number }[], key: 'words' | 'images' | 'credits') =>
  rows.reduce((n, r) => n + (r[key] ?? 0), 0);

let seq = 0;
const chatBody = () => {
  const id = `meter-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  return { conversation_chat_id: `conv-${id}`, chat_message_id: id, message_input: 'Write a long paragraph about gardens in spring.' };
};

describe('parallel generations: never past a limit, never a lost charge', () => {
  it(`${PARALLEL} parallel chats of a free account stop at its word limit, and the ledger holds every word charged`, async () => {
    const token = await s.login('free@demo.test');
    const before = await account('free@demo.test');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => s.call('POST', '/api/chat/generateMessage', { token, body: chatBody() })),
    );
    const after = await account('free@demo.test');
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(results.some((r) => r.status === 400)).toBe(true); // 'Chat Usage Limit Exhausted' for the ones that did not fit
    expect(after.sub.usage).toBeLessThanOrEqual(after.plan.wordLimit);
    expect(after.ledger.every((r) => r.status === 'settled')).toBe(true);
    expect(sum(after.ledger, 'words') - sum(before.ledger, 'words')).toBe(after.sub.usage - before.sub.usage);
  });

  it(`${PARALLEL} parallel images of a free account stop at its image limit`, async () => {
    const token = await s.login('free@demo.test');
    const before = await account('free@demo.test');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => s.call('POST', '/api/ImgGenerate', { token, body: { prompt: `a lighthouse at dusk ${i}` } })),
    );
    const after = await account('free@demo.test');
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(before.plan.imageLimit - before.sub.imageUsage);
    expect(after.sub.imageUsage).toBe(after.plan.imageLimit);
    expect(sum(after.ledger, 'images') - sum(before.ledger, 'images')).toBe(ok);
  });

  it(`${PARALLEL} parallel one-credit images of a paid account: every charge lands in the ledger and in the counters`, async () => {
    const token = await s.login('pro@demo.test');
    const before = await account('pro@demo.test');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => s.call('POST', '/api/ImgGenerate', { token, body: { prompt: `a harbour at night ${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: PARALLEL }, () => 200));
    const after = await account('pro@demo.test');
    const ledgerCredits = sum(after.ledger, 'credits') - sum(before.ledger, 'credits');
    expect(ledgerCredits).toBe(PARALLEL);
    expect(creditsSpent(after) - creditsSpent(before)).toBe(PARALLEL);
  });

  it('parallel images of a paid account with 5 credits left: exactly 5 succeed, none overdraws', async () => {
    const token = await s.login('pro@demo.test');
    const a = await account('pro@demo.test');
    // everything spent but 5 credits of the plan
    await s.db.update(t.subscriptions).set({ usage: a.plan.totalPlanCredits - 5, earnedBonus: 0, usedBonus: 0 }).where(eq(t.subscriptions.id, a.sub.id));
    await s.db.update(t.creditPurchases).set({ totalUsage: 500, credit: 500 }).where(eq(t.creditPurchases.userId, a.userId));
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => s.call('POST', '/api/ImgGenerate', { token, body: { prompt: `a field of wheat ${i}` } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 455)).toBe(true);
    const after = await account('pro@demo.test');
    expect(after.sub.usage).toBe(after.plan.totalPlanCredits);
  });
});

describe('spend order: plan allowance, then add-on packs oldest first, then bonus', () => {
  it('parallel one-credit images across the boundaries spend the plan, the older pack, the newer pack, then bonus', async () => {
    const token = await s.login('pro@demo.test');
    const a = await account('pro@demo.test');
    await s.db.delete(t.creditPurchases).where(eq(t.creditPurchases.userId, a.userId));
    const now = s.clock.now();
    const day = 24 * 60 * 60 * 1000;
    const pack = (daysAgo: number, credit: number) => ({
      userId: a.userId,
      purchaseDate: new Date(now.getTime() - daysAgo * day),
      creditAmountCents: 500,
      credit,
      totalUsage: 0,
      status: 'Active',
      expiredAt: new Date(now.getTime() + 300 * day),
    });
    // inserted newest first, so the order cannot come from the ids
    await s.db.insert(t.creditPurchases).values([pack(5, 4), pack(40, 3)]);
    await s.db.update(t.subscriptions).set({ usage: a.plan.totalPlanCredits - 2, earnedBonus: 10, usedBonus: 0 }).where(eq(t.subscriptions.id, a.sub.id));
    const n = 2 + 3 + 4 + 2; // plan, older pack, newer pack, 2 of the bonus
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => s.call('POST', '/api/ImgGenerate', { token, body: { prompt: `a mountain lake ${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: n }, () => 200));
    const after = await account('pro@demo.test');
    expect(after.sub.usage).toBe(after.plan.totalPlanCredits);
    expect(after.packs.map((p) => [p.credit, p.totalUsage])).toEqual([
      [3, 3],
      [4, 4],
    ]);
    expect(after.sub.usedBonus).toBe(2);
    expect(sum(after.ledger, 'credits')).toBe(n);
  });
});

describe('a repeated request id answers the first result, charged once', () => {
  it('long blog generateContent with the same request_id: the same HTML, no second generation, one charge', async () => {
    const token = await s.login('pro@demo.test');
    const created = await s.call('POST', '/api/longBlog/createOutline', { token, body: { user_input_title: 'Winter gardening for beginners' } });
    expect(created.status).toBe(200);
    const blogId = Number(created.res.headers.get('x-blog-id'));
    const blog = (await s.call('GET', `/api/longBlog/getBlogData/${blogId}`, { token })).body.data;
    const outline = blog.outlines[blog.last_outline_index];
    const body = { blog_id: blogId, outline_id: outline.id, request_id: 'same-request' };
    const spent0 = creditsSpent(await account('pro@demo.test'));
    const first = await s.call('POST', '/api/longBlog/generateContent', { token, body });
    expect(first.status).toBe(200);
    const spent1 = creditsSpent(await account('pro@demo.test'));
    expect(spent1).toBeGreaterThan(spent0);
    const stored1 = (await s.call('GET', `/api/longBlog/getBlogData/${blogId}`, { token })).body.data;
    const [row1] = await s.db.select().from(t.longBlogs).where(eq(t.longBlogs.id, blogId));
    s.clock.advance(60_000);
    const second = await s.call('POST', '/api/longBlog/generateContent', { token, body });
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(creditsSpent(await account('pro@demo.test'))).toBe(spent1);
    const stored2 = (await s.call('GET', `/api/longBlog/getBlogData/${blogId}`, { token })).body.data;
    expect(stored2.outlines).toEqual(stored1.outlines);
    // not generated and stored again: the blog was not written after the first generation
    const [row2] = await s.db.select().from(t.longBlogs).where(eq(t.longBlogs.id, blogId));
    expect(row2!.updatedAt).toEqual(row1!.updatedAt);
    const contentRows = (await account('pro@demo.test')).ledger.filter((r) => r.requestKey.includes(':content:'));
    expect(contentRows).toHaveLength(1);
  });
});

describe('no client call resets usage', () => {
  it("a free user's POST /api/update-subscription {plan_id: 1} leaves words and images used as they were", async () => {
    const token = await s.login('free@demo.test');
    const before = await account('free@demo.test');
    expect(before.sub.usage).toBeGreaterThan(0);
    await s.call('POST', '/api/update-subscription', { token, body: { plan_id: 1, payment_frequency: 'monthly' } });
    const after = await account('free@demo.test');
    expect([after.sub.usage, after.sub.imageUsage]).toEqual([before.sub.usage, before.sub.imageUsage]);
  });
});

describe('a stopped or failed generation holds nothing', () => {
  it('a refused image (HD on the free plan) leaves no ledger row and no usage', async () => {
    const token = await s.login('free@demo.test');
    const before = await account('free@demo.test');
    const r = await s.call('POST', '/api/ImgGenerate', { token, body: { prompt: 'a castle', quality: 'HD' } });
    expect(r.status).toBe(403);
    const after = await account('free@demo.test');
    expect(after.ledger).toEqual(before.ledger);
    expect(after.sub.imageUsage).toBe(before.sub.imageUsage);
  });
});
