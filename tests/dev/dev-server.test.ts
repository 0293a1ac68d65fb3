import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

/*
 * The dev server of `npm start` (vite.config.ts with the reference backend mounted), started on a free port with its
 * database persisted in a folder of its own under .data/, as the default database is. A database write must not
 * reach the open tabs as a reload (issue 33, finding 1: the watcher saw .data/pglite/pg_wal change and every tab
 * reloaded), and nothing under .data/ may be served (the WAL holds e-mails and password hashes).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const dataRoot = join(root, '.data');
mkdirSync(dataRoot, { recursive: true });
const dataDir = mkdtempSync(join(dataRoot, 'dev-server-test-'));
const dbDir = join(dataDir, 'pglite');

let server: ViteDevServer;
let base = '';
const sent: unknown[] = [];
const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };

beforeAll(async () => {
  // The dev plugin opens the persisted PGlite named by a file:// DATABASE_URL; DATA_DIR is what the production server
  // and the watcher's ignore list read.
  process.env.DATABASE_URL = `file://${dbDir}`;
  process.env.DATA_DIR = dbDir;
  server = await createServer({
    configFile: join(root, 'vite.config.ts'),
    root,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  // Everything the server tells its clients (full-reload, update, …) goes through the client environment's hot
  // channel, which wraps server.ws.
  for (const channel of new Set([server.ws, server.environments.client.hot])) {
    const send = channel.send.bind(channel) as (...args: unknown[]) => void;
    (channel as { send: (...args: unknown[]) => void }).send = (...args: unknown[]) => {
      sent.push(args[0]);
      send(...args);
    };
  }
  await server.listen();
  const address = server.httpServer!.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  // The backend opens its database on start; wait until it answers.
  for (let i = 0; i < 200; i++) {
    const r = await fetch(`${base}/api/health`).catch(() => null);
    if (r?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
  process.env.DATABASE_URL = saved.DATABASE_URL;
  process.env.DATA_DIR = saved.DATA_DIR;
  if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
  if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Files of the database, relative to the project, e.g. .data/dev-server-test-x/pglite/pg_wal/000000010000000000000001 */
function databaseFiles(dir = dbDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? databaseFiles(join(dir, e.name)) : [relative(root, join(dir, e.name))],
  );
}

describe('dev server (npm start)', () => {
  it('sends no reload to open tabs when the database is written', async () => {
    const walFile = databaseFiles().find((f) => f.includes('pg_wal/') && !f.includes('archive_status'));
    expect(walFile).toBeDefined();
    // Whatever a browser may have asked for under .data/ before (the WAL as ?raw, a module import) must not turn
    // the database's files into modules whose change reloads the page.
    await fetch(`${base}/${walFile}?raw`).catch(() => null);
    await fetch(`${base}/${walFile}?import`).catch(() => null);
    sent.length = 0;

    const email = `dev-${Date.now()}@example.com`;
    const reg = await post('/api/auth/register', { name: 'Dev Reload', email, password: 'no-reload-1' });
    expect(reg.status).toBe(200);
    const login = await post('/api/auth/login', { email, password: 'no-reload-1' });
    expect(login.status).toBe(200);
    await post('/api/auth/login', { email: 'free@demo.test', password: 'demo1234' });
    // Chokidar reports a change after its stability window; give it time to arrive.
    await new Promise((r) => setTimeout(r, 2500));

    const reloads = sent.filter((p) => (p as { type?: string })?.type === 'full-reload' || (p as { type?: string })?.type === 'update');
    expect(reloads).toEqual([]);
    // The watcher does not watch the data folder at all (no events, no reload, no CPU spent on the WAL).
    const watched = server.watcher.getWatched();
    expect(Object.keys(watched).filter((dir) => dir.startsWith(dataRoot))).toEqual([]);
  }, 60_000);

  it('serves nothing under .data/', async () => {
    const files = databaseFiles();
    const wal = files.find((f) => f.includes('pg_wal/') && !f.includes('archive_status'))!;
    const version = files.find((f) => f.endsWith('PG_VERSION'))!;
    for (const path of [wal, `${wal}?raw`, `${wal}?import`, `${version}?raw`, `@fs${join(root, version)}`]) {
      const r = await fetch(`${base}/${path}`);
      const text = await r.text();
      expect.soft([path, r.status]).toEqual([path, expect.toSatisfy((s: number) => s === 403 || s === 404)]);
      expect.soft(text).not.toContain('demo.test');
      expect.soft(text).not.toMatch(/^\d+\s*$/); // PG_VERSION's content, e.g. "17"
    }
  }, 60_000);
});
