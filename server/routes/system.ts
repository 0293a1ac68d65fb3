/** Health, development reset and crash logging. */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import type { JsonBody, JsonResponse } from '../types';
import { body } from '../http/util';
import { optionalAuth } from '../http/auth';
import { HttpError } from '../http/errors';

export function systemRoutes(devRoutes: boolean) {
  const r = new Hono<AppEnv>();

  r.get('/api/health', async (c) => {
    try {
      await c.get('deps').db.execute(sql`select 1`);
    } catch {
      throw new HttpError(503, 'The database is unavailable.');
    }
    return c.json({ status: 'ok' } satisfies JsonResponse<'/api/health', 'get', 200>, 200);
  });

  if (devRoutes) {
    r.post('/api/dev/reset', async (c) => {
      const { reset } = c.get('deps');
      if (!reset) throw new HttpError(404, 'Not Found');
      await reset();
      return c.json({ status: 'ok' } satisfies JsonResponse<'/api/dev/reset', 'post', 200>, 200);
    });
  }

  r.post('/logs/log-crash-report', optionalAuth(), async (c) => {
    const b = body<JsonBody<'/logs/log-crash-report', 'post'>>(c);
    const err = typeof b.error === 'string' ? { message: b.error } : b.error;
    const url = typeof b.metadata?.url === 'string' ? b.metadata.url.split('?')[0] : undefined;
    // Only the error's name/message and the page path: never tokens or query strings.
    console.warn(
      `[client crash] user=${c.get('auth')?.userId ?? '-'} url=${url ?? '-'} ${'name' in err && err.name ? err.name + ': ' : ''}${String(err.message).slice(0, 500)}`,
    );
    return c.json({ message: 'Crash report logged.', status: true }, 200);
  });

  return r;
}
