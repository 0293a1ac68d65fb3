/**
 * The work behind Manage Brands (server/routes/businesses.ts parses and answers) (03 §2 "Manage Brands lists businesses with create, edit, multi-delete and detail views", §3
 * "Business/brand", §4 "Onboarding and brands", §7 the /api/businesses calls).
 *
 * Every call works on the signed-in user's own brands only: another user's id answers 404 exactly like an id
 * that does not exist (and a multi-delete naming one deletes nothing). Writes of several statements run in one
 * transaction with the brand's row locked. Values are checked twice: the request body against openapi/ by the
 * validator middleware, then here for what a schema cannot say (blank names, website addresses, known language
 * ids, a name the user already gives another brand).
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ValidateFunction } from 'ajv';
import type { AppDeps } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { JsonBody, Schemas } from '../types';
import { HttpError, MSG, validationError, type FieldErrors } from '../http/errors';
import { createAjv, loadOpenApi, toFieldErrors, type JsonSchema } from '../http/openapi-validate';
import { createOfflineWriter } from '../ai/offline-writer';
import { AiProviderError, countWords, type AiWriter } from '../ai/types';
import { randomUUID } from 'node:crypto';
import { releaseGeneration, reserveGeneration, settleGeneration, type Allowance } from '../metering';
import { SUBSCRIPTION_INACTIVE_MESSAGE } from './image-allowance';
import { BLOG_WORD_LIMIT_MESSAGE } from './long-blog';
import {
  BRAND_COLOR_KEYS,
  BRAND_DESCRIPTION_WORDS,
  BRAND_FIRST_STEP,
  BRAND_TOTAL_STEPS,
} from '../../machines/brand-constants';
import { BLOG_UPGRADE_ERROR_TYPE, IMAGE_MESSAGES } from '../../machines/constants';

type Business = Schemas['Business'];
type Row = typeof t.businesses.$inferSelect;
type RowWithLanguage = Row & { languageName: string | null };
export type UpdateRequest = JsonBody<'/api/businesses/{id}', 'patch'>;
type FieldName = Schemas['BusinessFieldName'];
type Product = Schemas['BusinessProduct'];

/** 03 §8 common message; the answer of a failed description suggestion. */
const SOMETHING_WENT_WRONG = 'Something went wrong';
const DUPLICATE_NAME = 'You already have a brand with this name.';

// ---------------------------------------------------------------- reading

const columns = {
  id: t.businesses.id,
  userId: t.businesses.userId,
  name: t.businesses.name,
  url: t.businesses.url,
  description: t.businesses.description,
  industry: t.businesses.industry,
  tone: t.businesses.tone,
  colors: t.businesses.colors,
  languageId: t.businesses.languageId,
  products: t.businesses.products,
  step: t.businesses.step,
  isCompleted: t.businesses.isCompleted,
  createdAt: t.businesses.createdAt,
  updatedAt: t.businesses.updatedAt,
  languageName: t.languages.name,
};

function selectBusinesses(db: Db) {
  return db.select(columns).from(t.businesses).leftJoin(t.languages, eq(t.languages.id, t.businesses.languageId));
}

const asList = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function toApi(row: RowWithLanguage): Business {
  const products = asList<Product>(row.products);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    step: row.step,
    total_steps: BRAND_TOTAL_STEPS,
    products,
    products_count: products.length,
    industry: row.industry,
    tone: row.tone,
    colors: asList<string>(row.colors),
    language: row.languageId != null ? { id: row.languageId, name: row.languageName ?? '' } : null,
    is_completed: row.isCompleted ? 1 : 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The user's brand by id, or 404 (also for another user's brand); `lock` takes the row for the transaction. */
