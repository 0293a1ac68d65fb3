/** Hono environment of the reference backend: the injected dependencies and the signed-in user. */
import type { Db } from './db/client';
import type { AiWriter } from './ai/types';
import type { JobQueue } from './jobs/queue';
import type { MediaStore } from './media/media-store';

export interface Clock {
  now(): Date;
}
export interface AppConfig {
  /**
   * Development and tests only (never in production): POST /api/dev/reset, the test Google sign-in
   * (`test-google:<email>`), the test checkout (grants a plan without a payment) and mails printed with their links.
   */
  devRoutes: boolean;
  /**
   * The public base URL (PUBLIC_URL, e.g. https://app.example.com): every link the server writes (mails, media)
   * starts with it, never with the request's Host header. Unset only in development and tests (the request's origin).
   */
  publicUrl?: string;
  /** Artificial delay of the offline AI writer, ms (AI_PACE_MS). */
  aiPaceMs: number;
  /** Extra settings passed through from the environment (AI provider URL/key/model …). */
  env: Record<string, string | undefined>;
  /**
   * Queue a video's render job as soon as it is started (a worker renders it in the background, at low CPU
   * priority) instead of at its first read after its ready time. The server (server/runtime.ts) turns it on, so the
   * poll that completes a video does not wait seconds for ffmpeg and a restart finds every started video's job in
   * the database; unit tests on an injected clock leave it off unless they test it, so that videos they never
   * complete are not rendered.
   */
  renderVideosAhead?: boolean;
  /**
   * Video renders this process runs at once (VIDEO_RENDER_WORKERS; default VIDEO_RENDER_CONCURRENCY). 0: this
   * process runs none and only serves the API; the renders run on the processes that have workers.
   */
  videoRenderWorkers?: number;
}
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The action link of the mail (reset, verification), so tests and the dev outbox can follow it. */
  link?: string;
}
/** Outgoing mail. The default keeps the last mails in memory (no mail server in the reference backend). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  outbox: Mail[];
}
export function memoryMailer(max = 50, opts: { log?: boolean } = {}): Mailer {
  const outbox: Mail[] = [];
  return {
    outbox,
    async send(mail) {
      outbox.push(mail);
      if (outbox.length > max) outbox.shift();
      // Development only (never in production): print the mail so reset/verification links can be followed.
      if (opts.log) console.info(`[mail] to=${mail.to} subject="${mail.subject}"${mail.link ? ` link=${mail.link}` : ''}`);
    },
  };
}
export interface AppDeps {
  mailer?: Mailer;
  db: Db;
  clock: Clock;
  /** AI provider (chat/writing areas; server/ai chooses it from the environment); not used by the platform core. */
  ai?: AiWriter;
  config: AppConfig;
  /** Where media bytes are kept, instead of the store opened with `db` (openDb; it then becomes `db`'s store). */
  media?: MediaStore;
  /**
   * The job queue for background work (server/jobs/queue.ts): the runtime starts it with the server and stops it
   * before the database closes. Without it the app makes its own over `db`, started on first use.
   */
  jobs?: JobQueue;
  /** Re-seeds the database (dev reset). */
  reset?: () => Promise<void>;
  /**
   * Runs `fn` after `ms` of real time (server/runtime.ts: a timer, cleared when the runtime closes). Optional:
   * without it, work due at a time is done by the first read at or after that time (unit tests on an injected
   * clock; they pass a manual one when they test the timed path). `fn` handles its own errors; its promise lets
   * a test wait for it.
   */
  schedule?: (ms: number, fn: () => Promise<void>) => void;
}
export interface AuthInfo {
  userId: number;
  tokenId: number;
}
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    auth: AuthInfo;
  };
}
