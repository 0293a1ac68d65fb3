import { pathFromModule } from '../lib/module-path';
/**
 * Request validation against the OpenAPI description (openapi/generated/openapi.bundle.gen.json, dereferenced):
 * finds the operation for method + path (path templates → regex), validates the JSON body and the query
 * with Ajv 2020 + formats (compiled lazily, cached), and stores the parsed body for the handler.
 * Invalid → 422 {message: 'The given data was invalid.', type: 'validation', errors: {field: [messages]}}.
 * A body nested deeper than MAX_JSON_DEPTH is refused with 422 before validation (a deep value overflowed the
 * stack wherever it was later walked or stored: a 500). A valid body reaches the handler without the
 * properties its schema does not name (pruneUnknown), so no route stores fields the contract does not describe.
 */
import type { MiddlewareHandler, Context } from 'hono';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { HttpError, MSG, validationError, type FieldErrors } from './errors';

export type JsonSchema = Record<string, unknown>;
export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationObject>>;
}
interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
export interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}
export interface RouteMatch {
  template: string;
  method: string;
  op: OperationObject;
  params: Record<string, string>;
}

export const BUNDLE_PATH = pathFromModule('../../openapi/generated/openapi.bundle.gen.json', import.meta.url);

let cachedDoc: OpenApiDoc | undefined;
export function loadOpenApi(): OpenApiDoc {
  cachedDoc ??= JSON.parse(readFileSync(BUNDLE_PATH, 'utf8')) as OpenApiDoc;
  return cachedDoc;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Compiles path templates into regexes; literal segments win over parameters. */
export function buildMatcher(doc: OpenApiDoc) {
  const routes = Object.entries(doc.paths).flatMap(([template, item]) => {
    const names: string[] = [];
    const source = template
      .split('/')
      .map((seg) => {
        const m = /^\{(.+)\}$/.exec(seg);
        if (m) {
          names.push(m[1]);
          return '([^/]+)';
        }
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return METHODS.filter((m) => item[m]).map((method) => ({
      template,
      method,
      op: item[method],
      names,
      regex: new RegExp(`^${source}$`),
      literalScore: template.split('/').filter((s) => !s.startsWith('{')).length,
    }));
  });
  routes.sort((a, b) => b.literalScore - a.literalScore);
  return (method: string, path: string): RouteMatch | undefined => {
    const lower = method.toLowerCase();
    for (const r of routes) {
      if (r.method !== lower) continue;
      const m = r.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => {
        try {
          params[n] = decodeURIComponent(m[i + 1]);
        } catch {
          // A malformed escape ('%E0%A4%A', '%zz') names nothing: 404, not the 500 an uncaught URIError would give.
          throw new HttpError(404, MSG.notFound);
        }
      });
      return { template: r.template, method: lower, op: r.op, params };
    }
    return undefined;
  };
}

export function createAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

const humanType: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

/** Laravel-style field errors from Ajv errors. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, root = 'body'): FieldErrors {
  // A Map, not an object: field names come from the request ('__proto__' as a property name made `out[key]`
  // Object.prototype, a TypeError and a 500). Object.fromEntries defines every key as an own property.
  const out = new Map<string, string[]>();
  const add = (field: string, msg: string) => {
    const key = field || root;
    const list = out.get(key) ?? [];
    if (!list.includes(msg)) list.push(msg);
    out.set(key, list);
  };
  for (const e of errors ?? []) {
    const base = e.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const label = (f: string) => (f || root).replace(/_/g, ' ');
    switch (e.keyword) {
      case 'required': {
        const f = [base, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
        add(f, `The ${label(f)} field is required.`);
        break;
      }
      case 'type':
        add(base, `The ${label(base)} field must be ${humanType[String((e.params as { type: string }).type)] ?? (e.params as { type: string }).type}.`);
        break;
      case 'format':
        add(base, `The ${label(base)} field must be a valid ${(e.params as { format: string }).format === 'email' ? 'email address' : (e.params as { format: string }).format}.`);
        break;
      case 'minLength':
        if ((e.params as { limit: number }).limit === 1) add(base, `The ${label(base)} field is required.`);
        else add(base, `The ${label(base)} field must be at least ${(e.params as { limit: number }).limit} characters.`);
        break;
      case 'maxLength':
        add(base, `The ${label(base)} field must not be greater than ${(e.params as { limit: number }).limit} characters.`);
        break;
      case 'minimum':
        add(base, `The ${label(base)} field must be at least ${(e.params as { limit: number }).limit}.`);
        break;
      case 'maximum':
        add(base, `The ${label(base)} field must not be greater than ${(e.params as { limit: number }).limit}.`);
        break;
      case 'enum':
      case 'const':
        add(base, `The selected ${label(base)} is invalid.`);
        break;
      case 'pattern':
        add(base, `The ${label(base)} field format is invalid.`);
        break;
      case 'if':
      case 'oneOf':
      case 'anyOf':
      case 'allOf':
        break; // the branch errors carry the detail
      case 'additionalProperties':
        add(
          [base, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.'),
          'This field is not allowed.',
        );
        break;
      default:
        add(base, `The ${label(base)} field is invalid.`);
    }
  }
  if (out.size === 0 && errors?.length) out.set(root, ['The request is invalid.']);
  return Object.fromEntries(out);
}

type Validator = (data: unknown) => FieldErrors | null;

/**
 * A validator for a schema. For a top-level oneOf/anyOf the errors of the closest branch are reported
 * (fewest errors), so {token, password} without password_confirmation names password_confirmation.
 */
function compileValidator(ajv: Ajv2020, schema: JsonSchema): Validator {
  const whole = ajv.compile(schema);
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  const compiled = branches?.map((b) => ({ validate: ajv.compile(b), required: (b.required as string[] | undefined) ?? [] }));
  return (data) => {
    if (whole(data)) return null;
    if (compiled && data && typeof data === 'object') {
      // The branch the client most likely meant: most of its required fields present, then fewest errors.
      let best: { errors: FieldErrors; present: number; count: number } | null = null;
      for (const b of compiled) {
        if (b.validate(data)) continue;
        const errors = toFieldErrors(b.validate.errors);
        const present = b.required.filter((k) => k in (data as object)).length;
        const count = Object.keys(errors).length;
        if (!best || present > best.present || (present === best.present && count < best.count)) best = { errors, present, count };
      }
      if (best) return best.errors;
    }
    return toFieldErrors(whole.errors);
  };
}

/** Deepest nesting of arrays and objects a JSON body may have (the contract's deepest body is far shallower). */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `max` (iterative: a deep value must not overflow the stack here). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A copy of `data` with only the properties `schema` names, at every level. An object schema that allows other
 * properties explicitly (additionalProperties true or a schema, patternProperties) or names none (a free-form
 * value) keeps them all; the branches of allOf/oneOf/anyOf/if-then-else each contribute what they name.
 */
export function pruneUnknown(schema: JsonSchema | undefined, data: unknown): unknown {
  if (!schema || data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    const items = schema.items as JsonSchema | undefined;
    return items && typeof items === 'object' ? data.map((d) => pruneUnknown(items, d)) : data;
  }
  const known = new Map<string, JsonSchema[]>();
  let open = false;
  const visit = (sc: JsonSchema) => {
    const props = sc.properties as Record<string, JsonSchema> | undefined;
    if (props) for (const [k, v] of Object.entries(props)) known.set(k, [...(known.get(k) ?? []), v]);
    const extra = sc.additionalProperties;
    if (extra === true || (extra && typeof extra === 'object') || sc.patternProperties) open = true;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) for (const b of (sc[key] as JsonSchema[] | undefined) ?? []) visit(b);
    for (const key of ['then', 'else'] as const) if (sc[key] && typeof sc[key] === 'object') visit(sc[key] as JsonSchema);
  };
  visit(schema);
  if (open || known.size === 0) return data;
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(data)) {
    const schemas = known.get(k);
    if (schemas) out.push([k, pruneUnknown(schemas.length === 1 ? schemas[0] : { anyOf: schemas }, v)]);
  }
  return Object.fromEntries(out);
}

