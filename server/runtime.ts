import { pathFromModule } from './lib/module-path';
/**
 * Starts the reference backend: opens the database, applies migrations, seeds on first start
 * (when there are no plans) and builds the Hono app.
 *   databaseUrl 'memory://'   → in-memory PGlite
 *   databaseUrl postgres://…  → PostgreSQL through pg (also from env DATABASE_URL when opts omit it)
 *   nothing                   → PGlite persisted in .data/pglite (git-ignored), or opts.dataDir
 * Production is the default: the development routes (POST /api/dev/reset, the test Google sign-in, the test
 * checkout, mails printed with their links) are on only when the caller asks (`dev: true`: the Vite dev server,
 * tests) or WORDSMITH_DEV=1 is set, which is logged loudly. In production the start is refused, naming them, when
 * settings it needs are missing: PUBLIC_URL (the base of every link, never the Host header) and QUEUE_JWT_SECRET.
 * Env passed through to the app: PUBLIC_URL, AI_PACE_MS, AI_CHUNK_WORDS, AI_BASE_URL, AI_API_KEY, AI_MODEL (→ deps.ai, chosen once by server/ai), SUPPORT_URL,
 * CALLBACK_HOSTS (server/http/callback-url.ts); VIDEO_RENDER_WORKERS (video renders run at once by this process, 0 for none).
 */
import type { Hono } from 'hono';
import { createApp } from './app';
import { createJobQueue } from './jobs/queue';
import { memoryMailer, type AppEnv, type Clock } from './app-env';
import { isPostgresUrl, openDb } from './db/client';
import { releaseAbandonedReservations } from './metering';
import { isSeeded, resetDatabase, seed } from './seed/index';
import { createAiWriterFromEnv } from './ai/index';

export interface RuntimeOptions {
  /** 'memory://' for an in-memory PGlite, a postgres:// URL for a real server, or undefined for the persisted PGlite in .data/ */
  databaseUrl?: string;
  dataDir?: string;
  /** Injected clock (tests); defaults to the system clock. */
  clock?: Clock;
  /** Development mode (module comment); default: WORDSMITH_DEV=1 or a test runner. */
  dev?: boolean;
}

/** What a production start needs and does not have (module comment). */
export function missingProductionSettings(env: Record<string, string | undefined>): string[] {
  const missing: string[] = [];
  const url = env.PUBLIC_URL?.trim();
  const valid = (() => {
    try {
      return !!url && /^https?:$/.test(new URL(url).protocol);
    } catch {
      return false;
    }
  })();
  if (!valid) missing.push('PUBLIC_URL (the public base URL of the app, e.g. https://app.example.com)');
  if ((env.QUEUE_JWT_SECRET?.trim().length ?? 0) < 32) missing.push('QUEUE_JWT_SECRET (a random secret of at least 32 characters)');
  return missing;
}

/** VIDEO_RENDER_WORKERS: renders this process runs at once (AppConfig.videoRenderWorkers); unset: the default; not a whole number ≥ 0: refused. */
export function renderWorkersFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`VIDEO_RENDER_WORKERS must be a whole number of at least 0, not "${value}"`);
  return n;
}

/** Whether a start is a development one: asked by the caller, WORDSMITH_DEV=1, or a test runner. */
export function isDevelopment(env: Record<string, string | undefined>, dev?: boolean): boolean {
  return dev ?? (env.WORDSMITH_DEV === '1' || !!env.VITEST);
}
export interface Runtime {
  app: Hono<AppEnv>;
  close(): Promise<void>;
}

export const DEFAULT_DATA_DIR = pathFromModule('../.data/pglite', import.meta.url);

export async function startRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  const url = opts.databaseUrl ?? (opts.dataDir ? undefined : process.env.DATABASE_URL);
  const env = process.env;
  const devRoutes = isDevelopment(env, opts.dev);
  if (devRoutes) {
    console.warn(
      '[server] DEVELOPMENT MODE: POST /api/dev/reset, the test Google sign-in, the test checkout and printed mail links are ON. Never expose this server.',
    );
  } else {
    const missing = missingProductionSettings(env);
    if (missing.length > 0)
      throw new Error(`Production start refused, these settings are missing:\n  - ${missing.join('\n  - ')}\n(for development set WORDSMITH_DEV=1)`);
  }
  // AI misconfiguration fails here, before the database is opened.
  const ai = createAiWriterFromEnv(env);
  const videoRenderWorkers = renderWorkersFrom(env.VIDEO_RENDER_WORKERS);
  const opened = await openDb(url ? { url } : { dataDir: opts.dataDir ?? DEFAULT_DATA_DIR });
  const clock: Clock = opts.clock ?? { now: () => new Date() };
  try {
    if (!(await isSeeded(opened.db))) await seed(opened.db, clock.now());
    // The embedded database has one process: what the previous one held when it stopped is released now. On a
    // PostgreSQL server other processes may be mid-generation, so their reservations expire by age instead.
    if (!isPostgresUrl(url)) await releaseAbandonedReservations(opened.db, clock.now());
  } catch (err) {
    await opened.close();
    throw err;
  }
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;
  const schedule = (ms: number, fn: () => Promise<void>) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) void fn();
    }, ms);
    timer.unref(); // a pending completion does not keep the process alive
    timers.add(timer);
  };
  // Background work runs as jobs in the database (server/jobs/queue.ts); started below, after the app has declared
  // its queues, so jobs left by a previous process (queued, or lost mid-run) are taken up at once.
  const jobs = createJobQueue(opened.db);
  const app = createApp({
    db: opened.db,
    jobs,
    clock,
    ai,
    // No mail server: mails are kept in memory; in development they are also printed with their links.
    mailer: memoryMailer(50, { log: devRoutes && !env.VITEST }),
    config: {
      devRoutes,
      publicUrl: env.PUBLIC_URL?.trim() || undefined,
      aiPaceMs: Number(env.AI_PACE_MS ?? 0) || 0,
      renderVideosAhead: true,
      videoRenderWorkers,
      env: {
        AI_PACE_MS: env.AI_PACE_MS,
        AI_CHUNK_WORDS: env.AI_CHUNK_WORDS,
        AI_BASE_URL: env.AI_BASE_URL,
        AI_API_KEY: env.AI_API_KEY,
        AI_MODEL: env.AI_MODEL,
        SUPPORT_URL: env.SUPPORT_URL,
        CALLBACK_HOSTS: env.CALLBACK_HOSTS,
      },
    },
    reset: () => resetDatabase(opened.db, clock.now()),
    schedule,
  });
  try {
    await jobs.start();
  } catch (err) {
    await opened.close();
    throw err;
  }
  return {
    app,
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // running jobs finish first (a render takes seconds); what is queued stays in the database for the next start
      await jobs.stop();
      await opened.close();
    },
  };
}
