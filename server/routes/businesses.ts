/**
 * Manage Brands (03 §2, §3 "Business/brand", §4 "Onboarding and brands", §7 the /api/businesses calls): parse,
 * call server/services/businesses.ts (ownership, transactions and the checks a schema cannot say live there),
 * answer. Every call works on the signed-in user's own brands only.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { JsonBody, JsonResponse } from '../types';
import { body, idParam, intQuery } from '../http/util';
import { requireAuth } from '../http/auth';
import { HttpError, MSG } from '../http/errors';
import { pageMeta } from '../db/queries';
import { BRANDS_PAGE_SIZE } from '../../machines/brand-constants';
import {
  brandNames,
  brandProducts,
  createBrand,
  deleteBrands,
  describeBrand,
  getBrand,
  listBrands,
  updateBrand,
  updateBrandField,
  type UpdateRequest,
} from '../services/businesses';

export function businessRoutes() {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();
  const userOf = (c: Context<AppEnv>) => c.get('auth').userId;
  /** business_id of the description / products calls (validated as an integer ≥ 1 by the middleware). */
  const businessIdQuery = (c: Context<AppEnv>) => {
    const raw = c.req.query('business_id') ?? '';
    if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, MSG.notFound);
    return Number(raw);
  };

  // Literal paths before /api/businesses/:id.
  r.get('/api/businesses/filter', auth, async (c) => {
    const rows = await brandNames(c.get('deps').db, userOf(c));
    const reply: JsonResponse<'/api/businesses/filter', 'get', 200> = {
      data: rows.map((x) => ({ id: x.id, name: x.name, is_completed: x.isCompleted ? 1 : 0 })),
    };
    return c.json(reply, 200);
  });

  r.get('/api/businesses/description', auth, async (c) => {
    const description = await describeBrand(c.get('deps'), userOf(c), businessIdQuery(c), c.req.raw.signal, c.req.query('request_id') || undefined);
    return c.json({ data: { description } } satisfies JsonResponse<'/api/businesses/description', 'get', 200>, 200);
  });

  r.get('/api/businesses/products', auth, async (c) => {
    const data = await brandProducts(c.get('deps').db, userOf(c), businessIdQuery(c));
    return c.json({ data } satisfies JsonResponse<'/api/businesses/products', 'get', 200>, 200);
  });

  r.post('/api/businesses/multi-destroy', auth, async (c) => {
    const deleted = await deleteBrands(c.get('deps').db, userOf(c), body<JsonBody<'/api/businesses/multi-destroy', 'post'>>(c).ids);
    const reply: JsonResponse<'/api/businesses/multi-destroy', 'post', 200> = {
      message: deleted === 1 ? 'Brand deleted.' : `${deleted} brands deleted.`,
      status: true,
    };
    return c.json(reply, 200);
  });

  r.get('/api/businesses', auth, async (c) => {
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'paginate', BRANDS_PAGE_SIZE, 100);
    const search = (c.req.query('search') ?? '').trim();
    const name = (c.req.query('name') ?? '').trim();
    const { total, data } = await listBrands(c.get('deps').db, userOf(c), { page, perPage, search, name });
    const reply: JsonResponse<'/api/businesses', 'get', 200> = { ...pageMeta(c.req.url, page, perPage, total, data.length), data };
    return c.json(reply, 200);
  });

  r.post('/api/businesses', auth, async (c) => {
    const data = await createBrand(c.get('deps'), userOf(c), body<JsonBody<'/api/businesses', 'post'>>(c).name);
    return c.json({ data, message: 'Brand created.' } satisfies JsonResponse<'/api/businesses', 'post', 200>, 200);
  });

  r.get('/api/businesses/:id', auth, async (c) => {
    const data = await getBrand(c.get('deps').db, userOf(c), idParam(c));
    return c.json({ data } satisfies JsonResponse<'/api/businesses/{id}', 'get', 200>, 200);
  });

  r.patch('/api/businesses/:id', auth, async (c) => {
    const data = await updateBrand(c.get('deps'), userOf(c), idParam(c), body<UpdateRequest>(c));
    return c.json({ data, message: 'Brand details saved.' } satisfies JsonResponse<'/api/businesses/{id}', 'patch', 200>, 200);
  });

  r.patch('/api/businesses/:id/field', auth, async (c) => {
    const data = await updateBrandField(c.get('deps'), userOf(c), idParam(c), body<JsonBody<'/api/businesses/{id}/field', 'patch'>>(c));
    return c.json({ data, message: 'Brand updated.' } satisfies JsonResponse<'/api/businesses/{id}/field', 'patch', 200>, 200);
  });

  return r;
}