function coerceQuery(value: string, schema: JsonSchema | undefined): unknown {
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The parsed (and validated) JSON body, or {} when the operation takes none. */
    body: unknown;
    /** The OpenAPI operation matched for this request, if any. */
    operation: RouteMatch | undefined;
  }
}

/** 'required' when every security alternative needs the bearer token, 'optional' when some do. */
export function bearerRequirement(doc: OpenApiDoc & { security?: Record<string, string[]>[] }, op: OperationObject) {
  const sec = op.security ?? doc.security ?? [];
  const withBearer = sec.filter((alt) => 'bearerAuth' in alt).length;
  if (sec.length > 0 && withBearer === sec.length) return 'required' as const;
  return withBearer > 0 ? ('optional' as const) : ('none' as const);
}

export interface ValidatorOptions {
  /** Runs after the operation is matched and before validation (authentication answers 401 before 422). */
  beforeValidate?: (c: Context, route: RouteMatch, bearer: 'required' | 'optional' | 'none') => Promise<void>;
}

export function openApiValidator(doc: OpenApiDoc, options: ValidatorOptions = {}): MiddlewareHandler {
  const match = buildMatcher(doc);
  const ajv = createAjv();
  const cache = new Map<string, Validator>();
  const validatorFor = (key: string, schema: JsonSchema) => {
    let v = cache.get(key);
    if (!v) {
      v = compileValidator(ajv, schema);
      cache.set(key, v);
    }
    return v;
  };

  return async (c: Context, next) => {
    const route = match(c.req.method, c.req.path);
    c.set('operation', route);
    c.set('body', {});
    if (!route) return next();
    await options.beforeValidate?.(c, route, bearerRequirement(doc, route.op));
    const opKey = `${route.method} ${route.template}`;

    // Query parameters: only for operations that describe a 422 (others, e.g. the hosted sign-in page,
    // answer bad parameters in their own way, and paging parameters are read leniently).
    const queryErrors: FieldErrors = {};
    const checksQuery = !!route.op.responses?.['422'];
    for (const p of checksQuery ? (route.op.parameters ?? []) : []) {
      if (p.in !== 'query') continue;
      const raw = c.req.query(p.name);
      if (raw === undefined || raw === '') {
        if (p.required) queryErrors[p.name] = [`The ${p.name.replace(/_/g, ' ')} field is required.`];
        continue;
      }
      if (!p.schema) continue;
      const errs = validatorFor(`${opKey} query ${p.name}`, p.schema)(coerceQuery(raw, p.schema));
      if (errs) queryErrors[p.name] = Object.values(errs).flat().map((m) => m.replace(/The body field/, `The ${p.name.replace(/_/g, ' ')} field`));
    }
    if (Object.keys(queryErrors).length) throw validationError(queryErrors);

    // JSON body.
    const jsonSchema = route.op.requestBody?.content?.['application/json']?.schema;
    if (!jsonSchema) return next();
    const text = await c.req.text();
    if (text.trim() === '') {
      if (route.op.requestBody?.required) throw validationError({ body: ['The request body is required.'] });
      return next();
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw validationError({ body: ['The request body is not valid JSON.'] });
    }
    if (nestsDeeperThan(data, MAX_JSON_DEPTH)) throw validationError({ body: [`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`] });
    const errs = validatorFor(`${opKey} body`, jsonSchema)(data);
    if (errs) throw validationError(errs);
    c.set('body', pruneUnknown(jsonSchema, data));
    return next();
  };
}

export function isHttpError(e: unknown): e is HttpError {
  return e instanceof HttpError;
}
