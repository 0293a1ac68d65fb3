/**
 * Production server: the built app (dist/) and the reference backend from one Node process.
 *   npm run build && npm run serve
 * Env: PORT (default 4173), HOST (default 127.0.0.1), DATABASE_URL ('memory://', postgres://…, or unset
 * for the persisted PGlite in .data/), DATA_DIR (the persisted PGlite in that directory instead).
 * Production by default: PUBLIC_URL and QUEUE_JWT_SECRET are required, or the start is refused naming what is
 * missing; WORDSMITH_DEV=1 turns on the development routes instead (server/runtime.ts), loudly.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { readFile } from 'node:fs/promises';
import { startRuntime } from './runtime';
import { isBackendPath } from './backend-paths';
import { securityHeaders } from './security-headers';
import { pageWithPreloads, type RoutePreloads } from './route-preloads';

const port = Number(process.env.PORT ?? 4173);
const hostname = process.env.HOST ?? '127.0.0.1';

// DATA_DIR: the persisted PGlite's directory instead of .data/pglite (a test's own server that restarts on its data).
const dataDir = process.env.DATA_DIR?.trim();
const runtime = await startRuntime(dataDir ? { dataDir } : { databaseUrl: process.env.DATABASE_URL }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
// DIST_DIR: another build directory (a relative path, from the project root), e.g. a side build for benchmarks.
const distDir = process.env.DIST_DIR ?? 'dist';
const indexHtml = await readFile(new URL(`../${distDir}/index.html`, import.meta.url), 'utf8').catch(() => {
  console.error(`${distDir}/index.html is missing: run \`npm run build\` first.`);
  process.exit(1);
});
// The first route's modulepreload links go into the page (server/route-preloads.ts); a build without the file
// (an older one) is served as it is.
const preloads = await readFile(new URL(`../${distDir}/route-preloads.json`, import.meta.url), 'utf8')
  .then((text) => JSON.parse(text) as RoutePreloads)
  .catch(() => null);
const pageFor = pageWithPreloads(indexHtml, preloads);

const root = new Hono();
root.use('*', securityHeaders());
root.all('*', async (c, next) => {
  // Pass the Node bindings through so the backend sees the client address (sign-in rate limiting).
  if (isBackendPath(c.req.path)) return runtime.app.fetch(c.req.raw, c.env);
  return next();
});
// The app's own files are compressed (the first page loads far fewer bytes): the build's Brotli or gzip copy
// of a file when the browser accepts one (vite.config.ts, `precompress`; compress() leaves an encoded response
// alone), otherwise gzip or deflate made here (index.html, a build without copies). Backend answers are returned
// above and never pass here: a compressor would hold back streamed replies.
root.use('*', compress());
// Hashed assets are immutable; index.html is never cached so a deploy is picked up at once.
root.use('/assets/*', async (c, next) => {
  await next();
  if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
});
root.use('*', serveStatic({ root: `./${distDir}`, precompressed: true }));
root.get('*', (c) => c.html(pageFor(c.req.path), 200, { 'Cache-Control': 'no-cache' }));

const server = serve({ fetch: root.fetch, port, hostname }, (info) => {
  console.log(`Wordsmith AI is running at http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${info.port}`);
});

async function shutdown() {
  server.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
