/**
 * Request-body fuzzing of every WRITE operation (POST/PUT/PATCH/DELETE) of openapi/openapi.yaml that the
 * reference backend implements (read from the Hono app's own route table, as tests/contract/contract.test.ts
 * does), plus the JSON call of the video queue service (openapi/queue.yaml, /queue/video-image-prompt).
 *
 * Signed in as pro@demo.test (a paid plan with credits, so generation paths are reachable) and with a few real
 * resources of that user in the database (a long blog with an outline, a chat conversation, an image, videos, brands),
 * each operation gets random bodies built with fast-check:
 *  - anything at all (fc.anything / fc.jsonValue, non-JSON text, a body over the 1 MB limit);
 *  - an object with the schema's own property names holding arbitrary values (wrong types, huge strings,
 *    extreme numbers, nested garbage);
 *  - a body VALID against the operation's schema, whose ids are often the user's real ids (so requests reach
 *    the route's own logic), and that same body with one property replaced by garbage;
 * with random path parameters (the user's ids, other numbers, malformed escapes) and query parameters.
 *
 * Properties: never a 5xx and never a logged server error (a streamed answer that fails half-way logs one);
 * a refused request (4xx) changes nothing — an md5 fingerprint of every table is equal before and after.
 * Streaming generation endpoints are fuzzed too: a random body is refused with a 4xx, or (valid by chance)
 * generates without a server error.
 *
 * Runs: FUZZ_RUNS per operation (default 15); the seed is printed, and fast-check prints the seed and path of a
 * failing case — rerun with FUZZ_SEED=<seed> to reproduce.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { createApp } from '@server/app';
import * as t from '@server/db/schema';
import type { Db } from '@server/db/client';
import { loadOpenApi, type JsonSchema, type OperationObject } from '@server/http/openapi-validate';
import { issueAccessToken } from '@server/auth/tokens';
import { QUEUE_TOKEN_HEADER } from '@server/media/queue-token';
import queueDoc from '@contract/queue.bundle.gen.json';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
/** A replay seed that is not a 32-bit integer would silently fuzz with another seed: refused instead. */
function replaySeed(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 32) throw new Error(`FUZZ_SEED must be an integer seed as printed by a run, got '${raw}'`);
  return n;
}
const SEED = replaySeed(process.env.FUZZ_SEED) ?? Math.floor(Math.random() * 2 ** 31);
// printed as the file loads, so the seed is in the output even when starting the server fails
console.info(`fuzz-bodies: seed ${SEED}${process.env.FUZZ_SEED ? ' (from FUZZ_SEED)' : ''}, ${RUNS} runs per operation (FUZZ_SEED=${SEED} reproduces)`);
fc.configureGlobal({ numRuns: RUNS, seed: SEED });

const doc = loadOpenApi();
const WRITE = ['post', 'put', 'patch', 'delete'] as const;

let s: TestServer;
let errorLog: { mock: { calls: unknown[][] }; mockClear(): void; mockRestore(): void };

// ---------------------------------------------------------------- database fingerprint

