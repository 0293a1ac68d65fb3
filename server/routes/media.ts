/**
 * GET and HEAD /media/{file}: the bytes of generated images, thumbnails and videos (openapi/paths/images.yaml#/media).
 *
 * Public by design (see server/media/store.ts): the file id is 128 random bits, so the URL is the
 * capability — `<img src>` / `<video src>` cannot send a bearer token. Files never change once written:
 * immutable caching with an ETag (304 on If-None-Match), `private` so shared caches do not keep a
 * user's pictures. The length and type come from the media_files row (cached for a few seconds: MediaFiles); the bytes are streamed from the media store
 * (server/media/media-store.ts) as they are sent, only the requested range of them, so a video of any size costs
 * the server a read buffer, not the file: one byte range (206) for video players, which seek with Range requests
 * (Safari needs them); 416 with `Content-Range: bytes * /size` for a range that starts past the end; a Range
 * header of another form (several ranges, another unit) is ignored and the whole file sent, as RFC 9110 allows.
 * HEAD answers the same headers without a body and without reading the store (02 §5: media URLs are checked with a HEAD request).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { HttpError, MSG } from '../http/errors';
import type { ByteRange } from '../media/media-store';
import { extensionOf, mediaFilesOf } from '../media/store';

export const MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** The byte range a Range header asks of a file of `size` bytes: a range, 'unsatisfiable', or null for the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // suffix range: the last N bytes
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Infinity : Number(m[2]);
  if (end < start) return null; // not a valid range: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

export function mediaRoutes() {
  const r = new Hono<AppEnv>();

  // Hono answers HEAD with this GET handler and drops the body; the handler checks the method so HEAD never opens the file.
  r.get('/media/:file', async (c) => {
    const m = /^([0-9a-f]{32})(?:\.([a-z0-9]{1,5}))?$/.exec(c.req.param('file'));
    if (!m) throw new HttpError(404, MSG.notFound);
    const media = mediaFilesOf(c.get('deps').db);
    const row = await media.row(m[1]!);
    if (!row) throw new HttpError(404, MSG.notFound);
    const etag = `"${row.id}"`;
    const size = row.byteLength;
    const headers: Record<string, string> = {
      'Content-Type': row.contentType,
      'Cache-Control': MEDIA_CACHE_CONTROL,
      ETag: etag,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `inline; filename="${row.id.slice(0, 12)}.${extensionOf(row.contentType)}"`,
    };
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((v) => v.trim() === etag || v.trim() === '*')) return c.body(null, 304, headers);

    const range = parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
    const status = range ? 206 : 200;
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['Content-Length'] = String(range ? range.end - range.start + 1 : size);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);

    const stream = await media.store.stream(row.storageKey, range ?? undefined);
    if (!stream) {
      media.forget([row.id]);
      console.error(`[media] ${row.id.slice(0, 8)}…: the store has no object ${row.storageKey.slice(0, 12)}…`);
      throw new HttpError(404, MSG.notFound);
    }
    return c.body(stream, status, headers);
  });

  return r;
}
