/**
 * The job queue: background work that must survive a restart (video renders today) runs as jobs in the database,
 * through pg-boss (docs/job-queue.md says what was tried and why). One code path for both databases: pg-boss
 * runs on the embedded PGlite through its PGlite adapter (one connection, in-process LISTEN/NOTIFY) and on a
 * PostgreSQL server through its own small pool. What pg-boss gives every queue here:
 *  - a job is a row in the pgboss schema, created in the caller's transaction (send with the transaction), so
 *    the row that needs the work and the job exist together or not at all;
 *  - retries with exponential backoff (retryLimit, retryDelaySeconds, retryBackoff), counted in the job's row;
 *  - a concurrency limit per worker process (`concurrency` jobs of a queue at once in this process);
 *  - a job is fetched with FOR UPDATE SKIP LOCKED and moved to 'active' in the same statement, so two workers
 *    (in one process or in many) never take the same job; an active job whose process died is expired after
 *    expireInSeconds and retried, so work in flight at a crash is resumed, and queued work simply waits in
 *    the table for the next worker to start.
 * Queue names may carry a namespace: apps on one database with different settings (tests do this) keep their
 * jobs apart; production uses none.
 */
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Clock as BossClock, type JobWithMetadata, type PGliteLike } from 'pg-boss';
import type { Db } from '../db/client';

/** How the jobs of one queue are retried and how long one may run before it counts as lost. */
export interface QueueSettings {
  /** attempts after the first */
  retryLimit: number;
  /** the first retry's delay; each later one doubles it (with jitter) */
  retryDelaySeconds: number;
  /** an active job not finished by then is taken as lost (its process died) and retried */
  expireInSeconds: number;
}

/** One job as its handler sees it. */
export interface QueuedJob<T> {
  id: string;
  data: T;
  /** retries so far (0 on the first attempt) */
  retryCount: number;
  retryLimit: number;
}

export interface Worker<T> {
  /** jobs of this queue run at once in this process (0: this process runs none, it only sends) */
  concurrency: number;
  /** Throwing fails the attempt: pg-boss retries it after its backoff, or marks the job failed after the last one. */
  handler: (job: QueuedJob<T>) => Promise<void>;
}

export interface JobQueue {
  /** Declares a queue and, optionally, this process's worker for it. Before start(). */
  define<T extends object>(name: string, settings: QueueSettings, worker?: Worker<T>): void;
  /** Starts pg-boss (installs or migrates its schema), creates the queues and starts the workers. Idempotent. */
  start(): Promise<void>;
  /**
   * Creates a job with the given id through `executor` (the database, or the transaction that writes the row the
   * job is for). A job with this id already there is left as it is (answers false).
   */
  send<T extends object>(executor: Db, name: string, data: T, id: string): Promise<boolean>;
  /** The state of a job ('created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed'), or null when there is none. */
  state(name: string, id: string): Promise<string | null>;
  /** Stops the workers (waiting for running jobs unless graceful is false) and pg-boss. */
  stop(opts?: { graceful?: boolean }): Promise<void>;
}

export interface JobQueueOptions {
  /** Appended to every queue name (module comment). */
  namespace?: string;
  /** pg-boss's source of time and timers; tests pass its TestClock to move time (retries, expiry) by hand. */
  clock?: BossClock;
  /** Idle polling interval of the workers; NOTIFY wakes them at once when a job is created. */
  pollingIntervalSeconds?: number;
}

/** The client under a drizzle database: a PGlite instance or a node-postgres pool. */
function clientOf(db: Db): { pglite: PGliteLike } | { connectionString: string } {
  const client = (db as unknown as { $client: unknown }).$client as Record<string, unknown>;
  if (client && typeof client.exec === 'function' && 'waitReady' in client) return { pglite: client as unknown as PGliteLike };
  const options = (client as { options?: { connectionString?: string } }).options;
  if (options?.connectionString) return { connectionString: options.connectionString };
  throw new Error('job queue: the database is neither PGlite nor a PostgreSQL pool opened from a URL');
}

export function createJobQueue(db: Db, opts: JobQueueOptions = {}): JobQueue {
  const suffix = opts.namespace ? `__${opts.namespace.replace(/[^A-Za-z0-9_-]/g, '_')}` : '';
  const full = (name: string) => `${name}${suffix}`;
  const queues = new Map<string, { settings: QueueSettings; worker?: Worker<object> }>();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;

  async function open(): Promise<PgBoss> {
    const client = clientOf(db);
    const b = new PgBoss({
      ...('pglite' in client ? { db: fromPglite(client.pglite), backend: 'pglite' as const } : { connectionString: client.connectionString, max: 3 }),
      // no cron schedules are used; the maintenance (expiring lost jobs, deleting old ones) stays on
      schedule: false,
      useListenNotify: true,
      ...(opts.clock ? { clock: opts.clock } : {}),
    });
    b.on('error', (err: Error) => console.error(`[jobs] ${err.message}`));
    await b.start();
    for (const [name, q] of queues) {
      const options = {
        retryLimit: q.settings.retryLimit,
        retryDelay: q.settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: q.settings.expireInSeconds,
        notify: true,
      };
      if (await b.getQueue(full(name))) await b.updateQueue(full(name), options);
      else await b.createQueue(full(name), options);
    }
    for (const [name, q] of queues) {
      const worker = q.worker;
      if (!worker || worker.concurrency < 1) continue;
      await b.work<object>(
        full(name),
        { localConcurrency: worker.concurrency, batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          // includeMetadata: the job carries its retry counts
          const j = job as JobWithMetadata<object>;
          await worker.handler({ id: j.id, data: j.data, retryCount: j.retryCount, retryLimit: j.retryLimit });
        },
      );
    }
    return b;
  }

  const queue: JobQueue = {
    define(name, settings, worker) {
      if (starting) throw new Error(`job queue: ${name} is defined after the queue started`);
      queues.set(name, { settings, worker: worker as Worker<object> | undefined });
    },
    async start() {
      if (stopped) throw new Error('job queue: started after it was stopped');
      starting ??= open().then((b) => (boss = b));
      await starting;
    },
    async send(executor, name, data, id) {
      await queue.start();
      const q = queues.get(name);
      if (!q) throw new Error(`job queue: unknown queue ${name}`);
      const sent = await boss!.send(full(name), data, {
        id,
        retryLimit: q.settings.retryLimit,
        retryDelay: q.settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: q.settings.expireInSeconds,
        db: fromDrizzle(executor as unknown as Parameters<typeof fromDrizzle>[0], sql),
      });
      return sent !== null;
    },
    async state(name, id) {
      await queue.start();
      const job = await boss!.getJobById(full(name), id);
      return job?.state ?? null;
    },
    async stop({ graceful = true } = {}) {
      stopped = true;
      if (!starting) return;
      const b = await starting.catch(() => undefined);
      await b?.stop({ graceful, close: true, timeout: graceful ? 30_000 : 0 });
    },
  };
  return queue;
}
