import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness';
import { createApp } from '@server/app';
import * as t from '@server/db/schema';

const s = useTestServer();

const invalid = { message: 'The given data was invalid.', type: 'validation' };

describe('request validation against the OpenAPI description', () => {
  it('422 names every failing field', async () => {
    const r = await s.call('POST', '/api/auth/register', { body: { email: 'not-an-email', password: 'short' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject(invalid);
    expect(Object.keys(r.body.errors).sort()).toEqual(['email', 'name', 'password']);
    expect(r.body.errors.name).toEqual(['The name field is required.']);
    expect(r.body.errors.email).toContain('The email field must be a valid email address.');
    expect(r.body.errors.password).toEqual(['The password field must be at least 8 characters.']);
  });

  it('422 on wrong types, enums and conditional requirements', async () => {
    const token = await s.login('plus@demo.test');
    const a = await s.call('POST', '/api/credits/calculation', { token, body: { type: 'text', word_count: 'many' } });
    expect(a.status).toBe(422);
    expect(a.body.errors.word_count).toEqual(['The word count field must be an integer.']);
    const b = await s.call('POST', '/api/credits/calculation', { token, body: { type: 'music' } });
    expect(b.body.errors.type).toEqual(['The selected type is invalid.']);
    const c = await s.call('POST', '/api/credits/calculation', { token, body: { type: 'both', word_count: 10 } });
    expect(Object.keys(c.body.errors)).toEqual(['image_count']);
  });

  it('422 on malformed JSON, a non-object body and a missing required body', async () => {
    const bad = await s.call('POST', '/api/auth/login', { body: '{"email": "a@b.c",' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ ...invalid, errors: { body: ['The request body is not valid JSON.'] } });
    const arr = await s.call('POST', '/api/auth/login', { body: '[1,2]' });
    expect(arr.status).toBe(422);
    expect(arr.body.errors.body).toBeDefined();
    const none = await s.app.request('/api/auth/login', { method: 'POST' });
    expect(none.status).toBe(422);
  });

  it('422 on invalid query parameters of operations that describe 422', async () => {
    const token = await s.login('free@demo.test');
    const me = (await s.call('GET', '/api/auth/getUser', { token })).body.data.user;
    const r = await s.call('PUT', `/api/profile/languageEdit/${me.id}?language_id=abc`, { token });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['language_id']);
    const missing = await s.call('GET', '/api/subscription/activateStripeSubscription', { token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.session_id).toEqual(['The session id field is required.']);
  });

  it('authenticates before validating (401, not 422, without a token)', async () => {
    const r = await s.call('POST', '/api/credits/calculation', { body: { type: 'nope' } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('unknown routes answer 404 {message: Not Found}', async () => {
    for (const [m, p] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/auth/login/extra'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/oauth/nothing'],
    ] as const) {
      const r = await s.call(m, p);
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.body).toEqual({ message: 'Not Found' });
    }
  });

  it('bodies over 1 MB answer 413 with an ErrorBody', async () => {
    const big = JSON.stringify({ error: 'x'.repeat(1024 * 1024 + 10) });
    const r = await s.call('POST', '/logs/log-crash-report', { body: big });
    expect(r.status).toBe(413);
    expect(typeof r.body.message).toBe('string');
    // streamed without content-length too
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const res = await s.app.request('/logs/log-crash-report', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for a stream body
      duplex: 'half',
    });
    expect(res.status).toBe(413);
  });

  it('unexpected exceptions answer 500 with a generic message, logged without tokens', async () => {
    const app = createApp({ db: s.db, clock: s.clock, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    app.get('/api/boom', () => {
      throw new Error('kaboom');
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await app.request('/api/boom?code=secret-code', { headers: { authorization: 'Bearer secret-token' } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Server Error', type: 'Error' });
      const logged = spy.mock.calls.flat().map(String).join(' ');
      expect(logged).toContain('kaboom');
      expect(logged).not.toContain('secret-token');
      expect(logged).not.toContain('secret-code');
    } finally {
      spy.mockRestore();
    }
  });

  it('redacts SQL parameters from logged errors', async () => {
    const { redact } = await import('@server/lib/redact');
    const err = new Error('Failed query: insert into "access_tokens" values ($1)\nparams: 5f2b9c-token-hash,2026-01-01', {
      cause: new Error('duplicate key value violates unique constraint "access_tokens_hash_unique"'),
    });
    const text = redact(err);
    expect(text).toContain('params: [redacted]');
    expect(text).toContain('access_tokens_hash_unique');
    expect(text).not.toContain('5f2b9c-token-hash');
  });

  it('POST /api/dev/reset is not mounted when dev routes are off (production)', async () => {
    const prod = createApp({ db: s.db, clock: s.clock, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    expect((await prod.request('/api/dev/reset', { method: 'POST' })).status).toBe(404);
    const dev = await s.call('POST', '/api/dev/reset');
    expect(dev.status).toBe(200);
  });
});

describe('multi-step writes are atomic', () => {
  /** Makes every new row of a table fail (existing rows are untouched), for the duration of fn. */
  async function withBrokenTable(table: string, fn: () => Promise<void>) {
    await s.db.execute(sql.raw(`ALTER TABLE "${table}" ADD CONSTRAINT test_break CHECK (id < 0) NOT VALID`));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await fn();
    } finally {
      spy.mockRestore();
      await s.db.execute(sql.raw(`ALTER TABLE "${table}" DROP CONSTRAINT test_break`));
    }
  }

  it('a failed registration leaves no user behind (and the log shows no SQL parameters)', async () => {
    await withBrokenTable('subscriptions', async () => {
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const r = await s.call('POST', '/api/auth/register', { body: { name: 'Half', email: 'half@example.com', password: 'written-1' } });
        expect(r.status).toBe(500);
        const logged = spy.mock.calls.flat().map(String).join(' ');
        expect(logged).toContain('test_break');
        expect(logged).not.toMatch(/scrypt\$/);
      } finally {
        spy.mockRestore();
      }
    });
    const rows = await s.db.select().from(t.users).where(eq(t.users.email, 'half@example.com'));
    expect(rows).toEqual([]);
    // and the address is still free
    expect((await s.call('POST', '/api/auth/register', { body: { name: 'Whole', email: 'half@example.com', password: 'written-1' } })).status).toBe(200);
  });

  it('a failed activation changes neither the subscription nor the session', async () => {
    const token = await s.login('free@demo.test');
    const url = (await s.call('GET', '/api/subscription/stripeCheckout/3/monthly', { token })).body.url as string;
    const id = decodeURIComponent(new URL(url).pathname.split('/').pop()!);
    await s.app.request(`/test-checkout/${encodeURIComponent(id)}/pay`, { method: 'POST' });
    await withBrokenTable('payments', async () => {
      const r = await s.call('GET', `/api/subscription/activateStripeSubscription?session_id=${encodeURIComponent(id)}`, { token });
      expect(r.status).toBe(500);
    });
    const me = (await s.call('GET', '/api/auth/getUser', { token })).body.data.user;
    expect(me.user_subscription.plan_id).toBe(1);
    const [session] = await s.db.select().from(t.checkoutSessions).where(eq(t.checkoutSessions.id, id));
    expect(session.status).toBe('paid');
    const r = await s.call('GET', `/api/subscription/activateStripeSubscription?session_id=${encodeURIComponent(id)}`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data.user_subscription.plan_id).toBe(3);
  });
});

describe('bad input never crashes it', () => {
  it('arbitrary JSON bodies on every described JSON operation answer < 500', async () => {
    const fc = await import('fast-check');
    const { loadOpenApi } = await import('@server/http/openapi-validate');
    const doc = loadOpenApi();
    const propsOf = (schema: any): string[] =>
      !schema || typeof schema !== 'object'
        ? []
        : [
            ...Object.keys(schema.properties ?? {}),
            ...['oneOf', 'anyOf', 'allOf'].flatMap((k) => (schema[k] ?? []).flatMap(propsOf)),
          ];
    const ops = Object.entries(doc.paths).flatMap(([template, item]) =>
      ['post', 'put', 'patch', 'delete']
        .filter((m) => item[m]?.requestBody?.content?.['application/json'])
        .map((m) => ({
          method: m.toUpperCase(),
          path: template.replace(/\{[^}]+\}/g, '1'),
          props: [...new Set(propsOf(item[m].requestBody!.content!['application/json'].schema))],
        })),
    );
    // Values that pass many schemas: small ints, short strings, booleans, enums' usual values.
    const plausible = fc.oneof(
      fc.integer({ min: -2, max: 3 }),
      fc.constantFrom('text', 'image', 'both', 'voice', 'word', 'monthly', 'yearly', 'a@b.co', 'abcdefgh', ''),
      fc.string({ maxLength: 12 }),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const bodyFor = (props: string[]) =>
      props.length === 0
        ? fc.jsonValue({ maxDepth: 3 })
        : fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...props), plausible, { maxKeys: props.length }));
    expect(ops.length).toBeGreaterThan(20);
    const token = await s.login('plus@demo.test');
    const seen = new Set<number>();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ops).chain((op) => bodyFor(op.props).map((value) => ({ op, value }))),
          async ({ op, value }) => {
            const r = await s.call(op.method, op.path, { token, body: JSON.stringify(value) });
            seen.add(r.status);
            return r.status < 500;
          },
        ),
        { numRuns: 300, seed: 20260318 },
      );
    } finally {
      spy.mockRestore();
    }
    // the generator reaches handlers, not only the validator
    expect(seen).toContain(200);
    expect(seen).toContain(422);
  });

  it('a code exchanged twice at once is granted once', async () => {
    const state = 'Z'.repeat(40);
    const form = new URLSearchParams({ client_id: 'writer-web', redirect_uri: 'http://localhost/home', state, email: 'free@demo.test', password: 'demo1234' });
    const res = await s.app.request('/oauth/authorize', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const body = { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost/home' };
    const results = await Promise.all([s.call('POST', '/oauth/token', { body }), s.call('POST', '/oauth/token', { body })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
