/**
 * GET /api/businesses/description is metered through the one metering path (issue 25: it "generates AI text
 * unmetered, even for expired accounts"): words reserved before the writer starts and settled to what was written,
 * refused with the word-limit answer when nothing is left or the subscription is not active, released when the
 * writer fails, and a repeated request_id answers the first description, charged once.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import { createApp } from '@server/app';
import { memoryMailer } from '@server/app-env';
import * as t from '@server/db/schema';
import { AiProviderError, countWords, type AiWriter } from '@server/ai/types';
import { ledgerTotals } from '@server/metering';

const s = useTestServer();

async function freeUserWithBrand() {
  const token = await s.login('free@demo.test');
  const r = await s.call('POST', '/api/businesses', { token, body: { name: `Acme ${Math.random().toString(36).slice(2, 8)}` } });
  expect(r.status).toBe(200);
  const [user] = await s.db.select().from(t.users).where(eq(t.users.email, 'free@demo.test'));
  return { token, id: r.body.data.id as number, userId: user!.id };
}
const usage = async (userId: number) => (await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, userId)))[0]!.usage;
const describeCall = (token: string, id: number, requestId?: string) =>
  s.call('GET', `/api/businesses/description?business_id=${id}${requestId ? `&request_id=${requestId}` : ''}`, { token });
const wordLimit = async () => (await s.db.select().from(t.plans).where(eq(t.plans.id, 1)))[0]!.wordLimit;

describe('the brand description is charged', () => {
  it('the words written are charged to the free plan, in the ledger, as a brand-description generation', async () => {
    const { token, id, userId } = await freeUserWithBrand();
    const before = await usage(userId);
    const ledgerBefore = (await ledgerTotals(s.db, userId)).words;
    const r = await describeCall(token, id);
    expect(r.status).toBe(200);
    const words = countWords(r.body.data.description);
    expect(words).toBeGreaterThan(3);
    expect(await usage(userId)).toBe(before + words);
    const rows = await s.db.select().from(t.generationCharges).where(and(eq(t.generationCharges.userId, userId), eq(t.generationCharges.kind, 'brand-description')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'settled', words });
    expect((await ledgerTotals(s.db, userId)).words - ledgerBefore).toBe(words);
  });

  it('a repeated request_id answers the first description, charged once', async () => {
    const { token, id, userId } = await freeUserWithBrand();
    const first = await describeCall(token, id, 'click-1');
    const after = await usage(userId);
    const again = await describeCall(token, id, 'click-1');
    expect(again.status).toBe(200);
    expect(again.body.data.description).toBe(first.body.data.description);
    expect(await usage(userId)).toBe(after);
    expect((await describeCall(token, id, 'click-2')).status).toBe(200);
    expect(await usage(userId)).toBeGreaterThan(after);
  });

  it('with no words left it is refused with the word-limit answer (455, type upgrade) and nothing is written', async () => {
    const { token, id, userId } = await freeUserWithBrand();
    await s.db.update(t.subscriptions).set({ usage: await wordLimit() }).where(eq(t.subscriptions.userId, userId));
    const r = await describeCall(token, id);
    expect(r.status).toBe(455);
    expect(r.body).toEqual({ message: 'You have reached your word limit. Upgrade your plan to keep writing.', type: 'upgrade' });
    expect(await usage(userId)).toBe(await wordLimit());
  });

  it('an account whose subscription is not active is refused with 403', async () => {
    const { token, id, userId } = await freeUserWithBrand();
    await s.db.update(t.subscriptions).set({ status: 'expired' }).where(eq(t.subscriptions.userId, userId));
    const r = await describeCall(token, id);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'Your subscription is not active. Renew it to keep generating.', type: 'upgrade' });
  });

  it('20 at once with 30 words left never take usage past the limit', async () => {
    const { token, id, userId } = await freeUserWithBrand();
    const limit = await wordLimit();
    const ledgerBefore = (await ledgerTotals(s.db, userId)).words;
    await s.db.update(t.subscriptions).set({ usage: limit - 30 }).where(eq(t.subscriptions.userId, userId));
    const replies = await Promise.all(Array.from({ length: 20 }, () => describeCall(token, id)));
    expect(replies.some((r) => r.status === 200)).toBe(true);
    for (const r of replies) expect([200, 455]).toContain(r.status);
    expect(await usage(userId)).toBeLessThanOrEqual(limit);
    expect((await ledgerTotals(s.db, userId)).words - ledgerBefore).toBe((await usage(userId)) - (limit - 30));
  });

  it('a failing writer releases the reservation: nothing is charged', async () => {
    const failing: AiWriter = {
      // eslint-disable-next-line require-yield
      async *stream() {
        throw new AiProviderError(500, 'upstream down');
      },
    };
    const app = createApp({ db: s.db, clock: s.clock, mailer: memoryMailer(), ai: failing, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    const { token, id, userId } = await freeUserWithBrand();
    const before = await usage(userId);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request(`/api/businesses/description?business_id=${id}`, { headers: { 'x-application': 'writer-web', authorization: `Bearer ${token}` } });
    log.mockRestore();
    expect(res.status).toBe(503);
    expect(await usage(userId)).toBe(before);
  });
});
