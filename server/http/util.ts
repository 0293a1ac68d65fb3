import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { HttpError, MSG } from './errors';
import { escapeHtml } from '../lib/html';

/** The validated JSON body (see openApiValidator), typed by the caller from the generated types. */
export function body<T>(c: Context<AppEnv>): T {
  return c.get('body') as T;
}

/** Positive integer path parameter, else 404. */
export function idParam(c: Context<AppEnv>, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new HttpError(404, MSG.notFound);
  return Number(raw);
}

/** Lenient positive integer query parameter (paging). */
export function intQuery(c: Context<AppEnv>, name: string, fallback: number, max = 100): number {
  const raw = c.req.query(name);
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : fallback;
  return Math.min(Math.max(1, n), max);
}

/** The origin links are written with: the configured public URL; the request's own only where none is configured (development, tests). */
export function origin(c: Context): string {
  const configured = (c.get('deps') as AppDeps | undefined)?.config.publicUrl;
  return configured ? new URL(configured).origin : new URL(c.req.url).origin;
}

/** A small self-contained HTML page (no scripts: the production CSP forbids inline scripts). */
export function htmlPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(24rem, 92vw); padding: 2rem; border: 1px solid GrayText; border-radius: 12px; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  label { display: block; margin: 0.75rem 0 0.25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 0.6rem; font: inherit; border: 1px solid GrayText; border-radius: 6px; }
  button { margin-top: 1.25rem; width: 100%; padding: 0.7rem; font: inherit; font-weight: 600; border-radius: 6px; border: 0; cursor: pointer; background: #4338ca; color: #fff; }
  button.secondary { background: transparent; color: CanvasText; border: 1px solid GrayText; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .error { color: #b91c1c; background: #fee2e2; padding: 0.6rem; border-radius: 6px; }
  .muted { opacity: 0.8; font-size: 0.9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>`;
}
