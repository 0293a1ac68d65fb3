/**
 * `npm run bench`: the speed part of the quality gates, as ONE table (figure, budget, measured).
 *
 *  1. builds the app into its own directory, dist-bench (so a bench never races `npm run build`'s dist/);
 *  2. runs the Playwright benchmarks in tests/bench/ (BENCH=1, E2E_PORT 4392, DIST_DIR=dist-bench):
 *     bundle-size.spec.ts → .bench/bundle.json, chat-stream.spec.ts → .bench/stream.json;
 *  3. runs scripts/load-test.ts (200 users for 60 s against the backend on 127.0.0.1:4394) → .bench/load.json;
 *  4. runs scripts/lighthouse.ts (Lighthouse, mobile, median of 3 runs on /login and /home) → .bench/lighthouse.json;
 *     a run that failed to load is an ERROR row, never a score in a median;
 *  5. runs scripts/media-bench.ts (a 20 MB video seeked with a Range request, 100 parallel image downloads, against
 *     the backend on 127.0.0.1:4395; needs no build) → .bench/media.json;
 *  6. prints the table and writes it to .bench/results.md.
 * Exits 1 when a budget is missed, a step failed or a Lighthouse run errored, 0 otherwise. `--skip-build` reuses dist-bench.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { lighthouseRows, type BenchRow, type LighthouseJson } from './lighthouse-verdict';

const DIST_DIR = 'dist-bench';
const E2E_PORT = '4392';
const skipBuild = process.argv.includes('--skip-build');

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.info(`\n── ${label}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) console.error(`── ${label} failed (exit ${r.status ?? r.signal})`);
  return r.status === 0;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

mkdirSync('.bench', { recursive: true });
// stale figures from an earlier run must not be reported as this run's
for (const f of ['bundle.json', 'stream.json', 'load.json', 'lighthouse.json', 'media.json']) rmSync(`.bench/${f}`, { force: true });

const steps: Record<string, boolean> = {};
steps.build = skipBuild && existsSync(`${DIST_DIR}/index.html`) ? true : run('build', 'npx', ['panda', 'codegen']) && run('build', 'npx', ['vite', 'build', '--outDir', DIST_DIR, '--emptyOutDir']);
if (steps.build) {
  steps.playwright = run('browser benchmarks', 'npx', ['playwright', 'test'], { BENCH: '1', DIST_DIR, E2E_PORT });
  steps.load = run('load test', 'npx', ['tsx', 'scripts/load-test.ts'], { DIST_DIR });
  steps.lighthouse = run('lighthouse', 'npx', ['tsx', 'scripts/lighthouse.ts'], { DIST_DIR });
}
steps.media = run('media serving', 'npx', ['tsx', 'scripts/media-bench.ts']);

interface BundleJson {
  routes: { route: string; gzipBytes: number; budgetBytes: number }[];
}
interface StreamJson {
  words: number;
  chunks: number;
  chunkPaceMs: number;
  /** the gate's window: the relay's first message to the frame after its last (tests/bench/chat-stream.spec.ts) */
  duringStream: { windowMs: number; relayMessages: number; busyMs: number; cpuMs: number };
  /** the median fresh page's render, from its trace; every page's in renderOnceTraceRunsMs */
  renderOnceTraceMs: number;
  renderOnceTraceRunsMs: number[];
  ratio: number;
  ratioBudget: number;
  cpuRatio: number;
  /** keystroke to stored and refetched (CDP TaskDuration), reported beside the gate figure */
  exchange: { wallMs: number; busyMs: { task: number }; renderOnceBusyMs: { task: number }; ratio: number };
  longestTaskMs: number;
  longestTaskBudgetMs: number;
  streamTasksOver50ms: number;
}
interface LoadJson {
  users: number;
  seconds: number;
  requests: number;
  streams: number;
  p50Ms: number;
  p99Ms: number;
  p99BudgetMs: number;
  errors: number;
  loadAverage1m?: { before: number; after: number };
}

type Row = BenchRow;
const rows: Row[] = [];
const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
let failed = Object.values(steps).some((ok) => !ok) || !steps.build;

const bundle = readJson<BundleJson>('.bench/bundle.json');
if (bundle) {
  for (const r of bundle.routes) {
    const ok = r.gzipBytes <= r.budgetBytes;
    failed ||= !ok;
    rows.push([`First-route JS, ${r.route}`, `≤ ${kb(r.budgetBytes)} gzip`, `${kb(r.gzipBytes)} gzip`, verdict(ok)]);
  }
} else {
  failed = true;
  rows.push(['First-route JS (/login, /home)', '≤ 150.0 KB gzip', 'not measured (bundle benchmark failed)', 'FAIL']);
}

