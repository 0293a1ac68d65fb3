/**
 * Generated files, addressed by unguessable ids: the media_files table keeps what is known about each file (owner,
 * content type, length, storage key) and a MediaStore (server/media/media-store.ts) keeps the bytes.
 *
 * Access model (decided here, documented in openapi GET /media/{file}): a media URL is a capability.
 * `<img src>` and `<video src>` cannot send the bearer token, so /media/{file} is public and its id is
 * 128 random bits (32 hex characters) — never derived from the user, the record id, the prompt or the bytes — so
 * a URL cannot be guessed or enumerated, only shared by someone who has it (the spec's Share action
 * hands the image URL to an external page, 02 §2). Deleting the image or video deletes its files.
 *
 * Storage keys are content addresses, so two rows with the same bytes share one stored object: an object is
 * removed only when no row names it any more. Both sides take a PostgreSQL advisory lock on the key — storing
 * and deleting rows a shared one, inside the caller's transaction; the removal an exclusive one in a transaction
 * of its own, started after the rows are deleted — so the removal runs only once the deleting transaction has
 * ended (committed: no row left, the object goes; rolled back: the row is back, the object stays) and never
 * between another transaction's store of the same bytes and its commit. A transaction that stores and then rolls
 * back leaves its object unnamed (a stray file, never a missing one).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { mediaKey, mediaStoreOf, readAll, type MediaStore } from './media-store';

export const MEDIA_ID_PATTERN = /^[0-9a-f]{32}$/;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
};

export const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? 'bin';

export function newMediaId(): string {
  return randomBytes(16).toString('hex');
}

/** The class id of media advisory locks (two-key form: apart from single-bigint locks other code may take). */
const MEDIA_LOCK_CLASS = 0x6d656469; // 'medi'

const lockKey = (tx: Db, key: string, mode: 'shared' | 'exclusive') =>
  mode === 'shared'
    ? tx.execute(sql`select pg_advisory_xact_lock_shared(${MEDIA_LOCK_CLASS}::int, hashtext(${key}))`)
    : tx.execute(sql`select pg_advisory_xact_lock(${MEDIA_LOCK_CLASS}::int, hashtext(${key}))`);

/** A database that was not opened by openDb and got no store (a test app that never touches media): any use fails loudly. */
const noMediaStore: MediaStore = new Proxy({} as MediaStore, {
  get: (_, name) => (name === 'kind' ? 'none' : () => Promise.reject(new Error('no media store: open the database with openDb or pass deps.media'))),
});

type MediaRow = typeof t.mediaFiles.$inferSelect;

/** How long /media/{file} trusts a media_files row it has read (the MediaFiles row cache), ms. */
export const MEDIA_ROW_TTL_MS = 10_000;
const MEDIA_ROW_CACHE_SIZE = 10_000;

/**
 * The media files of one database: its rows, the store of their bytes, and the removals still running.
 *
 * Serving keeps the rows it has read for MEDIA_ROW_TTL_MS (at most MEDIA_ROW_CACHE_SIZE, least recently used
 * out first): a row never changes, so the cache only has to follow deletions. A deletion through this process
 * drops its rows at once (and again once its transaction has ended); a deletion by another app server is seen
 * here within MEDIA_ROW_TTL_MS — sooner when the object went with it (the store answers nothing: 404), later
 * never. Safe to lose: a restart only makes the next reads ask the database. Without it, every image of a page
 * is one more query on the embedded database, whose queries run one at a time.
 */
export class MediaFiles {
  private readonly removals = new Set<Promise<void>>();
  private readonly rows = new Map<string, { row: MediaRow; until: number }>();
  /** The row cache's lifetime, and its clock (real time; tests replace it). */
  rowTtlMs = MEDIA_ROW_TTL_MS;
  now = () => performance.now();
  constructor(readonly db: Db) {}

  /** The store opened with the database (openDb), or the one its app was given (createApp's deps.media). */
  get store(): MediaStore {
    return mediaStoreOf(this.db) ?? noMediaStore;
  }

  /** The row of a media id, through the row cache (class comment). */
  async row(id: string): Promise<MediaRow | null> {
    const now = this.now();
    const hit = this.rows.get(id);
    this.rows.delete(id);
    if (hit && hit.until > now) {
      this.rows.set(id, hit); // most recently used last
      return hit.row;
    }
    const row = await readMedia(this.db, id);
    if (row && this.rowTtlMs > 0) {
      this.rows.set(id, { row, until: now + this.rowTtlMs });
      if (this.rows.size > MEDIA_ROW_CACHE_SIZE) this.rows.delete(this.rows.keys().next().value!);
    }
    return row;
  }