let fingerprintQuery: string | undefined;
const rowsOf = (res: unknown) => (Array.isArray(res) ? res : (res as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
/** md5 of every public table's rows (one query): equal fingerprints = nothing changed anywhere. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  if (!fingerprintQuery) {
    const tables = rowsOf(
      await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
    ).map((r) => String(r.table_name));
    fingerprintQuery = `select ${tables.map((name) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${name}" x) as "${name}"`).join(', ')}`;
  }
  return rowsOf(await db.execute(sql.raw(fingerprintQuery)))[0] as Record<string, string>;
}

// ---------------------------------------------------------------- the user's real ids

interface Pool {
  ints: number[];
  strings: string[];
}
const pool: Pool = { ints: [], strings: [] };
let user = { id: 0, otherId: 0 };

async function tokenFor(userId: number) {
  return (await issueAccessToken(s.db, userId, s.clock.now())).token;
}

/** Real resources of pro@ for operations of an area (so valid-by-chance bodies reach the route's logic). */
const AREAS = ['platform', 'chat', 'images', 'videos', 'longBlog', 'brands'] as const;
function areaOf(template: string): (typeof AREAS)[number] {
  if (template.includes('/longBlog/')) return 'longBlog';
  if (template.startsWith('/api/businesses')) return 'brands';
  if (template.includes('/chat/')) return 'chat';
  if (/video|jwt|queue/i.test(template)) return 'videos';
  if (/image|Img/i.test(template)) return 'images';
  return 'platform';
}

async function fixtures(area: (typeof AREAS)[number], token: string) {
  pool.ints = [user.id, user.otherId, 1, 2, 3];
  pool.strings = [];
  const ok = async (method: string, p: string, body?: unknown, headers?: Record<string, string>) => {
    const r = await s.call(method, p, { token, body, headers });
    expect(r.status, `fixture ${method} ${p}: ${String(typeof r.body === 'string' ? r.body : JSON.stringify(r.body)).slice(0, 200)}`).toBe(200);
    return r;
  };
  if (area === 'longBlog') {
    const r = await ok('POST', '/api/longBlog/createOutline', { user_input_title: 'Fuzzing a blog' });
    const id = Number(r.res.headers.get('x-blog-id'));
    const blog = (await ok('GET', `/api/longBlog/getBlogData/${id}`)).body.data;
    pool.ints.push(id, blog.outlines[0].id, ...blog.outlines[0].sections.map((x: { id: number }) => x.id));
  }
  if (area === 'brands') {
    // two brands of pro@ (one at its last step) and one of the other user, whose id must never be usable
    for (const name of ['Fuzz Bakery', 'Fuzz Agency']) pool.ints.push((await ok('POST', '/api/businesses', { name })).body.data.id);
    await ok('PATCH', `/api/businesses/${pool.ints.at(-1)}/field`, { field: 'colors', value: ['#123456'], step: 7, is_completed: 1 });
    const other = await s.call('POST', '/api/businesses', { token: await tokenFor(user.otherId), body: { name: 'Not pro’s' } });
    pool.ints.push(other.body.data.id);
    pool.strings.push('name', 'url', 'colors', 'products', 'language', '__proto__', 'constructor');
  }
  if (area === 'chat') {
    const conv = randomUUID();
    const msg = randomUUID();
    const g = await ok('POST', '/api/chat/generateMessage', { conversation_chat_id: conv, chat_message_id: msg, message_input: 'Hello there' });
    const output = String(g.body)
      .split('\n\n')
      .map((b) => /^data: (.*)$/m.exec(b)?.[1])
      .filter((d): d is string => !!d && d !== '[DONE]')
      .map((d) => JSON.parse(d).content as string)
      .join('');
    await ok('POST', '/api/chat/storeMessage', { conversation_chat_id: conv, chat_message_id: msg, chat_message_input: 'Hello there', message_output: output });
    pool.strings.push(conv, msg);
  }
  if (area === 'images' || area === 'videos') {
    const img = (await ok('POST', '/api/image-generation-new/generate-image', { prompt: 'A fuzzy picture' })).body.data;
    pool.ints.push(img.id);
    pool.strings.push(new URL(img.image_url).pathname, String(img.id));
  }
  if (area === 'videos') {
    const v = (await ok('POST', '/api/videos', { content_type: 'text_to_video', prompt: 'Fuzzing waves', duration_in_sec: 5 })).body.id;
    const failed = (await ok('POST', '/api/videos', { content_type: 'text_to_video', prompt: 'Fuzzing a failure', duration_in_sec: 5 })).body.id;
    await s.db.update(t.videos).set({ status: 5, errorMessage: 'The render failed.' }).where(eq(t.videos.id, failed));
    pool.ints.push(v, failed);
  }
}

// ---------------------------------------------------------------- arbitraries

const hugeString = fc.constantFrom(20_001, 100_000, 1_100_000).map((n) => 'x'.repeat(n));
/** Values of any type, wrong for most fields. */
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '0', '-1', 'null', 'true', '%', '<script>x</script>', "'; drop table users; --", '../../etc/passwd'),
  fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -1e308),
  fc.integer(),
  fc.double(),
  fc.object({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  hugeString,
);

const fromPool = <T,>(xs: () => T[]) => fc.nat().map((i) => (xs().length ? xs()[i % xs().length]! : undefined));

/** An arbitrary producing values VALID against a (dereferenced) JSON schema, ids often real ones. */
function valid(schema: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.jsonValue({ maxDepth: 1 });
  const sc = schema as Record<string, any>;
  if (sc.const !== undefined) return fc.constant(sc.const);
  if (Array.isArray(sc.enum)) return fc.constantFrom(...sc.enum);
  const branches = (sc.oneOf ?? sc.anyOf) as JsonSchema[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((b) => valid({ ...sc, oneOf: undefined, anyOf: undefined, ...b }, name, depth + 1)));
  if (Array.isArray(sc.allOf)) {
    const merged = sc.allOf.reduce(
      (acc: Record<string, any>, x: Record<string, any>) => ({
        ...acc,
        ...x,
        properties: { ...acc.properties, ...x.properties },
        required: [...(acc.required ?? []), ...(x.required ?? [])],
      }),
      { ...sc, allOf: undefined },
    );
    return valid(merged, name, depth + 1);
  }
  const types: string[] = Array.isArray(sc.type) ? sc.type : sc.type ? [sc.type] : sc.properties ? ['object'] : ['string', 'integer', 'object'];
  const one = (type: string): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = sc.minimum ?? (sc.exclusiveMinimum !== undefined ? sc.exclusiveMinimum + 1 : -5);
        const max = sc.maximum ?? (sc.exclusiveMaximum !== undefined ? sc.exclusiveMaximum - 1 : Math.max(min, 0) + 2 ** 40);
        const inRange = (n: number | undefined) => n !== undefined && n >= min && n <= max;
        return fc.oneof(
          fromPool(() => pool.ints).filter(inRange) as fc.Arbitrary<unknown>,
          fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
          fc.constantFrom(min, max, Math.min(max, 2 ** 31), Math.min(max, 2 ** 53 - 1)).filter((n) => n >= min),
        );
      }
      case 'number':
        return fc.double({ min: sc.minimum ?? -1e6, max: sc.maximum ?? 1e12, noNaN: true, noDefaultInfinity: true });
      case 'string': {
        const minLength = sc.minLength ?? 0;
        const maxLength = sc.maxLength ?? 200;
        let base: fc.Arbitrary<string>;
        if (sc.format === 'email') base = fc.emailAddress();
        else if (sc.format === 'uuid') base = fc.uuid();
        else if (sc.format === 'uri' || sc.format === 'url') base = fc.webUrl();
        else if (sc.format === 'date-time') base = fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString());
        else if (sc.pattern) base = fc.stringMatching(new RegExp(sc.pattern), { size: 'small' });
        else base = fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 60)), unit: 'grapheme' });
        const real = /id$/i.test(name) ? [fromPool(() => pool.strings) as fc.Arbitrary<unknown>] : [];
        return fc
          .oneof(base as fc.Arbitrary<unknown>, ...real)
          .filter((v) => typeof v === 'string' && v.length >= minLength && v.length <= maxLength && (!sc.pattern || new RegExp(sc.pattern).test(v)));
      }
      case 'array':
        return fc.array(valid(sc.items, name, depth + 1), { minLength: sc.minItems ?? 0, maxLength: Math.min(sc.maxItems ?? 4, 4) });
      case 'object': {
        const props = (sc.properties ?? {}) as Record<string, JsonSchema>;
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(props)) model[k] = valid(v, k, depth + 1);
        return fc.record(model, { requiredKeys: ((sc.required ?? []) as string[]).filter((k) => k in props) });
      }
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  };
  return fc.oneof(...types.map(one));
}

function bodyArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<{ raw?: string; json?: unknown }> {
  const props = Object.keys(((schema as Record<string, any> | undefined)?.properties ?? {}) as object);
  const json = (a: fc.Arbitrary<unknown>) => a.map((v) => ({ json: v }));
  const options: fc.WeightedArbitrary<{ raw?: string; json?: unknown }>[] = [
    { weight: 1, arbitrary: json(fc.anything({ maxDepth: 3 })) },
    { weight: 1, arbitrary: json(garbage) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', 'null', '[]', '"x"', '{}', '{"__proto__":{"admin":true}}', ' ').map((raw) => ({ raw })) },
  ];
  if (props.length) {
    const model = Object.fromEntries(props.map((p) => [p, garbage]));
    options.push({ weight: 2, arbitrary: json(fc.record(model, { requiredKeys: [] })) });
  }
  if (schema) {
    const v = valid(schema);
    options.push({ weight: 3, arbitrary: json(v) });
    if (props.length)
      options.push({
        weight: 3,
        arbitrary: fc.tuple(v, fc.constantFrom(...props), garbage).map(([b, k, g]) => ({ json: b && typeof b === 'object' ? { ...(b as object), [k]: g } : b })),
      });
  }
  return fc.oneof(...options);
}

const pathParam = fc.oneof(
  fromPool(() => pool.ints).map((n) => String(n ?? 1)),
  fromPool(() => pool.strings).map((x) => encodeURIComponent(x ?? 'x')),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '99999999999', '1e3', '1.5', '%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%20', 'null', 'a'.repeat(300)),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);
