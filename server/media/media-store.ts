/**
 * Where the bytes of generated files live, behind one small interface; the media_files table keeps what is known
 * about each file (id, owner, content type, length, storage key) and server/media/store.ts ties the two together.
 *
 * Keys are content addresses: the sha256 of the bytes in hex. Writing the same bytes twice is the same object
 * (a retried upload or a re-run of the move out of media_files cannot leave two copies), and a key can never
 * name a path outside the store. Two stores:
 *   - the filesystem under the data directory (server/media/fs-media-store.ts) — the default;
 *   - an S3-compatible object store (server/media/s3-media-store.ts) when S3_BUCKET is set (mediaStoreFromEnv).
 */
import { createHash } from 'node:crypto';

/** A byte range, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  /** 'fs' or 's3', for logs and the bench. */
  readonly kind: string;
  /** Stores the bytes under their key (mediaKey(bytes)); storing a key that exists keeps one object. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** The object's bytes (only the range when given) as a stream read on demand, or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the object; nothing when there is none. */
  delete(key: string): Promise<void>;
  /** Lets go of what the store holds open (an S3 client's sockets, a temporary directory). */
  close(): Promise<void>;
}

export const MEDIA_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** The content address of some bytes: their sha256 in lowercase hex. */
export function mediaKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Refuses anything but a content address, so no caller can make a store touch another path or object. */
export function checkMediaKey(key: string): string {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`not a media key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** Reads a whole stream into one buffer (small files only: an uploaded image used as a video's input). */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/**
 * The store opened with each database (openDb), so an app built on a database without naming a store (a test's
 * own createApp on the shared test database) reads and writes the same files as the app beside it.
 */
const storeOfDb = new WeakMap<object, MediaStore>();
export function registerMediaStore(db: object, store: MediaStore): void {
  storeOfDb.set(db, store);
}
export function mediaStoreOf(db: object | undefined): MediaStore | undefined {
  return db ? storeOfDb.get(db) : undefined;
}
