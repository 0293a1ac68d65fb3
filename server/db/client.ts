import { pathFromModule } from '../lib/module-path';
/**
 * Opens the database for a URL and applies the committed migrations with drizzle's migrator:
 *   'memory://'        → in-memory PGlite
 *   postgres://…       → a real PostgreSQL through pg + drizzle-orm/node-postgres
 *   a directory path   → PGlite persisted in that directory
 */
import { mkdirSync } from 'node:fs';
import { lockDataDirWhenClosed, noteClosing } from './data-dir-lock';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { registerMediaStore, type MediaStore } from '../media/media-store';
import { mediaStoreFromEnv } from '../media/media-store-config';
import { moveInlineMediaToStore } from '../media/move-inline-media';

export type Schema = typeof schema;
/** The query surface shared by both drivers and by transactions. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenedDb {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Where the bytes of media files are (server/media/media-store-config.ts), closed with the database. */
  media: MediaStore;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = pathFromModule('./migrations', import.meta.url);

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Migrating: media bytes still inline in media_files are copied into the media store first (migration 0005, which
 * drops their column, says why), then drizzle's migrator applies what is pending.
 */
async function migrateWithMedia(db: Db, media: MediaStore, run: () => Promise<void>) {
  await moveInlineMediaToStore(db, media);
  await run();
  registerMediaStore(db, media);
}

/** `media`: the media store to use instead of the one the settings name (mediaStoreFromEnv). */
export async function openDb(target: { url?: string; dataDir?: string; media?: MediaStore }): Promise<OpenedDb> {
  const memory = !isPostgresUrl(target.url) && (target.url === 'memory://' || (!target.url && !target.dataDir));
  const media =
    target.media ??
    (await mediaStoreFromEnv(
      isPostgresUrl(target.url)
        ? { kind: 'postgres' }
        : memory
          ? { kind: 'memory' }
          : { kind: 'pglite', dataDir: target.dataDir ?? target.url!.replace(/^file:\/\//, '') },
    ));
  try {
    return await openDbWith(target, media);
  } catch (err) {
    await media.close();
    throw err;
  }
}

async function openDbWith(target: { url?: string; dataDir?: string }, media: MediaStore): Promise<OpenedDb> {
  if (isPostgresUrl(target.url)) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.default.Pool({ connectionString: target.url, max: 5 });
    // An idle connection that PostgreSQL closes (a server restart, an administrator's pg_terminate_backend,
    // DROP DATABASE … WITH (FORCE), idle_session_timeout) makes the pool emit 'error'. Without a listener that
    // is an uncaught exception that would take the whole server down; the pool has already discarded the
    // connection and opens a new one for the next query, so logging is all there is to do.
    let closing = false;
    pool.on('error', (err: Error & { code?: string }) => {
      if (!closing) console.error(`[server] an idle database connection was closed:${err.code ? ` ${err.code}` : ''} ${err.message}`);
    });
    const db = drizzle({ client: pool, schema });
    try {
      await migrateWithMedia(db as unknown as Db, media, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (err) {
      closing = true;
      await pool.end();
      throw err;
    }
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      media,
      // pool.end() resolves once the pool has let go of its connections, before they have finished closing;
      // wait for each connection's own end too, so a caller that drops the database next finds none open.
      close: async () => {
        closing = true;
        const open = pool.totalCount;
        // distinct clients: one closed by PostgreSQL while ending is removed (and reported) twice
        const ended = new Set<unknown>();
        const allEnded = new Promise<void>((resolve) => {
          if (open === 0) return resolve();
          pool.on('remove', (client) => {
            ended.add(client);
            if (ended.size >= open) resolve();
          });
        });
        await pool.end();
        await allEnded;
        await media.close();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  let unlock: (() => void) | undefined;
  let dataDir: string | undefined;
  if (target.url === 'memory://' || (!target.url && !target.dataDir)) {
    client = new PGlite();
  } else {
    const dir = target.dataDir ?? target.url!.replace(/^file:\/\//, '');
    dataDir = dir;
    mkdirSync(dir, { recursive: true });
    // a second process on the same directory would corrupt it: refused here (server/db/data-dir-lock.ts)
    unlock = await lockDataDirWhenClosed(dir);
    client = new PGlite(dir);
  }
  const db = drizzle({ client, schema });
  try {
    await client.waitReady;
    await migrateWithMedia(db as unknown as Db, media, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  } catch (err) {
    await client.close().catch(() => {});
    unlock?.();
    throw err;
  }
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    media,
    close: () => {
      const done = (async () => {
        try {
          await client.close();
          await media.close();
        } finally {
          unlock?.();
        }
      })();
      if (dataDir) noteClosing(dataDir, done);
      return done;
    },
  };
}

/** Every table, for TRUNCATE in reset (dev endpoint and tests). */
export const ALL_TABLES = [
  'businesses',
  'long_blogs',
  'videos',
  'images',
  'media_files',
  'generation_charges',
  'rate_limit_hits',
  'chat_messages',
  'chat_conversations',
  'credit_usages',
  'limit_notices',
  'checkout_sessions',
  'payments',
  'credit_matrix',
  'credit_payment_options',
  'credit_purchases',
  'email_verifications',
  'password_resets',
  'oauth_codes',
  'refresh_tokens',
  'access_tokens',
  'payment_settings',
  'subscriptions',
  'users',
  'plans',
  'languages',
] as const;
