import { pathFromModule } from '../lib/module-path';
/**
 * Opens the database for a URL and applies the committed migrations with drizzle's migrator:
 *   'memory://'        → in-memory PGlite
 *   postgres://…       → a real PostgreSQL through pg + drizzle-orm/node-postgres
 *   a directory path   → PGlite persisted in that directory
 */
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query surface shared by both drivers and by transactions. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenedDb {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = pathFromModule('./migrations', import.meta.url);

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export async function openDb(target: { url?: string; dataDir?: string }): Promise<OpenedDb> {
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
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
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
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (target.url === 'memory://' || (!target.url && !target.dataDir)) {
    client = new PGlite();
  } else {
    const dir = target.dataDir ?? target.url!.replace(/^file:\/\//, '');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}

/** Every table, for TRUNCATE in reset (dev endpoint and tests). */
export const ALL_TABLES = [
  'businesses',
  'long_blogs',
  'videos',
  'images',
  'media_files',
  'generation_charges',
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