const queryValue = fc.option(
  fc.oneof(
    fromPool(() => pool.ints).map((n) => String(n ?? 1)),
    fromPool(() => pool.strings).map((x) => x ?? ''),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('24', '-1', '99999999999', '%', ''),
  ),
  { nil: undefined },
);

// ---------------------------------------------------------------- the operations

interface Target {
  key: string;
  method: string;
  template: string;
  op: OperationObject;
  headers?: (token: string) => Promise<Record<string, string>>;
}

function implementedWrites(app: ReturnType<typeof createApp>): Target[] {
  const norm = (p: string) => p.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{}');
  const routes = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${norm(r.path)}`));
  const out: Target[] = [];
  for (const [template, item] of Object.entries(doc.paths))
    for (const m of WRITE) {
      const op = item[m];
      if (op && routes.has(`${m} ${template.replace(/\{[^}]+\}/g, '{}')}`)) out.push({ key: `${m} ${template}`, method: m.toUpperCase(), template, op });
    }
  // The video queue service's JSON call (its token header comes from POST /api/jwt/generate).
  const q = (queueDoc as unknown as { paths: Record<string, Record<string, OperationObject>> }).paths['/video-image-prompt']!.post!;
  out.push({
    key: 'post /queue/video-image-prompt',
    method: 'POST',
    template: '/queue/video-image-prompt',
    op: q,
    headers: async (token) => ({ [QUEUE_TOKEN_HEADER]: (await s.call('POST', '/api/jwt/generate', { token })).body.token }),
  });
  return out;
}

// ---------------------------------------------------------------- the run

beforeAll(async () => {
  s = await startTestServer({ devRoutes: false });
});
afterAll(async () => {
  errorLog?.mockRestore();
  await s?.close();
});

const summary = { ops: 0, requests: 0, refused: 0, accepted: 0 };

describe('fuzzed request bodies: never a server error, and a refusal changes nothing', () => {
  // The route table is built by createApp alone (no database access): read it from an app without one.
  const targets = implementedWrites(createApp({ db: undefined as never, clock: { now: () => new Date() }, config: { devRoutes: false, aiPaceMs: 0, env: {} } }));

  // Grouped by area (each area starts from a fresh seed with that area's resources); deletions last in an area,
  // so the resources the other calls of the area work on are still there for them.
  const ordered = [...targets].sort((a, b) => AREAS.indexOf(areaOf(a.template)) - AREAS.indexOf(areaOf(b.template)) || Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  let currentArea = '';
  let restore: () => Promise<void> = async () => {};

  for (const target of ordered) {
    it(target.key, async () => {
      summary.ops++;
      const area = areaOf(target.template);
      if (area !== currentArea) {
        currentArea = area;
        await s.reset();
        const [pro] = await s.db.select().from(t.users).where(eq(t.users.email, 'pro@demo.test'));
        const [other] = await s.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'free@demo.test'));
        const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, pro!.id));
        user = { id: pro!.id, otherId: other!.id };
        await fixtures(area, await tokenFor(user.id));
        const [proAfter] = await s.db.select().from(t.users).where(eq(t.users.id, pro!.id));
        const [subAfter] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.id, sub!.id));
        // What earlier operations of the area may have changed about the user (a cancelled or downgraded plan, a
        // new password, a deleted account) is put back before each operation, so each one runs as the Pro user.
        restore = async () => {
          await s.db.update(t.users).set(proAfter!).where(eq(t.users.id, proAfter!.id));
          await s.db.update(t.subscriptions).set(subAfter!).where(eq(t.subscriptions.id, subAfter!.id));
        };
      }
      await restore();

      const names = [...target.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const queryNames = (target.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const schema = target.op.requestBody?.content?.['application/json']?.schema;
      const arb = fc.record({
        body: bodyArbitrary(schema),
        params: fc.tuple(...names.map(() => pathParam)),
        query: fc.tuple(...queryNames.map(() => queryValue)),
      });

      let token = await tokenFor(user.id);
      let baseline = await fingerprint(s.db);
      await fc.assert(
        fc.asyncProperty(arb, async ({ body, params, query }) => {
          let path = target.template;
          names.forEach((n, i) => (path = path.replace(`{${n}}`, params[i] as string)));
          const qs = queryNames.flatMap((n, i) => (query[i] === undefined ? [] : [`${encodeURIComponent(n)}=${encodeURIComponent(query[i] as string)}`])).join('&');
          if (qs) path += `?${qs}`;
          const headers: Record<string, string> = { 'x-application': 'writer-web', authorization: `Bearer ${token}`, ...(await target.headers?.(token)) };
          let payload: string | undefined;
          if (body.raw !== undefined) payload = body.raw;
          else if (body.json !== undefined) payload = JSON.stringify(body.json);
          if (payload !== undefined) headers['content-type'] = 'application/json';

          errorLog.mockClear();
          const before = target.headers ? await fingerprint(s.db) : baseline;
          const res = await s.app.request(path, { method: target.method, headers, body: payload });
          const text = await res.text(); // a stream is read to its end
          const where = `${target.method} ${path} ${String(payload).slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
          summary.requests++;
          expect(res.status, where).toBeLessThan(500);
          expect(errorLog.mock.calls.map((c: unknown[]) => c.map(String).join(' ').slice(0, 300)), where).toEqual([]);
          if (res.status >= 400) {
            summary.refused++;
            const after = await fingerprint(s.db);
            // The one write a refusal may make: the sign-in, reset and crash-report calls count refused attempts in
            // rate_limit_hits (server/http/rate-limit.ts) — that count is what the limit is made of. Any other call,
            // or any other table, still fails.
            const countsAttempts = /^\/(api\/auth\/|logs\/)/.test(path);
            const changed = Object.keys(before).filter((k) => before[k] !== after[k] && !(countsAttempts && k === 'rate_limit_hits'));
            expect(changed, `tables changed by a refused request: ${where}`).toEqual([]);
            if ((res.headers.get('content-type') ?? '').includes('json')) expect(JSON.parse(text), where).toMatchObject({ message: expect.any(String) });
          } else {
            summary.accepted++;
            // an accepted logout or password change may end the token: a fresh one for the next runs
            token = await tokenFor(user.id);
            await restore();
            baseline = await fingerprint(s.db);
          }
        }),
      );
    });
  }
});

