/**
 * Lighthouse (the npm package) on Debian's Chromium, mobile emulation (Lighthouse's default: a Moto G-class
 * screen, simulated slow 4G and 4× CPU slowdown), against the production build served by server/serve.ts on
 * loopback: /login signed out and /home signed in as free@demo.test. Part of `npm run bench`.
 *
 * Each route is audited RUNS times and the median score of each category is reported (Lighthouse's own advice:
 * single runs vary by several points, more so on a shared 2-core machine). Budget: performance, accessibility and
 * best practices ≥ 95. A run that failed (a runtimeError, a category without a score, a score of 0) is recorded as
 * an error, not as a score, and is left out of the median (scripts/lighthouse-verdict.ts says why). Writes
 * .bench/lighthouse.json; exits 1 when a run failed, so the failure shows even when this script runs alone
 * (bench.ts judges the budgets, and fails on errors too).
 *
 * The signed-in run stores the bearer token the way the app does (localStorage 'auth') on a same-origin page
 * first, and tells Lighthouse not to reset storage, so /home is measured as a returning signed-in user sees it.
 *
 * Returning visitors, both routes, in the browser's steady state: before the measured runs each route is loaded
 * WARM_LOADS times unmeasured. Chromium compiles a script's code cache on its second load and uses it from the
 * third on; without the warm-up the second measured run would carry that one-off compilation (v8.produceModuleCache,
 * 100–170 ms of main-thread work at 1× CPU here; four times that as blocking time in Lighthouse's 4× simulation) and
 * the first run would have no code cache at all, while every later run did. docs/lighthouse.md has the measurements.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { checkRun, isError, LIGHTHOUSE_CATEGORIES as CATEGORIES, summarizeRuns, type LighthouseJson, type RunOutcome } from './lighthouse-verdict';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4396);
const BASE = `http://127.0.0.1:${PORT}`;
const DIST_DIR = process.env.DIST_DIR ?? (existsSync('dist-bench/index.html') ? 'dist-bench' : 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BUDGET = 95;
/** set to a folder to keep every run's full Lighthouse report (JSON) for inspection */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** unmeasured loads of each route before its runs (see above): the second one compiles the code cache */
const WARM_LOADS = 2;

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    // production headers and compression; a fresh in-memory database seeded with the demo accounts
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: 'memory://', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${PORT}`, QUEUE_JWT_SECRET: randomBytes(32).toString('hex'), DIST_DIR },
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

type RouteResult = LighthouseJson['routes'][number] & {
  /** the audits that cost the most in the median performance run (id: display value) */
  opportunities: string[];
};

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
      const runs: { outcome: RunOutcome; lhr: { audits: Record<string, { score: number | null; displayValue?: string; scoreDisplayMode?: string }> } }[] = [];
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
        const outcome = checkRun(r.lhr);
        if (isError(outcome)) console.error(`lighthouse ${route} run ${i + 1}/${RUNS}: ERROR ${outcome.error}`);
        else console.info(`lighthouse ${route} run ${i + 1}/${RUNS}: ${JSON.stringify(outcome.scores)}`);
        runs.push({ outcome, lhr: r.lhr as unknown as (typeof runs)[number]['lhr'] });
      }
      const summary = summarizeRuns(runs.map((x) => x.outcome));
      // the run that scored the median performance (or the first valid run; none when every run failed)
      const valid = runs.filter((x) => !isError(x.outcome));
      const medianRun = valid.find((x) => !isError(x.outcome) && x.outcome.scores.performance === summary.median.performance) ?? valid[0];
      const opportunities = medianRun
        ? Object.entries(medianRun.lhr.audits)
            .filter(([, a]) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
            .map(([id, a]) => `${id}${a.displayValue ? `: ${a.displayValue}` : ''}`)
        : [];
      results.push({ route, runs: runs.map((x) => x.outcome), median: summary.median, errors: summary.errors, opportunities });
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
  }
  mkdirSync('.bench', { recursive: true });
  const json: LighthouseJson & { warmLoads: number; formFactor: string } = { budget: BUDGET, runs: RUNS, warmLoads: WARM_LOADS, formFactor: 'mobile', routes: results };
  writeFileSync('.bench/lighthouse.json', JSON.stringify(json, null, 2));
  for (const r of results) console.info(`lighthouse ${r.route} median ${JSON.stringify(r.median)}${r.opportunities.length ? `; below 0.9: ${r.opportunities.join('; ')}` : ''}`);
  const errors = results.flatMap((r) => r.errors.map((e) => `${r.route} ${e}`));
  if (errors.length) {
    console.error(`lighthouse: ${errors.length} run(s) failed and were not counted:\n  ${errors.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