  /** Drops rows from the row cache (deleted, or found without their object). */
  forget(ids: string[]): void {
    for (const id of ids) this.rows.delete(id);
  }

  /**
   * After rows were deleted: removes the objects behind these keys that no row names any more (module comment;
   * errors are logged), and drops the rows from the row cache once the deleting transaction has ended.
   */
  collect(keys: string[], ids: string[] = []): void {
    this.forget(ids);
    for (const key of new Set(keys)) {
      const job = this.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '60s'`);
          await lockKey(tx, key, 'exclusive');
          // the deleting transaction has ended: a read between its deletion and its commit may have cached a row again
          this.forget(ids);
          const [named] = await tx.select({ id: t.mediaFiles.id }).from(t.mediaFiles).where(eq(t.mediaFiles.storageKey, key)).limit(1);
          if (!named) await this.store.delete(key);
        })
        .catch((err: unknown) => console.error(`[media] object ${key.slice(0, 12)}… was not removed:`, err instanceof Error ? err.message : err));
      this.removals.add(job);
      void job.finally(() => this.removals.delete(job));
    }
  }

  /** Resolves once every removal started so far has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.removals.size > 0) await Promise.all([...this.removals]);
  }
}

const filesOfDb = new WeakMap<Db, MediaFiles>();
/** The media files of a database: one object per database, whichever app or service asks. */
export function mediaFilesOf(db: Db): MediaFiles {
  let files = filesOfDb.get(db);
  if (!files) {
    files = new MediaFiles(db);
    filesOfDb.set(db, files);
  }
  return files;
}

/** Stores bytes for a user; returns the site-relative URL path `/media/<id>.<ext>`. Call inside the storing transaction. */
export async function storeMedia(tx: Db, media: MediaFiles, o: { userId: number; contentType: string; bytes: Uint8Array; now: Date }): Promise<string> {
  const id = newMediaId();
  const storageKey = mediaKey(o.bytes);
  await lockKey(tx, storageKey, 'shared');
  await media.store.put(storageKey, o.bytes, o.contentType);
  await tx.insert(t.mediaFiles).values({
    id,
    userId: o.userId,
    contentType: o.contentType,
    storageKey,
    byteLength: o.bytes.byteLength,
    createdAt: o.now,
  });
  return `/media/${id}.${extensionOf(o.contentType)}`;
}

/** The whole bytes of a stored file (small files only: an image used as a video's input), or null when they are gone. */
export async function readMediaBytes(media: MediaFiles, row: { storageKey: string }): Promise<Buffer | null> {
  const stream = await media.store.stream(row.storageKey);
  return stream ? readAll(stream) : null;
}

/** The media id inside a stored or absolute media URL, or null when the URL is not one of ours. */
export function mediaIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let path: string;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  const m = /^\/media\/([0-9a-f]{32})(?:\.[a-z0-9]{1,5})?$/.exec(path);
  return m ? m[1]! : null;
}

/** A stored media path as the absolute URL clients get (same origin as the request). */
export function publicMediaUrl(origin: string, stored: string | null | undefined): string | null {
  if (!stored) return null;
  return stored.startsWith('/') ? `${origin}${stored}` : stored;
}

export async function readMedia(db: Db, id: string) {
  const [row] = await db.select().from(t.mediaFiles).where(eq(t.mediaFiles.id, id)).limit(1);
  return row ?? null;
}

/** A user's own media file by URL (for image-to-video inputs), or null. */
export async function readOwnMedia(db: Db, userId: number, url: string | null | undefined) {
  const id = mediaIdOf(url);
  if (!id) return null;
  const [row] = await db
    .select()
    .from(t.mediaFiles)
    .where(and(eq(t.mediaFiles.id, id), eq(t.mediaFiles.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Deletes the user's media files behind these URLs (others' or foreign URLs are ignored), inside the caller's
 * transaction; their objects are removed once it has ended, when no other row names them (module comment).
 */
export async function deleteMedia(tx: Db, media: MediaFiles, userId: number, urls: (string | null | undefined)[]) {
  const ids = urls.map(mediaIdOf).filter((x): x is string => !!x);
  if (ids.length === 0) return;
  const gone = await tx
    .delete(t.mediaFiles)
    .where(and(eq(t.mediaFiles.userId, userId), inArray(t.mediaFiles.id, ids)))
    .returning({ storageKey: t.mediaFiles.storageKey });
  const keys = [...new Set(gone.map((g) => g.storageKey))].sort();
  for (const key of keys) await lockKey(tx, key, 'shared');
  media.collect(keys, ids);
}

/** The image format of some bytes by their signature (PNG, JPEG, WebP, GIF), or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('ascii', 0, 6))) return 'image/gif';
  return null;
}
