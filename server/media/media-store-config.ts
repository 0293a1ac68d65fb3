/**
 * Which media store a server uses (server/media/media-store.ts), from its settings:
 *   - an in-memory database (memory://, tests) → a temporary directory, removed on close: its files live no
 *     longer than its rows (S3 settings are ignored, so a test run never writes into a real bucket);
 *   - S3_BUCKET (with S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY …) → the S3-compatible store;
 *   - MEDIA_DIR → files in that directory;
 *   - otherwise files beside the database: `<PGlite directory>-media` (`.data/pglite-media` by default), or
 *     `.data/media` with a PostgreSQL server. Never inside a served or committed folder (checked by the fs store).
 * Several app servers on one database need one store they all reach: S3, or a MEDIA_DIR they share.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathFromModule } from '../lib/module-path';
import { createFsMediaStore } from './fs-media-store';
import type { MediaStore } from './media-store';
import { createS3MediaStore } from './s3-media-store';

export const PROJECT_ROOT = pathFromModule('../..', import.meta.url);

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;

export type MediaDatabase = { kind: 'memory' } | { kind: 'pglite'; dataDir: string } | { kind: 'postgres' };

/** The S3 settings when any is given; a partial configuration is refused, naming what is missing. */
export function s3SettingsFrom(env: Record<string, string | undefined>) {
  const v = (name: string) => env[name]?.trim() || undefined;
  if (!S3_SETTINGS.some((name) => v(name))) return null;
  const missing = ['S3_BUCKET', 'S3_REGION'].filter((name) => !v(name));
  if (!!v('S3_ACCESS_KEY_ID') !== !!v('S3_SECRET_ACCESS_KEY')) missing.push(v('S3_ACCESS_KEY_ID') ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID');
  if (missing.length > 0) throw new Error(`The media store's S3 settings are incomplete: ${missing.join(', ')} missing.`);
  return {
    bucket: v('S3_BUCKET')!,
    region: v('S3_REGION')!,
    endpoint: v('S3_ENDPOINT'),
    accessKeyId: v('S3_ACCESS_KEY_ID'),
    secretAccessKey: v('S3_SECRET_ACCESS_KEY'),
    prefix: env.S3_PREFIX ?? undefined,
    forcePathStyle: v('S3_FORCE_PATH_STYLE') ? v('S3_FORCE_PATH_STYLE') === '1' : undefined,
  };
}

export async function mediaStoreFromEnv(database: MediaDatabase, env: Record<string, string | undefined> = process.env): Promise<MediaStore> {
  if (database.kind === 'memory') {
    return createFsMediaStore({ dir: await mkdtemp(join(tmpdir(), 'wordsmith-media-')), removeOnClose: true });
  }
  const s3 = s3SettingsFrom(env);
  if (s3) return createS3MediaStore(s3);
  const dir =
    env.MEDIA_DIR?.trim() || (database.kind === 'pglite' ? `${database.dataDir.replace(/[\\/]+$/, '')}-media` : join(PROJECT_ROOT, '.data', 'media'));
  return createFsMediaStore({ dir, projectRoot: PROJECT_ROOT });
}
