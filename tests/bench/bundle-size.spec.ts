import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signIn } from '../e2e/fixtures';

/**
 * Bundle-size benchmark (`npm run bench:bundle`; the quality issue turns it into a gate in npm test).
 * Budget: the JavaScript a first visit needs to show its route — /login signed out,
 * /home signed in — is at most 150 KB gzip: every script requested until the page's heading is visible
 * (parts loaded later on idle, like the toaster, are not on that path). Measured on the production build,
 * each file gzipped at level 9 as a server would send it. Prints the size per chunk, and writes the totals to
 * .bench/bundle.json for `npm run bench` (scripts/bench.ts). The build read is DIST_DIR's (default dist), the
 * directory the server under test serves.
 */
const BUDGET_BYTES = 150 * 1024;
const DIST_DIR = process.env.DIST_DIR ?? 'dist';

function collectScripts(page: Page) {
  const files = new Set<string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) files.add(url.pathname);
  });
  return files;
}

function report(label: string, files: Set<string>) {
  const rows = [...files].map((p) => {
    const raw = readFileSync(join(DIST_DIR, p));
    return { chunk: p.replace('/assets/', ''), raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  console.info(
    `\nJS loaded for ${label}: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)\n` +
      rows.map((r) => `  ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip ${(r.raw / 1024).toFixed(1).padStart(8)} KB raw  ${r.chunk}`).join('\n'),
  );
  console.info(`  → ${total <= BUDGET_BYTES ? 'within' : 'OVER'} budget`);
  return { route: label, gzipBytes: total, budgetBytes: BUDGET_BYTES, chunks: rows };
}

test('first-route JavaScript, /login signed out and /home signed in, against the 150 KB gzip budget', async ({ page, context }) => {
  const loginFiles = collectScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Wordsmith AI' })).toBeVisible();
  const login = report('/login (signed out)', loginFiles);

  await signIn(page, 'free@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  const fresh = await context.newPage();
  const homeFiles = collectScripts(fresh);
  await fresh.goto('/home');
  await expect(fresh.getByRole('heading', { name: /Welcome back, / })).toBeVisible();
  const home = report('/home (signed in)', homeFiles);
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/bundle.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), distDir: DIST_DIR, routes: [login, home] }, null, 2)}\n`);
});
