/**
 * Request bodies (issue 25): a route stores no body field the contract does not name (POST /api/videos kept
 * every unknown field in the stored request), and a very deep JSON body answers 422, never 500, on every route
 * that takes one.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import * as t from '@server/db/schema';
import { loadOpenApi, nestsDeeperThan, pruneUnknown, type JsonSchema } from '@server/http/openapi-validate';

const s = useTestServer({ reset: 'once' });

describe('unknown body fields are not stored', () => {
  it('POST /api/videos keeps only the fields the contract names', async () => {
    const token = await s.login('plus@demo.test');
    const r = await s.call('POST', '/api/videos', {
      token,
      body: { content_type: 'text_to_video', prompt: 'Waves on a beach', duration_in_sec: 5, aspect_ratio_id: 2, is_admin: true, user_id: 1, note: 'x'.repeat(1000) },
    });
    expect(r.status).toBe(200);
    const [row] = await s.db.select({ request: t.videos.request }).from(t.videos).where(eq(t.videos.id, r.body.id));
    const fields = (row.request as { fields: Record<string, unknown> }).fields;
    expect(fields).toMatchObject({ content_type: 'text_to_video', prompt: 'Waves on a beach', duration_in_sec: 5, aspect_ratio_id: 2 });
    expect(fields).not.toHaveProperty('is_admin');
    expect(fields).not.toHaveProperty('user_id');
    expect(fields).not.toHaveProperty('note');
  });

  it('pruneUnknown: named properties at every level; open and free-form objects are kept whole', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        nested: { type: 'object', properties: { keep: { type: 'number' } } },
        list: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
        free: { type: 'object' },
        map: { type: 'object', additionalProperties: { type: 'string' } },
      },
      oneOf: [{ properties: { b: { type: 'string' } } }, { properties: { c: { type: 'string' } } }],
    };
    const data = {
      a: 'x',
      b: 'y',
      c: 'z',
      drop: 1,
      nested: { keep: 1, drop: 2 },
      list: [{ id: 1, drop: 3 }],
      free: { anything: 1 },
      map: { k: 'v' },
    };
    expect(pruneUnknown(schema, data)).toEqual({ a: 'x', b: 'y', c: 'z', nested: { keep: 1 }, list: [{ id: 1 }], free: { anything: 1 }, map: { k: 'v' } });
    expect(data.drop).toBe(1); // a copy: the parsed body is not changed
    expect(pruneUnknown(schema, JSON.parse('{"__proto__":{"x":1},"a":"x"}'))).toEqual({ a: 'x' });
  });
});

describe('very deep JSON', () => {
  it('every operation with a JSON body answers 422 with a clear message (no 500) for a body nested 10,000 levels deep', async () => {
    const token = await s.login('pro@demo.test');
    const doc = loadOpenApi() as unknown as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    const arrays = '['.repeat(10_000) + ']'.repeat(10_000);
    const objects = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of ['post', 'put', 'patch', 'delete']) {
        if (!item[method]?.requestBody?.content?.['application/json']) continue;
        const path = template.replace(/\{[^}]+\}/g, '1');
        for (const body of [arrays, objects, `{"prompt":${objects}}`]) {
          const r = await s.call(method.toUpperCase(), path, { token, body });
          const where = `${method} ${template} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
          expect(r.status, where).toBeLessThan(500);
          if (r.status === 422) expect(r.body.errors.body ?? Object.values(r.body.errors).flat(), where).toBeTruthy();
        }
        const r = await s.call(method.toUpperCase(), path, { token, body: `{"prompt":${objects}}` });
        expect([401, 403, 404, 422], `${template} ${r.status}`).toContain(r.status);
        if (r.status === 422) expect(r.body.errors).toEqual({ body: ['The request body is nested more than 32 levels deep.'] });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  }, 120_000);

  it('nestsDeeperThan counts arrays and objects, iteratively', () => {
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)), 32)).toBe(true);
  });
});