async function loadOwn(db: Db, userId: number, id: number, lock = false): Promise<Row> {
  const q = db
    .select()
    .from(t.businesses)
    .where(and(eq(t.businesses.id, id), eq(t.businesses.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new HttpError(404, MSG.notFound);
  return row;
}

async function view(db: Db, id: number): Promise<Business> {
  const [row] = await selectBusinesses(db).where(eq(t.businesses.id, id));
  if (!row) throw new HttpError(404, MSG.notFound);
  return toApi(row);
}

/** A LIKE pattern matching `text` anywhere (its own % _ \ taken literally). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

// ---------------------------------------------------------------- checking and normalising values

type Changes = Partial<Pick<Row, 'name' | 'url' | 'description' | 'industry' | 'tone' | 'colors' | 'languageId' | 'products'>>;

const optionalText = (v: string | null | undefined): string | null => {
  const s = (v ?? '').trim();
  return s === '' ? null : s;
};

/**
 * A website address: http(s) with a dotted host (or localhost); a scheme-less address gets https:// (what a
 * user types is usually "acme.com"). Empty clears it. Undefined when it is not an address.
 */
export function normaliseUrl(raw: string): string | null | undefined {
  const s = raw.trim();
  if (s === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
  if (!URL.canParse(withScheme)) return undefined;
  const u = new URL(withScheme);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  if (!(u.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(u.hostname))) return undefined;
  if (/\s/.test(withScheme)) return undefined;
  return withScheme;
}

/** The list form of either colour form (03 §3), upper-case, empty slots dropped. */
export function colorList(value: Schemas['BusinessColors']): string[] {
  const list = Array.isArray(value) ? value : BRAND_COLOR_KEYS.map((k) => value[k]);
  return list.filter((c): c is string => typeof c === 'string' && c !== '').map((c) => c.toUpperCase());
}

/**
 * Turns the (schema-valid) fields of an update into column values; field errors for what the schema cannot say.
 * `errorKey` names the error entry (the field itself, or 'value' for PATCH …/field).
 */
async function changesOf(db: Db, userId: number, id: number, req: UpdateRequest, errorKey?: string): Promise<Changes> {
  const out: Changes = {};
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[errorKey ?? field] ??= []).push(message);
  if (req.name !== undefined) {
    const name = req.name.trim();
    if (!name) fail('name', 'The name field is required.');
    else if (await nameTaken(db, userId, name, id)) fail('name', DUPLICATE_NAME);
    else out.name = name;
  }
  if (req.url !== undefined) {
    const url = normaliseUrl(req.url ?? '');
    if (url === undefined) fail('url', 'Please enter a valid website address, e.g. https://example.com.');
    else out.url = url;
  }
  if (req.description !== undefined) out.description = optionalText(req.description);
  if (req.industry !== undefined) out.industry = optionalText(req.industry);
  if (req.tone !== undefined) out.tone = optionalText(req.tone);
  if (req.colors !== undefined) out.colors = colorList(req.colors);
  if (req.language !== undefined) {
    if (req.language === null) out.languageId = null;
    else {
      const known = req.language <= 2_147_483_647 && (await db.select({ id: t.languages.id }).from(t.languages).where(eq(t.languages.id, req.language)).limit(1)).length > 0;
      if (!known) fail('language', 'The selected language is invalid.');
      else out.languageId = req.language;
    }
  }
  if (req.products !== undefined) {
    const products: Product[] = [];
    for (const p of req.products) {
      const name = p.name.trim();
      if (!name) {
        fail('products', 'Each product needs a name.');
        break;
      }
      const description = optionalText(p.description);
      products.push(description ? { name, description } : { name });
    }
    out.products = products;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

async function nameTaken(db: Db, userId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: t.businesses.id })
    .from(t.businesses)
    .where(
      and(
        eq(t.businesses.userId, userId),
        sql`lower(${t.businesses.name}) = lower(${name})`,
        exceptId !== undefined ? ne(t.businesses.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** PostgreSQL unique_violation (23505), through drizzle's wrapping: two requests raced for one name. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}
async function uniqueName<T>(work: () => Promise<T>, errorKey = 'name'): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ [errorKey]: [DUPLICATE_NAME] });
    throw err;
  }
}

/**
 * The schema of each field's value in PATCH …/field: the same field of PATCH /api/businesses/{id} (one
 * description of each value, in openapi/). Compiled once, from the bundled description.
 */
let fieldValidators: Map<FieldName, ValidateFunction> | undefined;
function fieldValidator(field: FieldName): ValidateFunction {
  if (!fieldValidators) {
    const schema = loadOpenApi().paths['/api/businesses/{id}']!.patch!.requestBody!.content!['application/json']!.schema as { properties: Record<string, JsonSchema> };
    const ajv = createAjv();
    fieldValidators = new Map(Object.entries(schema.properties).map(([name, s]) => [name as FieldName, ajv.compile(s)]));
  }
  const v = fieldValidators.get(field);
  // Only the whitelisted names reach here (BusinessFieldName's enum); a name without a schema is refused all the same.
  if (!v) throw validationError({ field: ['The selected field is invalid.'] });
  return v;
}
const FIELD_NAMES: ReadonlySet<string> = new Set<FieldName>(['name', 'url', 'description', 'industry', 'tone', 'colors', 'language', 'products']);

// ---------------------------------------------------------------- the AI description

function describePrompt(row: RowWithLanguage): string {
  const products = asList<Product>(row.products).map((p) => p.name);
  const facts = [
    `Brand: ${row.name}`,
    row.url && `Website: ${row.url}`,
    row.industry && `Industry: ${row.industry}`,
    row.tone && `Tone of voice: ${row.tone}`,
    products.length > 0 && `Products: ${products.join(', ')}`,
  ].filter(Boolean);
  return `Write a short description (at most ${BRAND_DESCRIPTION_WORDS} words, plain text, no headings or lists) of this brand for its marketing team.\n${facts.join('\n')}`;
}

/** The generated text as one plain paragraph, cut after its last complete sentence. */
export function plainDescription(text: string): string {
  const plain = text
    .split('\n')
    .map((l) => l.replace(/^\s*(#+|[-*]|\d+\.)\s*/, '').replace(/\*\*/g, '').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const end = Math.max(plain.lastIndexOf('. '), plain.lastIndexOf('! '), plain.lastIndexOf('? '));
  if (/[.!?]$/.test(plain)) return plain;
  return end > 0 ? plain.slice(0, end + 1) : plain;
}

// ---------------------------------------------------------------- routes

// ---------------------------------------------------------------- the calls

/** The user's brands by name, for pickers. */
export async function brandNames(db: Db, userId: number) {
  return db
    .select({ id: t.businesses.id, name: t.businesses.name, isCompleted: t.businesses.isCompleted })
    .from(t.businesses)
    .where(eq(t.businesses.userId, userId))
    .orderBy(asc(sql`lower(${t.businesses.name})`), asc(t.businesses.id));
}

/** Refusal of a description the plan cannot pay for: the long blog's word-limit / upgrade answers (03 §8). */
function describeRefusal(a: Allowance): HttpError {
  if (a.plan === 'inactive') return new HttpError(403, SUBSCRIPTION_INACTIVE_MESSAGE, { type: BLOG_UPGRADE_ERROR_TYPE });
  if (a.plan === 'free') return new HttpError(455, BLOG_WORD_LIMIT_MESSAGE, { type: BLOG_UPGRADE_ERROR_TYPE });
  return new HttpError(455, IMAGE_MESSAGES.insufficientCredits, { type: BLOG_UPGRADE_ERROR_TYPE });
}

/**
 * A suggested description of the user's brand, written by the AI provider; 503 'Something went wrong' when it
 * fails. Metered like every generation (server/metering.ts): BRAND_DESCRIPTION_WORDS reserved before the writer
 * starts, settled to the words written, released when it fails or is stopped. `requestId` is the idempotency key:
 * a repeat answers the first description, charged once.
 */
export async function describeBrand(
  deps: Pick<AppDeps, 'db' | 'ai' | 'config' | 'clock'>,
  userId: number,
  businessId: number,
  signal: AbortSignal,
  requestId?: string,
): Promise<string> {
  const { db, clock } = deps;
  const own = await loadOwn(db, userId, businessId);
  const [row] = await selectBusinesses(db).where(eq(t.businesses.id, own.id));
  const hold = await reserveGeneration(
    db,
    {
      userId,
      requestKey: `brand-description:${own.id}:${requestId ?? randomUUID()}`,
      kind: 'brand-description',
      description: `Brand description: ${row!.name}`,
      words: BRAND_DESCRIPTION_WORDS,
      upTo: true,
      refusal: describeRefusal,
    },
    clock.now(),
  );
  if (hold.repeat) {
    const first = (hold.repeat.result as { description?: string } | null)?.description;
    if (hold.repeat.status === 'settled' && first) return first;
    throw new HttpError(409, 'This description is being written.');
  }
  const ai: AiWriter = deps.ai ?? createOfflineWriter({ paceMs: deps.config.aiPaceMs });
  let text = '';
  try {
    for await (const piece of ai.stream({ kind: 'section', messages: [{ role: 'user', content: describePrompt(row!) }], maxWords: BRAND_DESCRIPTION_WORDS }, signal))
      text += piece;
    const description = plainDescription(text);
    if (!description) throw new HttpError(503, SOMETHING_WENT_WRONG, { type: 'Error' });
    await db.transaction((tx) => settleGeneration(tx, hold, { words: countWords(description) }, clock.now(), { description }));
    return description;
  } catch (err) {
    await releaseGeneration(db, hold, clock.now());
    if (err instanceof AiProviderError) {
      console.error(`[businesses] description: ${err.message}`);
      throw new HttpError(503, SOMETHING_WENT_WRONG, { type: 'Error' });
    }
    throw err;
  }
}

export async function brandProducts(db: Db, userId: number, businessId: number): Promise<Product[]> {
  const row = await loadOwn(db, userId, businessId);
  return asList<Product>(row.products);
}

/** Deletes the named brands, all or none: one that is not the user's deletes nothing (404). Returns how many. */
export async function deleteBrands(db: Db, userId: number, requested: number[]): Promise<number> {
  const ids = [...new Set(requested)];
  // Ids beyond PostgreSQL's integer are nobody's brand: 404 like any other id that is not the user's.
  if (ids.some((id) => id > 2_147_483_647)) throw new HttpError(404, MSG.notFound);
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: t.businesses.id })
      .from(t.businesses)
      .where(and(eq(t.businesses.userId, userId), inArray(t.businesses.id, ids)))
      .for('update');
    if (own.length !== ids.length) throw new HttpError(404, MSG.notFound);
    await tx.delete(t.businesses).where(and(eq(t.businesses.userId, userId), inArray(t.businesses.id, ids)));
    return own.length;
  });
}

/** One page of the user's brands, newest first; `search` looks in name, address, industry and description. */
export async function listBrands(db: Db, userId: number, q: { page: number; perPage: number; search: string; name: string }) {
  const where: SQL | undefined = and(
    eq(t.businesses.userId, userId),
    q.name ? ilike(t.businesses.name, contains(q.name)) : undefined,
    q.search
      ? or(
          ilike(t.businesses.name, contains(q.search)),
          ilike(t.businesses.url, contains(q.search)),
          ilike(t.businesses.industry, contains(q.search)),
          ilike(t.businesses.description, contains(q.search)),
        )
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(t.businesses).where(where);
  const rows = await selectBusinesses(db)
    .where(where)
    .orderBy(desc(t.businesses.createdAt), desc(t.businesses.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { total: Number(total), data: rows.map(toApi) };
}

export async function createBrand(deps: Pick<AppDeps, 'db' | 'clock'>, userId: number, rawName: string): Promise<Business> {
  const { db, clock } = deps;
  const name = rawName.trim();
  if (!name) throw validationError({ name: ['The name field is required.'] });
  const now = clock.now();
  const id = await uniqueName(() =>
    db.transaction(async (tx) => {
      if (await nameTaken(tx, userId, name)) throw validationError({ name: [DUPLICATE_NAME] });
      const [row] = await tx
        .insert(t.businesses)
        // 03 §4 "Creating a business starts at step 2".
        .values({ userId, name, step: BRAND_FIRST_STEP, isCompleted: false, createdAt: now, updatedAt: now })
        .returning({ id: t.businesses.id });
      return row!.id;
    }),
  );
  return view(db, id);
}

export async function getBrand(db: Db, userId: number, id: number): Promise<Business> {
  const own = await loadOwn(db, userId, id);
  return view(db, own.id);
}

export async function updateBrand(deps: Pick<AppDeps, 'db' | 'clock'>, userId: number, id: number, req: UpdateRequest): Promise<Business> {
  const { db, clock } = deps;
  await uniqueName(() =>
    db.transaction(async (tx) => {
      await loadOwn(tx, userId, id, true);
      const changes = await changesOf(tx, userId, id, req);
      await tx.update(t.businesses).set({ ...changes, updatedAt: clock.now() }).where(eq(t.businesses.id, id));
    }),
  );
  return view(db, id);
}

/** One wizard step's field (03 §4): the step only moves forward; completing needs the last step. */
export async function updateBrandField(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  id: number,
  b: JsonBody<'/api/businesses/{id}/field', 'patch'>,
): Promise<Business> {
  const { db, clock } = deps;
  // Whitelisted names only (the schema's enum already refuses others, '__proto__' included): never an index
  // into an object with a name the client chose.
  if (typeof b.field !== 'string' || !FIELD_NAMES.has(b.field)) throw validationError({ field: ['The selected field is invalid.'] });
  const validate = fieldValidator(b.field);
  if (!validate(b.value)) throw validationError({ value: Object.values(toFieldErrors(validate.errors, 'value')).flat() });
  await uniqueName(
    () =>
      db.transaction(async (tx) => {
        const row = await loadOwn(tx, userId, id, true);
        const changes = await changesOf(tx, userId, id, { [b.field]: b.value } as UpdateRequest, 'value');
        const step = b.step === undefined ? row.step : Math.max(row.step, b.step);
        const errors: FieldErrors = {};
        if (b.is_completed === 1 && step < BRAND_TOTAL_STEPS)
          errors.is_completed = [`A brand is completed with its last step (${BRAND_TOTAL_STEPS}).`];
        const products = asList<Product>(changes.products ?? row.products);
        if (b.products_count !== undefined && b.products_count !== products.length)
          errors.products_count = ['The products count does not match the products.'];
        if (Object.keys(errors).length) throw validationError(errors);
        await tx
          .update(t.businesses)
          .set({ ...changes, step, isCompleted: row.isCompleted || b.is_completed === 1, updatedAt: clock.now() })
          .where(eq(t.businesses.id, id));
      }),
    'value',
  );
  return view(db, id);
}
