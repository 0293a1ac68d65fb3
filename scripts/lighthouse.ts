/**
 * Lighthouse (the npm package) on Debian's Chromium, mobile emulation (Lighthouse's default: a Moto G-class
 * screen, simulated slow 4G and 4× CPU slowdown), against the production build served by server/serve.ts on
 * loopback: /login signed out and /home signed in as free@demo.test. Part of `npm run bench`.
 *
 * Each route is audited RUNS times and the median score of each category is reported (Lighthouse's own advice:
 * single runs vary by several points, more so on a shared 2-core machine). Budget (issue "Quality gates"):
 * performance, accessibility and best practices ≥ 95. Writes .bench/lighthouse.json; exits 0 (bench.ts judges).
 *
 * The signed-in run stores the bearer token the way the app does (localStorage 'auth') on a same-origin page
 * first, and tells Lighthouse not to reset storage, so /home is measured as a returning signed-in user sees it.
 *
 * Returning visitors, both routes, in the browser's steady state: before the measured runs each route is loaded
 * WARM_LOADS times unmeasured. Chromium compiles a script's code cache on its second load and uses it from the
 * third on; without the warm-up, the second measured run of a route carried that one-off compilation (100–170 ms
 * of main-thread work at 1× CPU, v8.produceModuleCache in its trace, 2026-11-26) — four times that as blocking
 * time in Lighthouse's 4× CPU simulation — and the first run had no code cache at all, while every later run did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4396);
const BASE = `http://127.0.0.1:${PORT}`;
const DIST_DIR = process.env.DIST_DIR ?? (existsSync('dist-bench/index.html') ? 'dist-bench' : 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BUDGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** set to a folder to keep every run's full Lighthouse report (JSON) for inspection */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** unmeasured loads of each route before its runs (see above): the second one compiles the code cache */
const WARM_LOADS = 2;

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    // production headers and compression; a fresh in-memory database seeded with the demo accounts
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: 'memory://', NODE_ENV: 'production', DIST_DIR },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer on ${BASE}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface RouteResult {
  route: string;
  runs: Record<string, number>[];
  median: Record<string, number>;
  /** the audits that cost the most in the median performance run (id: display value) */
  opportunities: string[];
}

async function main() {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: RouteResult[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application': 'writer-web' },
      body: JSON.stringify({ email: 'free@demo.test', password: 'demo1234' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    for (const [route, signedIn] of [['/login', false], ['/home', true]] as const) {
      const runs: { scores: Record<string, number>; lhr: { audits: Record<string, { score: number | null; displayValue?: string; scoreDisplayMode?: string }> } }[] = [];
      const openPage = async () => {
        const page = await browser.newPage();
        // a same-origin page that loads no app code, to set (or clear) the stored token
        await page.goto(`${BASE}/favicon.svg`);
        await page.evaluate((t: string | null) => {
          localStorage.clear();
          if (t) localStorage.setItem('auth', JSON.stringify({ token: t, loginTime: Date.now() }));
        }, signedIn ? token : null);
        return page;
      };
      for (let i = 0; i < WARM_LOADS; i++) {
        const page = await openPage();
        await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle0' });
        // the background loads after the first route (the app's idle queue) run their chunks too
        await new Promise((r) => setTimeout(r, 4000));
        await page.close();
      }
      for (let i = 0; i < RUNS; i++) {
        const page = await openPage();
        const r = await lighthouse(
          `${BASE}${route}`,
          { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: [...CATEGORIES], formFactor: 'mobile' },
          undefined,
          page,
        );
        await page.close();
        if (!r) throw new Error(`Lighthouse returned nothing for ${route}`);
        if (REPORT_DIR) {
          mkdirSync(REPORT_DIR, { recursive: true });
          writeFileSync(`${REPORT_DIR}/${route.slice(1)}-${i + 1}.json`, JSON.stringify(r.lhr, null, 1));
        }
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((r.lhr.categories[c]?.score ?? 0) * 100)]));
        console.info(`lighthouse ${route} run ${i + 1}/${RUNS}: ${JSON.stringify(scores)}`);
        runs.push({ scores, lhr: r.lhr as unknown as (typeof runs)[number]['lhr'] });
      }
      const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((x) => x.scores[c]))]));
      const medianRun = runs.find((x) => x.scores.performance === med.performance) ?? runs[0];
      const opportunities = Object.entries(medianRun.lhr.audits)
        .filter(([, a]) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
        .map(([id, a]) => `${id}${a.displayValue ? `: ${a.displayValue}` : ''}`);
      results.push({ route, runs: runs.map((x) => x.scores), median: med, opportunities });
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
  }
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/lighthouse.json', JSON.stringify({ budget: BUDGET, runs: RUNS, warmLoads: WARM_LOADS, formFactor: 'mobile', routes: results }, null, 2));
  for (const r of results) console.info(`lighthouse ${r.route} median ${JSON.stringify(r.median)}${r.opportunities.length ? `; below 0.9: ${r.opportunities.join('; ')}` : ''}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
