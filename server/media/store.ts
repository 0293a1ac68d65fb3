/**
 * Generated files in the media_files table (bytes as base64 text), addressed by unguessable ids.
 *
 * Access model (decided here, documented in openapi GET /media/{file}): a media URL is a capability.
 * `<img src>` and `<video src>` cannot send the bearer token, so /media/{file} is public and its id is
 * 128 random bits (32 hex characters) — never derived from the user, the record id or the prompt — so
 * a URL cannot be guessed or enumerated, only shared by someone who has it (the spec's Share action
 * hands the image URL to an external page, 02 §2). Deleting the image or video deletes its files.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';

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

/** Stores bytes for a user; returns the site-relative URL path `/media/<id>.<ext>`. Call inside the storing transaction. */
export async function storeMedia(tx: Db, o: { userId: number; contentType: string; bytes: Uint8Array; now: Date }): Promise<string> {
  const id = newMediaId();
  await tx.insert(t.mediaFiles).values({
    id,
    userId: o.userId,
    contentType: o.contentType,
    dataBase64: Buffer.from(o.bytes).toString('base64'),
    byteLength: o.bytes.byteLength,
    createdAt: o.now,
  });
  return `/media/${id}.${extensionOf(o.contentType)}`;
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

/** Deletes the user's media files behind these URLs (others' or foreign URLs are ignored). */
export async function deleteMedia(tx: Db, userId: number, urls: (string | null | undefined)[]) {
  const ids = urls.map(mediaIdOf).filter((x): x is string => !!x);
  if (ids.length === 0) return;
  await tx.delete(t.mediaFiles).where(and(eq(t.mediaFiles.userId, userId), inArray(t.mediaFiles.id, ids)));
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
