/**
 * Manage Brands on the reference backend (03 §2 "Manage Brands lists businesses with create, edit, multi-delete and
 * detail views", §3 Business/brand, §4 "Creating a business starts at step 2. Steps are saved one by one and
 * is_completed is read from the result", §7 the /api/businesses calls). Ownership across users is asserted in
 * access-control.test.ts too; here each operation's own rules.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness';
import { createApp } from '@server/app';
import { memoryMailer } from '@server/app-env';
import { AiProviderError, type AiWriter } from '@server/ai/types';
import { colorList, normaliseUrl, plainDescription } from '@server/services/businesses';
import { loadOpenApi } from '@server/http/openapi-validate';
import { BRAND_FIRST_STEP, BRAND_LIMITS, BRAND_STEP_FIELDS, BRAND_TOTAL_STEPS, BRANDS_PAGE_SIZE } from '@machines/brand-constants';

const s = useTestServer();

const create = async (token: string, name: string) => {
  const r = await s.call('POST', '/api/businesses', { token, body: { name } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; name: string; step: number };
};
const field = (token: string, id: number, body: Record<string, unknown>) => s.call('PATCH', `/api/businesses/${id}/field`, { token, body });

describe('POST /api/businesses', () => {
  it('creates a brand at step 2 of 7, not completed, with empty details', async () => {
    const token = await s.login('pro@demo.test');
    const r = await s.call('POST', '/api/businesses', { token, body: { name: '  Acme Bakery  ' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: 'Acme Bakery',
      url: null,
      description: null,
      step: BRAND_FIRST_STEP,
      total_steps: BRAND_TOTAL_STEPS,
      products: [],
      products_count: 0,
      industry: null,
      tone: null,
      colors: [],
      language: null,
      is_completed: 0,
    });
    expect(BRAND_FIRST_STEP).toBe(2);
    expect(BRAND_TOTAL_STEPS).toBe(7);
  });

  it('refuses a blank name and a name the user already gives another brand (any case); another user may use it', async () => {
    const token = await s.login('pro@demo.test');
    await create(token, 'Acme');
    const blank = await s.call('POST', '/api/businesses', { token, body: { name: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual(['The name field is required.']);
    const dup = await s.call('POST', '/api/businesses', { token, body: { name: 'ACME ' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual(['You already have a brand with this name.']);
    const other = await s.login('free@demo.test');
    expect((await s.call('POST', '/api/businesses', { token: other, body: { name: 'Acme' } })).status).toBe(200);
    expect((await s.call('POST', '/api/businesses', { token, body: { name: 'x'.repeat(BRAND_LIMITS.name + 1) } })).status).toBe(422);
    expect((await s.call('POST', '/api/businesses', { token, body: { name: 'Acme', admin: true } })).status).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect((await s.call('POST', '/api/businesses', { body: { name: 'Acme' } })).status).toBe(401);
    expect((await s.call('GET', '/api/businesses')).status).toBe(401);
  });
});

describe('GET /api/businesses', () => {
  it('pages the user’s brands newest first, with paginate, search and name filters', async () => {
    const token = await s.login('pro@demo.test');
    for (let i = 1; i <= 12; i++) {
      await create(token, `Brand ${String(i).padStart(2, '0')}`);
      s.clock.advance(1000);
    }
    await field(token, 1, { field: 'industry', value: 'Bakery and cafés' });
    const first = await s.call('GET', '/api/businesses?page=1', { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: 12, per_page: BRANDS_PAGE_SIZE, from: 1, to: 10 });
    expect(first.body.data.map((b: { name: string }) => b.name).slice(0, 2)).toEqual(['Brand 12', 'Brand 11']);
    const second = await s.call('GET', '/api/businesses?page=2', { token });
    expect(second.body.data.map((b: { name: string }) => b.name)).toEqual(['Brand 02', 'Brand 01']);
    expect(second.body.next_page_url).toBeNull();

    const small = await s.call('GET', '/api/businesses?paginate=5&page=3&products_count=1', { token });
    expect(small.body).toMatchObject({ current_page: 3, last_page: 3, total: 12 });
    expect(small.body.data).toHaveLength(2);

    const bakery = await s.call('GET', `/api/businesses?search=${encodeURIComponent('BAKERY')}`, { token });
    expect(bakery.body.data.map((b: { id: number }) => b.id)).toEqual([1]);
    const byName = await s.call('GET', '/api/businesses?name=brand%201', { token });
    expect(byName.body.total).toBe(3); // Brand 10, 11, 12
    // LIKE wildcards are literal
    expect((await s.call('GET', '/api/businesses?search=%25', { token })).body.total).toBe(0);
    expect((await s.call('GET', '/api/businesses?search=_', { token })).body.total).toBe(0);
    // another user sees none of them
    const other = await s.login('free@demo.test');
    expect((await s.call('GET', '/api/businesses', { token: other })).body).toMatchObject({ total: 0, data: [] });
  });

  it('refuses an out-of-range page size', async () => {
    const token = await s.login('pro@demo.test');
    expect((await s.call('GET', '/api/businesses?paginate=0', { token })).status).toBe(422);
    expect((await s.call('GET', '/api/businesses?paginate=101', { token })).status).toBe(422);
  });
});

describe('GET /api/businesses/filter', () => {
  it('lists every brand of the user by name with its completion', async () => {
    const token = await s.login('pro@demo.test');
    await create(token, 'zeta');
    await create(token, 'Alpha');
    const other = await s.login('free@demo.test');
    await create(other, 'Not mine');
    const r = await s.call('GET', '/api/businesses/filter', { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { id: 2, name: 'Alpha', is_completed: 0 },
      { id: 1, name: 'zeta', is_completed: 0 },
    ]);
  });
});

describe('PATCH /api/businesses/{id}/field: the setup steps, one field at a time', () => {
  it('saves each step’s fields, keeps the largest step, and completes at step 7 (is_completed read from the result)', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = await create(token, 'Acme');
    const values: Record<string, unknown> = {
      name: 'Acme Bakery',
      url: 'acme-bakery.example',
      description: '  Fresh bread every morning.  ',
      products: [{ name: ' Sourdough ', description: 'Slow-fermented loaf' }, { name: 'Croissant', description: '' }],
      industry: 'Food',
      tone: 'Friendly',
      colors: { primary_color: '#aa0000', secondary_color: null, tertiary_color: '#00bb00' },
      language: 21,
    };
    let last: any;
    for (const [step, fields] of Object.entries(BRAND_STEP_FIELDS)) {
      for (const [i, f] of fields.entries()) {
        const final = Number(step) === BRAND_TOTAL_STEPS && i === fields.length - 1;
        const r = await field(token, id, {
          field: f,
          value: values[f],
          step: Number(step),
          ...(final ? { is_completed: 1 } : {}),
          ...(f === 'products' ? { products_count: 2 } : {}),
        });
        expect(r.status, `${f}: ${JSON.stringify(r.body)}`).toBe(200);
        last = r.body.data;
        expect(last.step).toBe(Number(step));
        expect(last.is_completed).toBe(final ? 1 : 0);
      }
    }
    expect(last).toMatchObject({
      name: 'Acme Bakery',
      url: 'https://acme-bakery.example',
      description: 'Fresh bread every morning.',
      products: [{ name: 'Sourdough', description: 'Slow-fermented loaf' }, { name: 'Croissant' }],
      products_count: 2,
      industry: 'Food',
      tone: 'Friendly',
      colors: ['#AA0000', '#00BB00'],
      language: { id: 21, name: 'English' },
      step: 7,
      is_completed: 1,
    });
    // going back to an earlier step never lowers the step nor undoes the completion
    const back = await field(token, id, { field: 'tone', value: 'Witty', step: 3, is_completed: 0 });
    expect(back.body.data).toMatchObject({ tone: 'Witty', step: 7, is_completed: 1 });
    // and the details read back the same
    expect((await s.call('GET', `/api/businesses/${id}`, { token })).body.data).toEqual({ ...back.body.data });
  });

  it('accepts the list form of the colours (up to 3) and null or empty to clear a field', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = await create(token, 'Acme');
    expect((await field(token, id, { field: 'colors', value: ['#111111', '#222222', '#333333'] })).body.data.colors).toEqual(['#111111', '#222222', '#333333']);
    expect((await field(token, id, { field: 'colors', value: ['#111111', '#222222', '#333333', '#444444'] })).status).toBe(422);
    expect((await field(token, id, { field: 'colors', value: ['red'] })).status).toBe(422);
    expect((await field(token, id, { field: 'colors', value: { primary_color: '#111111', quaternary_color: '#222222' } })).status).toBe(422);
    await field(token, id, { field: 'url', value: 'https://acme.example/shop' });
    expect((await field(token, id, { field: 'url', value: '' })).body.data.url).toBeNull();
    await field(token, id, { field: 'language', value: 21 });
    expect((await field(token, id, { field: 'language', value: null })).body.data.language).toBeNull();
  });

  it('refuses bad values with 422 and changes nothing', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = await create(token, 'Acme');
    await create(token, 'Taken');
    const before = (await s.call('GET', `/api/businesses/${id}`, { token })).body.data;
    const cases: [Record<string, unknown>, string][] = [
      [{ field: 'name', value: '  ' }, 'value'],
      [{ field: 'name', value: 'taken' }, 'value'],
      [{ field: 'name', value: 5 }, 'value'],
      [{ field: 'url', value: 'javascript:alert(1)' }, 'value'],
      [{ field: 'url', value: 'not a url' }, 'value'],
      [{ field: 'url', value: 'ftp://acme.example' }, 'value'],
      [{ field: 'language', value: 99999 }, 'value'],
      [{ field: 'language', value: 'English' }, 'value'],
      [{ field: 'products', value: [{ name: '  ' }] }, 'value'],
      [{ field: 'products', value: Array.from({ length: BRAND_LIMITS.products + 1 }, (_, i) => ({ name: `P${i}` })) }, 'value'],
      [{ field: 'products', value: [{ name: 'One' }], products_count: 2 }, 'products_count'],
      [{ field: 'tone', value: 'Warm', is_completed: 1, step: 6 }, 'is_completed'],
      [{ field: 'tone', value: 'Warm', step: 8 }, 'step'],
      [{ field: 'tone', value: 'Warm', step: 1 }, 'step'],
      [{ field: 'tone' }, 'value'],
      [{ field: 'step', value: 7 }, 'field'],
      [{ field: 'user_id', value: 2 }, 'field'],
      [{ field: '__proto__', value: { admin: true } }, 'field'],
      [{ field: 'constructor', value: 'x' }, 'field'],
    ];
    for (const [body, key] of cases) {
      const r = await field(token, id, body);
      expect(r.status, JSON.stringify(body).slice(0, 100)).toBe(422);
      expect(Object.keys(r.body.errors), JSON.stringify(body).slice(0, 100)).toContain(key);
    }
    // a raw '__proto__' key in the JSON text is refused too (never a 500)
    const raw = await s.call('PATCH', `/api/businesses/${id}/field`, { token, body: '{"field":"__proto__","value":{"polluted":true}}' });
    expect(raw.status).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await s.call('GET', `/api/businesses/${id}`, { token })).body.data).toEqual(before);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const token = await s.login('pro@demo.test');
    for (const id of ['999', '0', 'abc', '99999999999'])
      expect([404, 422], id).toContain((await s.call('PATCH', `/api/businesses/${id}/field`, { token, body: { field: 'tone', value: 'x' } })).status);
  });
});

describe('GET and PATCH /api/businesses/{id}: the detail view', () => {
  it('reads the details and saves several fields at once without changing step or completion', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = await create(token, 'Acme');
    const r = await s.call('PATCH', `/api/businesses/${id}`, {
      token,
      body: { name: 'Acme Ltd', url: 'http://acme.example', description: 'We make things.', industry: 'Manufacturing', tone: 'Formal', colors: ['#123abc'], language: 21, products: [{ name: 'Anvil' }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'Acme Ltd', url: 'http://acme.example', colors: ['#123ABC'], language: { id: 21 }, products_count: 1, step: 2, is_completed: 0 });
    const read = await s.call('GET', `/api/businesses/${id}`, { token });
    expect(read.body.data).toEqual(r.body.data);
    // clearing optional fields
    const cleared = await s.call('PATCH', `/api/businesses/${id}`, { token, body: { description: null, industry: '', colors: [], products: [] } });
    expect(cleared.body.data).toMatchObject({ description: null, industry: null, colors: [], products: [], products_count: 0, name: 'Acme Ltd' });
  });

  it('refuses an empty change, unknown fields, step or completion, and bad values (nothing saved)', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = await create(token, 'Acme');
    for (const body of [{}, { step: 7 }, { is_completed: 1 }, { name: '' }, { name: 'Ok', url: 'nope nope' }, { language: 0 }])
      expect((await s.call('PATCH', `/api/businesses/${id}`, { token, body })).status, JSON.stringify(body)).toBe(422);
    expect((await s.call('GET', `/api/businesses/${id}`, { token })).body.data.name).toBe('Acme');
  });

  it('answers 404 for a brand that does not exist', async () => {
    const token = await s.login('pro@demo.test');
    expect((await s.call('GET', '/api/businesses/42', { token })).status).toBe(404);
    expect((await s.call('PATCH', '/api/businesses/42', { token, body: { tone: 'x' } })).status).toBe(404);
  });
});

describe('POST /api/businesses/multi-destroy', () => {
  it('deletes the listed brands of the user in one go', async () => {
    const token = await s.login('pro@demo.test');
    const a = await create(token, 'A');
    const b = await create(token, 'B');
    const c = await create(token, 'C');
    const r = await s.call('POST', '/api/businesses/multi-destroy', { token, body: { ids: [a.id, c.id, a.id] } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: '2 brands deleted.', status: true });
    expect((await s.call('GET', '/api/businesses', { token })).body.data.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect((await s.call('POST', '/api/businesses/multi-destroy', { token, body: { ids: [b.id] } })).body.message).toBe('Brand deleted.');
  });

  it('deletes nothing when one id is unknown or another user’s, and refuses an empty or oversized list', async () => {
    const token = await s.login('pro@demo.test');
    const mine = await create(token, 'Mine');
    const other = await s.login('free@demo.test');
    const theirs = await create(other, 'Theirs');
    expect((await s.call('POST', '/api/businesses/multi-destroy', { token, body: { ids: [mine.id, theirs.id] } })).status).toBe(404);
    expect((await s.call('POST', '/api/businesses/multi-destroy', { token, body: { ids: [mine.id, 9999] } })).status).toBe(404);
    expect((await s.call('POST', '/api/businesses/multi-destroy', { token, body: { ids: [mine.id, 2 ** 40] } })).status).toBe(404);
    expect((await s.call('POST', '/api/businesses/multi-destroy', { token, body: { ids: [] } })).status).toBe(422);
    expect((await s.call('POST', '/api/businesses/multi-destroy', { token, body: { ids: Array.from({ length: BRAND_LIMITS.deleteIds + 1 }, (_, i) => i + 1) } })).status).toBe(422);
    expect((await s.call('GET', '/api/businesses', { token })).body.total).toBe(1);
    expect((await s.call('GET', '/api/businesses', { token: other })).body.total).toBe(1);
  });
});

describe('GET /api/businesses/products and /description', () => {
  it('lists the saved products, and suggests a plain description of at most 80 words without saving it', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = await create(token, 'Acme Bakery');
    await field(token, id, { field: 'products', value: [{ name: 'Sourdough' }], products_count: 1, step: 5 });
    const products = await s.call('GET', `/api/businesses/products?business_id=${id}`, { token });
    expect(products.status).toBe(200);
    expect(products.body.data).toEqual([{ name: 'Sourdough' }]);

    const d = await s.call('GET', `/api/businesses/description?business_id=${id}`, { token });
    expect(d.status).toBe(200);
    const text: string = d.body.data.description;
    expect(text.length).toBeGreaterThan(20);
    expect(text.split(/\s+/).length).toBeLessThanOrEqual(80);
    expect(text).not.toMatch(/[#*\n]/);
    expect((await s.call('GET', `/api/businesses/${id}`, { token })).body.data.description).toBeNull();
  });

  it('needs a business_id of the user', async () => {
    const token = await s.login('pro@demo.test');
    const other = await s.login('free@demo.test');
    const theirs = await create(other, 'Theirs');
    for (const path of ['/api/businesses/products', '/api/businesses/description']) {
      expect((await s.call('GET', path, { token })).status).toBe(422);
      expect((await s.call('GET', `${path}?business_id=${theirs.id}`, { token })).status).toBe(404);
      expect((await s.call('GET', `${path}?business_id=abc`, { token })).status).toBe(422);
    }
  });

  it('a failing AI provider answers 503 “Something went wrong”', async () => {
    const failing: AiWriter = {
      // eslint-disable-next-line require-yield
      async *stream() {
        throw new AiProviderError(500, 'upstream down');
      },
    };
    const app = createApp({ db: s.db, clock: s.clock, mailer: memoryMailer(), ai: failing, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    const token = await s.login('pro@demo.test');
    const { id } = await create(token, 'Acme');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await app.request(`/api/businesses/description?business_id=${id}`, { headers: { 'x-application': 'writer-web', authorization: `Bearer ${token}` } });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: 'Something went wrong', type: 'Error' });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('normalise website addresses', () => {
    expect(normaliseUrl('acme.example')).toBe('https://acme.example');
    expect(normaliseUrl(' http://localhost:3000/x ')).toBe('http://localhost:3000/x');
    expect(normaliseUrl('')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', 'acme', 'https://', 'a b.com', 'data:text/html,x']) expect(normaliseUrl(bad), bad).toBeUndefined();
  });
  it('read both colour forms as the list', () => {
    expect(colorList(['#abcdef'])).toEqual(['#ABCDEF']);
    expect(colorList({ secondary_color: '#000000' })).toEqual(['#000000']);
    expect(colorList({ primary_color: null, secondary_color: null, tertiary_color: null })).toEqual([]);
  });
  it('turn generated text into one plain paragraph ending with a sentence', () => {
    expect(plainDescription('## Title\n\n- **Point** one. Two and')).toBe('Title Point one.');
    expect(plainDescription('Short one.')).toBe('Short one.');
  });
  it('agree with the limits of openapi/', () => {
    const schemas = (loadOpenApi() as unknown as { components: { schemas: Record<string, any> } }).components.schemas;
    expect(schemas.BusinessName.maxLength).toBe(BRAND_LIMITS.name);
    expect(schemas.BusinessProducts.maxItems).toBe(BRAND_LIMITS.products);
    expect(schemas.BusinessProduct.properties.name.maxLength).toBe(BRAND_LIMITS.productName);
    expect(schemas.BusinessProduct.properties.description.maxLength).toBe(BRAND_LIMITS.productDescription);
    const update = schemas.BusinessUpdateRequest.properties;
    for (const k of ['url', 'description', 'industry', 'tone'] as const) expect(update[k].maxLength, k).toBe(BRAND_LIMITS[k]);
    expect(schemas.BusinessDeleteRequest.properties.ids.maxItems).toBe(BRAND_LIMITS.deleteIds);
    expect(schemas.Business.properties.total_steps.const).toBe(BRAND_TOTAL_STEPS);
    expect(new Set(schemas.BusinessFieldName.enum)).toEqual(new Set(Object.values(BRAND_STEP_FIELDS).flat()));
  });
});
