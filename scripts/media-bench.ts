/**
 * Media serving benchmark (issue 34's Speed rows; run by `npm run bench`, or alone: `npx tsx scripts/media-bench.ts`).
 *
 * Starts scripts/media-bench-server.ts on loopback (its own port, a fresh in-memory database whose media store is
 * the filesystem store; one 20 MB video and 100 generated 1024×1024 PNGs stored as the app stores them), then:
 *   1. video seeking: RUNS times, GET the video with `Range: bytes=<middle>-` (the second half, 10 MB) and read it
 *      to the end; time to first byte = from sending the request to the first body byte. Before the first run the
 *      server's peak-RSS mark is reset (/proc/<pid>/clear_refs); after the last its peak (VmHWM) is read: the growth
 *      over the resting RSS must stay under the file's size — a server that read the file whole would grow by at
 *      least its 20 MB. (The peak counts pieces already sent and not yet collected: it swings by several MB between
 *      runs with the garbage collector's timing; 20 runs send 200 MB.)
 *   2. images: ROUNDS times, 100 downloads at once (every image once, whole body), each timed from sending its
 *      request to its last byte; the p99 of each round. After a warm-up round, so the rows are in the serving row
 *      cache (server/media/store.ts) as they are for a gallery viewed again. Beside it, the same 100 parallel
 *      requests answered 404 before any lookup: the floor of the HTTP stack on this machine at that moment.
 * Budgets: median time to first byte ≤ 20 ms; median of the rounds' p99 ≤ 50 ms. Prints the figures and writes
 * .bench/media.json. Traffic goes only to 127.0.0.1; the script stops the server it started (by its process id).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';

const PORT = 4395;
const RUNS = 20;
const ROUNDS = 10;
const TTFB_BUDGET_MS = 20;
const P99_BUDGET_MS = 50;

interface Ready {
  port: number;
  video: string;
  videoBytes: number;
  images: string[];
  store: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 100) / 100;

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} for process ${pid}`);
  return Number(m[1]) * 1024;
}

const agent = new Agent({ keepAlive: true, maxSockets: 200 });

/** One GET: ms to the first body byte, ms to the last, status and bytes read. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; ttfbMs: number; totalMs: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first = 0;
    let bytes = 0;
    const req = request({ host: '127.0.0.1', port: PORT, path, headers, agent }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (!first) first = performance.now();
        bytes += chunk.length;
      });
      res.on('end', () => {
        const end = performance.now();
        resolve({ status: res.statusCode ?? 0, ttfbMs: (first || end) - start, totalMs: end - start, bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/media-bench-server.ts', '--port', String(PORT)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stop);

try {
  const ready = await new Promise<Ready>((resolve, reject) => {
    const lines = createInterface({ input: server.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Ready);
    });
    server.once('exit', (code) => reject(new Error(`the media bench server exited (${code}) before it was ready`)));
  });
  const pid = server.pid!;
  console.info(`media bench: server ${pid} on 127.0.0.1:${PORT} (${ready.store} store), ${ready.images.length} images, a ${ready.videoBytes / 1048576} MB video`);

  // warm-up (not measured): the route, the connections, the file cache
  for (let i = 0; i < 3; i++) await get(ready.video, { range: 'bytes=0-1023' });
  await Promise.all(ready.images.map((p) => get(p)));

  const middle = Math.floor(ready.videoBytes / 2);
  const restingRss = procStatus(pid, 'VmRSS');
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // reset the peak-RSS mark to now
  const ttfb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await get(ready.video, { range: `bytes=${middle}-` });
    if (r.status !== 206 || r.bytes !== ready.videoBytes - middle) throw new Error(`video range: ${r.status}, ${r.bytes} bytes`);
    ttfb.push(r.ttfbMs);
  }
  const peakRss = procStatus(pid, 'VmHWM');
  const rssGrowth = Math.max(0, peakRss - restingRss);

  const roundP99: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const results = await Promise.all(ready.images.map((p) => get(p)));
    for (const r of results) if (r.status !== 200 || r.bytes === 0) throw new Error(`image download: ${r.status}`);
    const ms = results.map((r) => r.totalMs);
    all.push(...ms);
    roundP99.push(percentile(ms, 99));
  }
  const imageBytes = (await get(ready.images[0]!)).bytes;
  // The floor of this machine's HTTP stack at the same concurrency: 100 requests the route answers 404 before any
  // lookup (a malformed id), timed the same way. Reported beside the images' figure (a loaded machine raises both).
  const floorP99: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const results = await Promise.all(ready.images.map(() => get('/media/not-a-media-id')));
    floorP99.push(percentile(results.map((r) => r.totalMs), 99));
  }
  const load = loadavg()[0]!;

  const out = {
    video: {
      bytes: ready.videoBytes,
      range: `bytes=${middle}-`,
      runs: RUNS,
      ttfbMedianMs: round(median(ttfb)),
      ttfbP95Ms: round(percentile(ttfb, 95)),
      ttfbRunsMs: ttfb.map(round),
      ttfbBudgetMs: TTFB_BUDGET_MS,
      restingRssBytes: restingRss,
      peakRssBytes: peakRss,
      rssGrowthBytes: rssGrowth,
      rssGrowthBudgetBytes: ready.videoBytes,
    },
    images: {
      parallel: ready.images.length,
      rounds: ROUNDS,
      imageBytes,
      p99MedianMs: round(median(roundP99)),
      p99RoundsMs: roundP99.map(round),
      p50AllMs: round(percentile(all, 50)),
      p99AllMs: round(percentile(all, 99)),
      p99BudgetMs: P99_BUDGET_MS,
      floor404P99MedianMs: round(median(floorP99)),
    },
    loadAverage1m: round(load),
  };
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/media.json', JSON.stringify(out, null, 2));
  console.info(JSON.stringify(out, null, 2));
  const ok =
    out.video.ttfbMedianMs <= TTFB_BUDGET_MS && out.video.rssGrowthBytes < out.video.rssGrowthBudgetBytes && out.images.p99MedianMs <= P99_BUDGET_MS;
  stop();
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error('media bench failed:', err instanceof Error ? err.message : err);
  stop();
  process.exit(1);
}