const stream = readJson<StreamJson>('.bench/stream.json');
if (stream) {
  const ratioOk = stream.ratio <= stream.ratioBudget;
  const taskOk = stream.longestTaskMs <= stream.longestTaskBudgetMs;
  failed ||= !ratioOk || !taskOk;
  const what = `${stream.words.toLocaleString('en-US')} words in ${stream.chunks} chunks`;
  const d = stream.duringStream;
  rows.push([
    `Streaming render, ${what}: main-thread busy during the stream ÷ one render`,
    `≤ ${stream.ratioBudget}`,
    `${stream.ratio} (${Math.round(d.busyMs)} ms in the ${(d.windowMs / 1000).toFixed(1)} s from the reply's first piece to its last ÷ ` +
      `${Math.round(stream.renderOnceTraceMs)} ms, median of ${stream.renderOnceTraceRunsMs.map(Math.round).join(', ')}; in CPU time ${stream.cpuRatio})`,
    verdict(ratioOk),
  ]);
  const x = stream.exchange;
  rows.push([
    'Streaming render: the whole exchange (keystroke → stored, history refetched) ÷ one render',
    'reported (no budget)',
    `${x.ratio} (${Math.round(x.busyMs.task)} ms ÷ ${Math.round(x.renderOnceBusyMs.task)} ms, CDP TaskDuration)`,
    'info',
  ]);
  rows.push([
    'Streaming render: longest main-thread task',
    `≤ ${stream.longestTaskBudgetMs} ms`,
    `${stream.longestTaskMs} ms (${stream.streamTasksOver50ms} tasks over 50 ms)`,
    verdict(taskOk),
  ]);
} else {
  failed = true;
  rows.push(['Streaming render (20,000 words)', 'ratio ≤ 3, longest task ≤ 50 ms', 'not measured (stream benchmark failed)', 'FAIL']);
}

const load = readJson<LoadJson>('.bench/load.json');
if (load) {
  const p99Ok = load.p99Ms <= load.p99BudgetMs;
  const errOk = load.errors === 0;
  failed ||= !p99Ok || !errOk;
  rows.push([
    `Load, ${load.users} users × ${load.seconds} s: p99 of non-streamed calls`,
    `≤ ${load.p99BudgetMs} ms`,
    `${load.p99Ms} ms (p50 ${load.p50Ms} ms, ${load.requests} calls + ${load.streams} chat streams` +
      `${load.loadAverage1m ? `; machine load avg ${load.loadAverage1m.before}→${load.loadAverage1m.after} on 2 cores` : ''})`,
    verdict(p99Ok),
  ]);
  rows.push([`Load: errors`, '0', String(load.errors), verdict(errOk)]);
} else {
  failed = true;
  rows.push(['Load, 200 users × 60 s', 'p99 ≤ 50 ms, 0 errors', 'not measured (load test failed)', 'FAIL']);
}

interface MediaJson {
  video: { bytes: number; runs: number; ttfbMedianMs: number; ttfbP95Ms: number; ttfbBudgetMs: number; rssGrowthBytes: number; rssGrowthBudgetBytes: number };
  images: { parallel: number; rounds: number; imageBytes: number; p99MedianMs: number; p50AllMs: number; p99BudgetMs: number; floor404P99MedianMs: number };
  loadAverage1m: number;
}
const media = readJson<MediaJson>('.bench/media.json');
if (media) {
  const v = media.video;
  const im = media.images;
  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
  const ttfbOk = v.ttfbMedianMs <= v.ttfbBudgetMs;
  const rssOk = v.rssGrowthBytes < v.rssGrowthBudgetBytes;
  const imagesOk = im.p99MedianMs <= im.p99BudgetMs;
  failed ||= !ttfbOk || !rssOk || !imagesOk;
  rows.push([
    `Media: ${mb(v.bytes)} video, Range from the middle: time to first byte`,
    `≤ ${v.ttfbBudgetMs} ms`,
    `${v.ttfbMedianMs} ms (median of ${v.runs}; p95 ${v.ttfbP95Ms} ms)`,
    verdict(ttfbOk),
  ]);
  rows.push([
    `Media: server RSS growth while sending that range ${v.runs} times`,
    `< ${mb(v.rssGrowthBudgetBytes)} (the file's size)`,
    mb(v.rssGrowthBytes),
    verdict(rssOk),
  ]);
  rows.push([
    `Media: ${im.parallel} parallel image downloads (${(im.imageBytes / 1024).toFixed(0)} KB each): p99`,
    `≤ ${im.p99BudgetMs} ms`,
    `${im.p99MedianMs} ms (median of ${im.rounds} rounds; p50 ${im.p50AllMs} ms; 100 parallel 404s without a lookup: ${im.floor404P99MedianMs} ms; load avg ${media.loadAverage1m} on 2 cores)`,
    verdict(imagesOk),
  ]);
} else {
  failed = true;
  rows.push(['Media serving (20 MB video range, 100 parallel images)', 'TTFB ≤ 20 ms, p99 ≤ 50 ms', 'not measured (media bench failed)', 'FAIL']);
}

// A failed Lighthouse run is an ERROR row and fails the bench; it never enters a median (scripts/lighthouse-verdict.ts).
const lh = readJson<LighthouseJson>('.bench/lighthouse.json');
if (lh) {
  const verdicts = lighthouseRows(lh);
  failed ||= verdicts.failed;
  rows.push(...verdicts.rows);
} else {
  failed = true;
  rows.push(['Lighthouse mobile, /login and /home', '≥ 95 each', 'not measured (lighthouse step failed)', 'FAIL']);
}

const header: Row = ['Figure', 'Budget', 'Measured', 'Verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: Row) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
const table = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
const stamp = new Date().toISOString();
writeFileSync(
  '.bench/results.md',
  `# npm run bench — ${stamp}\n\nMachine: ${process.platform}, Node ${process.version}; details in .bench/*.json.\n\n${table}\n`,
);
console.info(`\n${table}\n\n(written to .bench/results.md)`);
process.exit(failed ? 1 : 0);
