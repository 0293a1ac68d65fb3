import { request as httpRequest } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';

/**
 * The production server sends the build's own Brotli or gzip copy of a file (vite.config.ts `precompress`,
 * server/serve.ts `precompressed`), whichever the browser accepts, and the file as it is to a client that accepts
 * neither; decoded, every answer is the built file byte for byte. Raw HTTP (not the browser, which decodes and
 * hides the encoding).
 */
const DIST_DIR = process.env.DIST_DIR ?? 'dist';

function get(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('the app files are sent as the build compressed them: Brotli, else gzip, else as they are', async ({ baseURL }) => {
  const assets = readdirSync(join(DIST_DIR, 'assets'));
  const entry = assets.find((f) => /^index-[\w-]+\.js$/.test(f));
  const css = assets.find((f) => /^index-[\w-]+\.css$/.test(f));
  expect(entry && css, 'the build has an entry chunk and a stylesheet').toBeTruthy();
  for (const file of [`assets/${entry}`, `assets/${css}`, 'color-mode-boot.js']) {
    const built = readFileSync(join(DIST_DIR, file));
    const br = await get(`${baseURL}/${file}`, 'gzip, deflate, br, zstd');
    expect(br.encoding, file).toBe('br');
    expect(br.vary, file).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(built), `${file} decoded from Brotli`).toBe(true);
    expect(br.body.length, file).toBeLessThan(built.length);

    const gz = await get(`${baseURL}/${file}`, 'gzip, deflate');
    expect(gz.encoding, file).toBe('gzip');
    expect(gunzipSync(gz.body).equals(built), `${file} decoded from gzip`).toBe(true);
    // the build's copies (Brotli at quality 11 beats gzip on every one of these files)
    expect(br.body.length, `${file}: Brotli smaller than gzip`).toBeLessThan(gz.body.length);

    const plain = await get(`${baseURL}/${file}`, '');
    expect(plain.encoding, file).toBeUndefined();
    expect(plain.body.equals(built), `${file} as it is`).toBe(true);
  }
});

test('the app page itself (index.html, any route) is still compressed for a browser that accepts it', async ({ baseURL }) => {
  const page = await get(`${baseURL}/login`, 'gzip, deflate, br');
  expect(page.encoding).toBe('gzip');
  expect(gunzipSync(page.body).toString('utf8')).toContain('<div id="root"></div>');
});

/**
 * The first route's modulepreload links come with the page (scripts/vite-route-preloads.ts, server/route-preloads.ts):
 * the browser starts the route's chunks while the page arrives, and the app inserts none of them again.
 */
const routePreloads = () =>
  JSON.parse(readFileSync(join(DIST_DIR, 'route-preloads.json'), 'utf8')) as { routes: { path: string; files: string[] }[] };
const modulepreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

test('the page of /login carries its route’s links, and the running app adds none twice', async ({ page, request }) => {
  const login = routePreloads().routes.find((r) => r.path === '/login')!;
  expect(login.files.some((f) => /\/login-page-[\w-]+\.js$/.test(f))).toBe(true);
  const html = await (await request.get('/login')).text();
  const sent = modulepreloads(html);
  for (const file of login.files) expect(sent).toContain(file);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Wordsmith AI' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  const inPage = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(inPage.length, inPage.join('\n')).toBe(new Set(inPage).size);
  for (const file of sent) expect(inPage).toContain(file);
});

test('a page behind sign-in gets no route links from the server (the visitor may be sent to /login)', async ({ request }) => {
  const chat = routePreloads().routes.find((r) => r.path === '/chat')!;
  const html = await (await request.get('/chat')).text();
  const sent = modulepreloads(html);
  for (const file of chat.files.filter((f) => /\/(chat-page|shell-layout)-/.test(f))) expect(sent).not.toContain(file);
  expect(html).toBe(readFileSync(join(DIST_DIR, 'index.html'), 'utf8'));
});
