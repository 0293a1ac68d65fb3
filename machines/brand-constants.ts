/**
 * The business constants of Manage Brands (03 §2/§3/§4/§7/§9 "Onboarding and brands"), each with its spec
 * reference: the brands section of machines/constants.ts, kept in a module of its own so the app's entry chunk
 * (which holds constants.ts, read at start-up) does not carry them — only the lazy brand manager and the server
 * read them, and the first-route bundle gate (tests/e2e/bundle-budget.spec.ts) has no room for them.
 */
import { ONBOARDING_STEPS_BUSINESS } from './constants';
// ── Writing: brands (Manage Brands, 03 §2/§3/§4/§7/§8/§9 "Onboarding and brands") ──
/** 03 §3 Business/brand "total_steps (7)", §4 "Step count 7 for a business", §9. */
export const BRAND_TOTAL_STEPS = ONBOARDING_STEPS_BUSINESS;
/** 03 §4 "Creating a business starts at step 2": a new brand's step (step 1, the account type, is implied). */
export const BRAND_FIRST_STEP = 2;
/** 03 §3 "A brand's colours are either a list of up to 3 or an object …". */
export const BRAND_COLORS_MAX = 3;
/** 03 §3: the object form of the colours, in slot order (primary first). */
export const BRAND_COLOR_KEYS = ['primary_color', 'secondary_color', 'tertiary_color'] as const;
/**
 * 03 §4 "Steps are saved one by one": which fields each setup step saves. The spec fixes the count (7) and the
 * first step of a business (2), not which step asks what; our split, in the order a brand is usually described.
 * openapi/ BusinessFieldName lists the same fields.
 */
export const BRAND_STEP_FIELDS = {
  2: ['name'],
  3: ['url'],
  4: ['description'],
  5: ['products'],
  6: ['industry', 'tone'],
  7: ['colors', 'language'],
} as const;
/** Manage Brands page size (03 §7 GET /api/businesses paginate; the spec shows only page=1: 10 is ours). */
export const BRANDS_PAGE_SIZE = 10;
/** 03 §9 "search debounce 300 ms": the brand list's search box. */
export const BRAND_SEARCH_DEBOUNCE_MS = 300;
/** Limits of a brand's texts and lists (the spec gives none; ours, equal to openapi/ Business* maxLength/maxItems). */
export const BRAND_LIMITS = {
  name: 100,
  url: 2048,
  description: 2000,
  industry: 100,
  tone: 100,
  products: 20,
  productName: 120,
  productDescription: 1000,
  /** ids per POST /api/businesses/multi-destroy */
  deleteIds: 100,
} as const;
/** GET /api/businesses/description: the suggested description's length in words (ours). */
export const BRAND_DESCRIPTION_WORDS = 80;
