import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startRuntime, type Runtime } from '@server/runtime';
import { openDb } from '@server/db/client';
import * as t from '@server/db/schema';
import { reserveGeneration } from '@server/metering';
import { HttpError } from '@server/http/errors';

// The runtime itself: migrations + first-start seed — on a persisted PGlite in a temp dir (an explicit data folder
// wins over DATABASE_URL, so this runs in both suites and proves a restart keeps the data), and on the database the
// environment selects (PostgreSQL in `npm run test:postgres`, an in-memory PGlite in the plain run).
const dirs: string[] = [];
const runtimes: Runtime[] = [];
afterAll(async () => {
  for (const r of runtimes) await r.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('startRuntime', () => {
  it(
    'persisted PGlite: a reservation the previous process still held is released at the next start',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'wordsmith-pglite-'));
      dirs.push(dir);
      const wordsUsed = async (rt: Runtime) => {
        const login = await rt.app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-application': 'writer-web' },
          body: JSON.stringify({ email: 'free@demo.test', password: 'demo1234' }),
        });
        const { access_token } = (await login.json()) as { access_token: string };
        const me = await rt.app.request('/api/auth/getUser', { headers: { 'x-application': 'writer-web', authorization: `Bearer ${access_token}` } });
        return ((await me.json()) as { data: { user: { user_subscription: { usage: number } } } }).data.user.user_subscription.usage;
      };
      const first = await startRuntime({ dataDir: dir });
      const before = await wordsUsed(first);
      await first.close();

      // a process that stopped mid-generation: its reservation is still held in the ledger
      const opened = await openDb({ dataDir: dir });
      const [user] = await opened.db.select().from(t.users).where(eq(t.users.email, 'free@demo.test'));
      await reserveGeneration(
        opened.db,
        { userId: user!.id, requestKey: 'chat:cut-by-a-crash', kind: 'chat', description: 'AI Chat', words: 1500, upTo: true, refusal: () => new HttpError(400, 'limit') },
        new Date(),
      );
      const [held] = await opened.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, user!.id));
      expect(held!.usage).toBeGreaterThan(before);
      await opened.close();

      const second = await startRuntime({ dataDir: dir });
      runtimes.push(second);
      expect(await wordsUsed(second)).toBe(before);
    },
    120_000,
  );

  it(
    'persisted PGlite: migrates, seeds once, keeps data across restarts',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'wordsmith-pglite-'));
      dirs.push(dir);
      const first = await startRuntime({ dataDir: dir });
      expect(await (await first.app.request('/api/health')).json()).toEqual({ status: 'ok' });
      const reg = await first.app.request('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Persisted Person', email: 'persist@example.com', password: 'persisted-1' }),
      });
      expect(reg.status).toBe(200);
      await first.close();

      const second = await startRuntime({ dataDir: dir });
      runtimes.push(second);
      const login = async (email: string, password: string) =>
        (
          await second.app.request('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
          })
        ).status;
      expect(await login('persist@example.com', 'persisted-1')).toBe(200);
      expect(await login('plus@demo.test', 'demo1234')).toBe(200);
      const plans = await (await second.app.request('/api/plansList')).json();
      expect(plans.data).toHaveLength(3); // seeded once, not twice
    },
    120_000,
  );

  it(
    'the database the environment selects (DATABASE_URL, else in memory): migrates and seeds',
    async () => {
      const url = process.env.DATABASE_URL || 'memory://';
      const rt = await startRuntime({ databaseUrl: url });
      runtimes.push(rt);
      expect(await (await rt.app.request('/api/health')).json()).toEqual({ status: 'ok' });
      expect((await (await rt.app.request('/api/plansList')).json()).data).toHaveLength(3);
    },
    120_000,
  );
});
