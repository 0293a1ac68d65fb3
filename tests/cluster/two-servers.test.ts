/**
 * Two app servers, one database, one object store (issue 34 "Two servers, one database"): two production server
 * processes (server/serve.ts) on loopback against one throwaway PostgreSQL and one S3-compatible server (s3rver),
 * behind a round-robin proxy. A user's journey crosses them; anything a server kept in its own memory would make
 * the other disagree:
 *  - sign in on one and continue on the other; "log out other sessions" on one is honoured by the other;
 *  - start a video on one, poll it to completion on the other;
 *  - a generated image stored by one is downloaded with a Range request from the other;
 *  - failed sign-ins are counted across both (5 for one address, then 429).
 * The servers get a stand-in build (tests/fixtures/cluster-dist): the journey is the backend's; the pages are
 * covered by the Playwright suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { startPostgres, type PostgresCluster } from '../helpers/postgres-cluster';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy';

const DEMO_PASSWORD = 'demo1234';
const BUCKET = 'wordsmith-media';
// Private loopback ports for this file's servers (the e2e and bench servers use 4173–4394).
const PG_PORT = 54341;
const S3_PORT = 54342;
const APP_PORTS = [54343, 54344];

let pgCluster: PostgresCluster;
let s3: S3rver;
let s3Dir: string;
let proxy: RoundRobinProxy;
const servers: ChildProcess[] = [];
const direct = APP_PORTS.map((p) => `http://127.0.0.1:${p}`);

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(join(process.cwd(), 'node_modules/.bin/tsx'), ['server/serve.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', WORDSMITH_DEV: '', VITEST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server on ${port} exited (${code}):\n${output}`)));
  });
}

async function call(base: string, method: string, path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, res };
}

async function login(base: string, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call(base, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.access_token as string;
}

beforeAll(async () => {
  pgCluster = startPostgres(PG_PORT);
  s3Dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  s3 = new S3rver({ port: S3_PORT, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  await s3.run();
  proxy = await startRoundRobinProxy(direct);
  const env = {
    DATABASE_URL: pgCluster.url,
    PUBLIC_URL: proxy.url,
    QUEUE_JWT_SECRET: 'two-servers-test-secret-0123456789abcdef',
    DIST_DIR: 'tests/fixtures/cluster-dist',
    S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  // One after the other: the first migrates and seeds the empty database, the second finds it ready.
  servers.push(await startServer(APP_PORTS[0]!, env));
  servers.push(await startServer(APP_PORTS[1]!, env));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((r) => s.once('exit', r)) : null)));
  await proxy?.close();
  await s3?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
  pgCluster?.stop();
}, 60_000);

describe('two app servers behind a round-robin proxy', () => {
  it('a session signed in on one server continues on the other, and "log out other sessions" on one is honoured by both', async () => {
    const [a, b] = direct as [string, string];
    const first = await login(a, 'plus@demo.test');
    const me = await call(b, 'GET', '/api/subscription/details', { token: first });
    expect(me.status).toBe(200);
    // warm both servers with the first token, then end it from a sign-in on server B
    expect((await call(a, 'GET', '/api/subscription/details', { token: first })).status).toBe(200);
    const second = await login(b, 'plus@demo.test', { log_out: true });
    expect((await call(a, 'GET', '/api/subscription/details', { token: first })).status).toBe(401);
    expect((await call(b, 'GET', '/api/subscription/details', { token: first })).status).toBe(401);
    expect((await call(a, 'GET', '/api/subscription/details', { token: second })).status).toBe(200);
  });

  it('the proxy alternates between the two servers', async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) upstreams.add((await call(proxy.url, 'GET', '/api/health')).res.headers.get('x-upstream') ?? '?');
    expect([...upstreams].sort()).toEqual(['0', '1']);
  });

  it('a video started on one server is polled to completion on the other', async () => {
    const [a, b] = direct as [string, string];
    const token = await login(a, 'pro@demo.test');
    const created = await call(a, 'POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: 'Waves on a beach at sunset', duration_in_sec: 5, aspect_ratio_id: 2 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as number;
    // Real rendering with ffmpeg by whichever server's worker takes the job: poll server B, bounded.
    // Status codes of 02 §9: 1 processing, 2 pending, 3 error, 4 complete, 5 failed.
    let status = 0;
    let videoUrl = '';
    for (let i = 0; i < 120 && ![3, 4, 5].includes(status); i++) {
      const s = await call(b, 'GET', `/api/videos/${id}/status`, { token });
      expect(s.status).toBe(200);
      status = Number(s.body.status.status);
      videoUrl = s.body.video_url ?? '';
      if (status !== 4) await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(4);
    const file = await fetch(new URL(new URL(videoUrl).pathname, a));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 120_000);

  it('an image generated on one server is downloaded with a Range request from the other', async () => {
    const [a, b] = direct as [string, string];
    const token = await login(a, 'plus@demo.test');
    const img = await call(a, 'POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'A red kite over a hill', aspectRatio: '1024x1024' } });
    expect(img.status, JSON.stringify(img.body)).toBe(200);
    const path = new URL(img.body.data.image_url as string).pathname;
    const whole = Buffer.from(await (await fetch(a + path)).arrayBuffer());
    expect(whole.subarray(1, 4).toString()).toBe('PNG');
    const start = Math.floor(whole.length / 2);
    const part = await fetch(b + path, { headers: { range: `bytes=${start}-${start + 99}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${start + 99}/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(start, start + 100))).toBe(true);
  });

  it('failed sign-ins are counted across both servers: the sixth attempt for one address is refused', async () => {
    const replies: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await call(proxy.url, 'POST', '/api/auth/login', { body: { email: 'free@demo.test', password: `wrong-${i}` } });
      replies.push(r.status);
    }
    expect(replies.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(replies[5]).toBe(429);
  });
});
