/**
 * Test harness for the reference backend: one database per test file (in-memory PGlite, or a throwaway
 * database on the PostgreSQL at DATABASE_URL), an adjustable clock, reset + seed between tests.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createApp } from '@server/app';
import { memoryMailer, type Mailer } from '@server/app-env';
import { openDb, isPostgresUrl, type Db } from '@server/db/client';
import { mediaStoreFromEnv } from '@server/media/media-store-config';
import { createJobQueue, type JobQueue } from '@server/jobs/queue';
import { resetDatabase, DEMO_PASSWORD } from '@server/seed/index';

/** A fixed "now" for deterministic seeds (a Wednesday). */
export const T0 = new Date('2026-03-18T09:30:00.000Z');

export interface TestClock {
  now(): Date;
  set(d: Date): void;
  advance(ms: number): void;
}

export function testClock(start = T0): TestClock {
  let ms = start.getTime();
  return {
    now: () => new Date(ms),
    set: (d) => {
      ms = d.getTime();
    },
    advance: (delta) => {
      ms += delta;
    },
  };
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Db;
  clock: TestClock;
  mailer: Mailer;
  driver: 'pglite' | 'postgres';
  /** The app's job queue (server/jobs/queue.ts). */
  jobs: JobQueue;
  /** Wipes and re-seeds at T0 (clock reset to T0). */
  reset(): Promise<void>;
  close(): Promise<void>;
  /** JSON request helper; returns status, parsed body and the raw response. */
  call(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; res: Response }>;
  /** Signs in a demo account and returns its bearer token. */
  login(email: string, password?: string): Promise<string>;
}

async function createThrowawayDatabase(url: string) {
  const name = `wordsmith_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestServer(opts: { devRoutes?: boolean } = {}): Promise<TestServer> {
  const envUrl = process.env.DATABASE_URL;
  const throwaway = isPostgresUrl(envUrl) ? await createThrowawayDatabase(envUrl) : undefined;
  // media files of a throwaway database are as temporary as it is (a directory removed on close, as for memory://)
  const opened = await openDb({ url: throwaway?.url ?? 'memory://', media: throwaway ? await mediaStoreFromEnv({ kind: 'memory' }) : undefined });
  const clock = testClock();
  const mailer = memoryMailer();
  const reset = async () => {
    clock.set(T0);
    mailer.outbox.length = 0;
    await resetDatabase(opened.db, clock.now());
  };
  // the app's job queue, started by its first use and stopped before the database closes
  const jobs = createJobQueue(opened.db);
  const app = createApp({
    db: opened.db,
    jobs,
    clock,
    mailer,
    // blog.example: the WordPress site the callback_url tests sign in for (server/http/callback-url.ts)
    config: { devRoutes: opts.devRoutes ?? true, aiPaceMs: 0, env: { CALLBACK_HOSTS: 'blog.example' } },
    reset: () => resetDatabase(opened.db, clock.now()),
  });
  const call: TestServer['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { 'x-application': 'writer-web', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.clone().text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = text ? JSON.parse(text) : undefined;
    return { status: res.status, body: parsed, res };
  };
  return {
    app,
    db: opened.db,
    clock,
    mailer,
    driver: opened.driver,
    reset,
    jobs,
    close: async () => {
      await jobs.stop();
      await opened.close();
      await throwaway?.drop();
    },
    call,
    login: async (email, password = DEMO_PASSWORD) => {
      const r = await call('POST', '/api/auth/login', { body: { email, password } });
      if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.access_token as string;
    },
  };
}

/**
 * One test server for the calling test file, started before its tests and closed after them, and wiped and
 * re-seeded before each test (`reset: 'once'`: only before the first, for files whose tests share one seed). Returns the server itself (its members are read
 * from the started server on use, so the value can be taken at the top of the file):
 *
 *   const s = useTestServer();
 *   it('…', async () => expect((await s.call('GET', '/api/health')).status).toBe(200));
 */
export function useTestServer(opts: { devRoutes?: boolean; reset?: 'each' | 'once' } = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ devRoutes: opts.devRoutes });
    if (opts.reset === 'once') await server.reset();
  });
  afterAll(async () => {
    await server?.close();
  });
  if (opts.reset !== 'once') {
    beforeEach(async () => {
      await server!.reset();
    });
  }
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!server) throw new Error('the test server is used before it started (only inside hooks and tests)');
      return server[key as keyof TestServer];
    },
  });
}