beforeAll(() => {
  // Server errors are logged with console.error (app.ts onError, failed streams): each one fails the run.
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => {
  console.info(
    `fuzz-bodies: ${summary.ops} write operations × ${RUNS} runs = ${summary.requests} requests (${summary.refused} refused with a 4xx and nothing changed, ${summary.accepted} accepted), seed ${SEED}`,
  );
});

describe('the seed', () => {
  it('every property runs with the printed seed, so FUZZ_SEED=<seed> replays the same bodies', () => {
    expect(fc.readConfigureGlobal().seed).toBe(SEED);
    if (process.env.FUZZ_SEED) expect(SEED).toBe(Number(process.env.FUZZ_SEED));
    const body = fc.record({ a: fc.jsonValue({ maxDepth: 2 }), b: fc.string() });
    expect(fc.sample(body, { seed: SEED, numRuns: 5 })).toEqual(fc.sample(body, { seed: SEED, numRuns: 5 }));
  });
  it('a FUZZ_SEED that is not an integer is refused rather than replaced by another seed', () => {
    expect(replaySeed(undefined)).toBeUndefined();
    expect(replaySeed('1305035000')).toBe(1305035000);
    expect(replaySeed('-7')).toBe(-7);
    expect(() => replaySeed('12abc')).toThrow(/FUZZ_SEED must be an integer/);
    expect(() => replaySeed('1.5')).toThrow(/FUZZ_SEED must be an integer/);
  });
});

/** Cases the fuzzing found (each was a 500 or a logged server error before its fix). */
describe('fuzzing finds, fixed', () => {
  let token = '';
  beforeEach(async () => {
    await s.reset();
    user.id = (await s.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'pro@demo.test')))[0]!.id;
    token = await tokenFor(user.id);
    errorLog.mockClear();
  });
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await s.app.request(path, {
      method,
      headers: { 'x-application': 'writer-web', authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
  };

  it('a malformed escape in a path parameter answers 404 (decodeURIComponent threw: 500)', async () => {
    for (const path of ['/api/videos/%E0%A4%A', '/api/delImage/%zz', '/api/longBlog/delete-blog/%', '/api/profile/languageEdit/%E0?language_id=24'])
      expect((await send(path.includes('languageEdit') ? 'PUT' : 'DELETE', path)).status, path).toBe(404);
  });

  it('ids PostgreSQL cannot hold (2^40, -1e+21) and NUL characters are refused with 422, changing nothing', async () => {
    const before = await fingerprint(s.db);
    const cases: [string, unknown][] = [
      ['/api/longBlog/imageGeneration', { blog_id: -1e21, outline_id: 8, type: 'intro' }],
      ['/api/longBlog/saveContent', { blog_id: 2 ** 40, outline_id: 1, type: 'intro', content: 'x' }],
      ['/api/longBlog/createOutline', { user_input_title: 'x', blog_id: 2 ** 40 }],
      ['/api/profile/updateUser', { name: 'Nul\u0000Name' }],
    ];
    for (const [path, body] of cases) {
      const r = await send('POST', path, body);
      expect(r.status, `${path} ${r.text}`).toBe(422);
      expect(JSON.parse(r.text)).toMatchObject({ message: 'The given data was invalid.', type: 'validation' });
    }
    expect(errorLog).not.toHaveBeenCalled();
    expect(await fingerprint(s.db)).toEqual(before);
  });

  it('an unknown language id is refused before the outline streams (the stored outline failed after streaming)', async () => {
    for (const language_id of [2 ** 31, 9999]) {
      const r = await send('POST', '/api/longBlog/createOutline', { user_input_title: 'Sourdough', language_id, user_input_language: 'French' });
      expect(r.status).toBe(422);
      expect(JSON.parse(r.text).errors).toEqual({ language_id: ['The selected language id is invalid.'] });
    }
    const ok = await send('POST', '/api/longBlog/createOutline', { user_input_title: 'Sourdough', language_id: 24 });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('data: [DONE]');
  });

  it("a '__proto__' property of a body with a closed schema is refused with 422 (the field-error map indexed Object.prototype: 500)", async () => {
    const before = await fingerprint(s.db);
    for (const [method, path] of [
      ['POST', '/api/businesses'],
      ['PATCH', '/api/businesses/1/field'],
      ['POST', '/api/businesses/multi-destroy'],
      ['POST', '/api/onboarding/1/save'],
    ] as const) {
      const r = await send(method, path, '{"__proto__":{"admin":true}}');
      expect(r.status, `${path} ${r.text}`).toBe(422);
      expect(JSON.parse(r.text)).toMatchObject({ message: 'The given data was invalid.', type: 'validation' });
    }
    const field = await send('PATCH', '/api/businesses/1/field', '{"field":"__proto__","value":{"admin":true}}');
    expect(field.status).toBe(422);
    expect(JSON.parse(field.text).errors.field).toEqual(['The selected field is invalid.']);
    expect(errorLog).not.toHaveBeenCalled();
    expect(await fingerprint(s.db)).toEqual(before);
  });
});
