/**
 * GET /media/{file}: the bytes of generated images, thumbnails and videos (openapi/paths/images.yaml#/media).
 *
 * Public by design (see server/media/store.ts): the file id is 128 random bits, so the URL is the
 * capability — `<img src>` / `<video src>` cannot send a bearer token. Files never change once written:
 * immutable caching with an ETag (304 on If-None-Match), `private` so shared caches do not keep a
 * user's pictures. Byte ranges (206) for video players, which seek with Range requests (Safari needs them).
 * HEAD answers the same headers without a body (02 §5: media URLs are checked with a HEAD request).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { HttpError, MSG } from '../http/errors';
import { extensionOf, readMedia } from '../media/store';

export const MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export function mediaRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/media/:file', async (c) => {
    const m = /^([0-9a-f]{32})(?:\.([a-z0-9]{1,5}))?$/.exec(c.req.param('file'));
    if (!m) throw new HttpError(404, MSG.notFound);
    const row = await readMedia(c.get('deps').db, m[1]!);
    if (!row) throw new HttpError(404, MSG.notFound);
    const etag = `"${row.id}"`;
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

    const bytes = Buffer.from(row.dataBase64, 'base64');
    const range = c.req.header('range');
    if (range) {
      const rm = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      const size = bytes.length;
      let start = rm && rm[1] !== '' ? Number(rm[1]) : NaN;
      let end = rm && rm[2] !== '' ? Number(rm[2]) : NaN;
      if (rm && rm[1] === '' && rm[2] !== '') {
        // suffix range: the last N bytes
        start = Math.max(0, size - Number(rm[2]));
        end = size - 1;
      } else if (rm && Number.isNaN(end)) end = size - 1;
      if (!rm || Number.isNaN(start) || start >= size || end < start) {
        return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
      }
      end = Math.min(end, size - 1);
      const part = bytes.subarray(start, end + 1);
      return c.body(new Uint8Array(part), 206, {
        ...headers,
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Length': String(part.length),
      });
    }
    return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Length': String(bytes.length) });
  });

  return r;
}
