/**
 * The brand editor's form state and its conversions (03 §3 Business/brand). Pure: no React, no network.
 * Request and response shapes are the generated ones (openapi/ Business*).
 */
import type { components } from '@contract/schema.gen';
import { BRAND_COLOR_KEYS, BRAND_COLORS_MAX, BRAND_LIMITS, BRAND_STEP_FIELDS } from '@machines/brand-constants';
import { BRANDS_TEXT as t } from '../messages';

export type Business = components['schemas']['Business'];
export type BusinessColors = components['schemas']['BusinessColors'];
export type BusinessUpdate = components['schemas']['BusinessUpdateRequest'];
export type BrandField = components['schemas']['BusinessFieldName'];
export type SetupStep = keyof typeof BRAND_STEP_FIELDS;

export interface ProductDraft {
  name: string;
  description: string;
}
/** What the fields show while the user edits (strings as typed; language id as a select value). */
export interface BrandForm {
  name: string;
  url: string;
  description: string;
  industry: string;
  tone: string;
  colors: string[];
  language: string | null;
  products: ProductDraft[];
}
export type BrandErrors = Partial<Record<BrandField | `product.${number}` | `color.${number}`, string>>;

export const EMPTY_FORM: BrandForm = { name: '', url: '', description: '', industry: '', tone: '', colors: [], language: null, products: [] };

/** 03 §3: the colours come as a list of up to 3 or as an object of primary/secondary/tertiary; the list form. */
export function readColors(colors: BusinessColors | null | undefined): string[] {
  if (!colors) return [];
  const list = Array.isArray(colors) ? colors : BRAND_COLOR_KEYS.map((k) => colors[k]);
  return list.filter((c): c is string => typeof c === 'string' && c !== '').slice(0, BRAND_COLORS_MAX);
}

export function formOf(b: Business): BrandForm {
  return {
    name: b.name,
    url: b.url ?? '',
    description: b.description ?? '',
    industry: b.industry ?? '',
    tone: b.tone ?? '',
    colors: readColors(b.colors),
    language: b.language ? String(b.language.id) : null,
    products: b.products.map((p) => ({ name: p.name, description: p.description ?? '' })),
  };
}

const HEX = /^#[0-9a-f]{6}$/i;
/** The colour slots' default when one is added: the product's accent (the user changes it at once). */
export const NEW_COLOR = '#4338CA';

/** Products as sent: rows left completely empty are dropped (an "Add product" the user did not fill). */
function productsOf(form: BrandForm) {
  return form.products
    .map((p) => ({ name: p.name.trim(), description: p.description.trim() }))
    .filter((p) => p.name || p.description)
    .map((p) => (p.description ? p : { name: p.name }));
}

/** The request value of one field (03 §7 PATCH …/field {field, value}). */
export function valueOf(field: BrandField, form: BrandForm): BusinessUpdate[BrandField] {
  switch (field) {
    case 'name':
      return form.name.trim();
    case 'url':
    case 'description':
    case 'industry':
    case 'tone':
      return form[field].trim() || null;
    case 'colors':
      return form.colors.map((c) => c.toUpperCase());
    case 'language':
      return form.language ? Number(form.language) : null;
    case 'products':
      return productsOf(form);
  }
}

/** PATCH /api/businesses/{id}: every field of the detail view. */
export function updateOf(form: BrandForm): BusinessUpdate {
  const fields: BrandField[] = ['name', 'url', 'description', 'industry', 'tone', 'colors', 'language', 'products'];
  return Object.fromEntries(fields.map((f) => [f, valueOf(f, form)])) as BusinessUpdate;
}

/**
 * What the browser can tell before a save: a name, a plausible website, hex colours, named products. The server
 * checks again (and owns the rest: duplicate names, known languages).
 */
export function validate(fields: readonly BrandField[], form: BrandForm): BrandErrors {
  const errors: BrandErrors = {};
  if (fields.includes('name') && !form.name.trim()) errors.name = t.nameRequired;
  if (fields.includes('url') && form.url.trim() && !plausibleWebsite(form.url)) errors.url = t.websiteInvalid;
  if (fields.includes('colors')) form.colors.forEach((c, i) => !HEX.test(c) && (errors[`color.${i}`] = t.colorInvalid));
  if (fields.includes('products'))
    form.products.forEach((p, i) => !p.name.trim() && p.description.trim() && (errors[`product.${i}`] = t.productNameRequired));
  return errors;
}

/** A website address as the server takes it: http(s) (or no scheme) and a dotted host. */
export function plausibleWebsite(raw: string): boolean {
  const s = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
  if (/\s/.test(withScheme) || s.length > BRAND_LIMITS.url || !URL.canParse(withScheme)) return false;
  const u = new URL(withScheme);
  return (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(u.hostname));
}

/** The steps of the setup wizard, in order (03 §4: 2 … 7). */
export const SETUP_STEPS = Object.keys(BRAND_STEP_FIELDS).map(Number) as SetupStep[];
export const isSetupStep = (n: number): n is SetupStep => (SETUP_STEPS as number[]).includes(n);

/** Where setup continues for a brand: after its last saved step (the last step again once complete). */
export function resumeStep(b: Pick<Business, 'step' | 'total_steps' | 'is_completed'>): SetupStep {
  const next = b.is_completed ? SETUP_STEPS[0]! : Math.min(b.step + 1, b.total_steps);
  return isSetupStep(next) ? next : SETUP_STEPS[0]!;
}

