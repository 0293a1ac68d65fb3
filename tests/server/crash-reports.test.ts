/**
 * POST /logs/log-crash-report (issue 25: it "accepts anything from anyone"): only from a signed-in session or with
 * a crash-report token the server handed out (POST /logs/crash-report-token), at most 16 KB, at most 10 reports
 * per session and 60 per client address in 15 minutes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestServer } from './harness';
import { crashTokenIssuer } from '@server/http/crash-token';

const s = useTestServer();
const MIN = 60 * 1000;
const REPORT = { error: { name: 'TypeError', message: 'x is undefined', stack: 'at y' }, metadata: { url: 'http://localhost/home' } };

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

async function report(o: { token?: string; crashToken?: string; body?: unknown; from?: string } = {}) {
  const headers: Record<string, string> = { 'x-application': 'writer-web', 'content-type': 'application/json' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.crashToken) headers['x-crash-report-token'] = o.crashToken;
  const env = o.from ? { incoming: { socket: { remoteAddress: o.from, remotePort: 50000, remoteFamily: 'IPv4' } } } : undefined;
  const res = await s.app.request('/logs/log-crash-report', { method: 'POST', headers, body: JSON.stringify(o.body ?? REPORT) }, env as never);
  return { status: res.status, body: (await res.json()) as { message: string; type?: string }, retryAfter: res.headers.get('retry-after') };
}
const crashToken = async () => (await s.call('POST', '/logs/crash-report-token')).body as { token: string; expires_in: number };

describe('who may report', () => {
  it('anyone without a session or a crash-report token is refused with 401 and nothing is logged', async () => {
    for (const crash of [undefined, 'forged', `${'A'.repeat(22)}.9999999999.${'B'.repeat(43)}`]) {
      const r = await report({ crashToken: crash });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Unauthenticated.' });
    }
    expect((await report({ token: 'not-a-real-token' })).status).toBe(401);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a signed-in session reports, and so does a signed-out one with its crash-report token', async () => {
    const token = await s.login('free@demo.test');
    expect(await report({ token })).toMatchObject({ status: 200, body: { message: 'Crash report logged.', status: true } });
    const t = await crashToken();
    expect(t.expires_in).toBe(3600);
    expect(await report({ crashToken: t.token })).toMatchObject({ status: 200 });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a crash-report token expires after an hour, and one signed with another secret is refused', async () => {
    const t = await crashToken();
    s.clock.advance(60 * MIN);
    expect((await report({ crashToken: t.token })).status).toBe(401);
    const foreign = crashTokenIssuer('another-secret-another-secret-another').issue(s.clock.now()).token;
    expect((await report({ crashToken: foreign })).status).toBe(401);
  });
});

describe('size and rate', () => {
  it('a report over 16 KB answers 413', async () => {
    const token = await s.login('free@demo.test');
    const r = await report({ token, body: { error: { name: 'Error', message: 'x', stack: 'y'.repeat(17 * 1024) } } });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ message: 'The crash report is too large (limit 16 KB).', type: 'Payload Too Large' });
    expect((await report({ token, body: { error: { name: 'Error', message: 'x', stack: 'y'.repeat(8000) } } })).status).toBe(200);
  });

  it('10 reports per session in 15 minutes, then 429 with Retry-After; a new window accepts again', async () => {
    const token = await s.login('free@demo.test');
    for (let i = 0; i < 10; i++) expect((await report({ token })).status).toBe(200);
    const refused = await report({ token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many crash reports. Please try again in 15 minutes.', type: 'Too Many Requests' });
    expect(refused.retryAfter).toBe('900');
    const t = await crashToken();
    for (let i = 0; i < 10; i++) expect((await report({ crashToken: t.token })).status).toBe(200);
    expect((await report({ crashToken: t.token })).status).toBe(429);
    s.clock.advance(15 * MIN);
    expect((await report({ token })).status).toBe(200);
  });

  it('60 reports per client address, whatever the sessions', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 6; i++) {
      const t = await crashToken();
      for (let j = 0; j < 10; j++) expect((await report({ crashToken: t.token, from })).status).toBe(200);
    }
    const t = await crashToken();
    expect((await report({ crashToken: t.token, from })).status).toBe(429);
    expect((await report({ crashToken: t.token, from: '203.0.113.78' })).status).toBe(200);
  }, 60_000);
});
