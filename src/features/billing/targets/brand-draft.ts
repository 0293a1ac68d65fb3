import type { BrandField, BrandForm } from './brand-form';
import { readStored, writeStored } from '@/state/local-drafts';

/**
 * Unsaved setup input, per user and brand ('new' before the brand exists): what was typed on a step survives
 * 'Back', leaving the page, a reload and signing out and in again (the 'draft:' keys are kept on sign-out, see
 * src/actors/session.ts) until that step is saved.
 */
type BrandDraft = Partial<BrandForm>;
const draftKey = (userId: number | string, brandId: number | 'new') => `draft:${userId}:brand:${brandId}`;

export function loadBrandDraft(userId: number | string | undefined, brandId: number | 'new'): BrandDraft {
  if (userId === undefined) return {};
  try {
    const raw = readStored(draftKey(userId, brandId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as BrandDraft) : {};
  } catch {
    return {};
  }
}

/** Records the given fields' values (or, with `null`, forgets them) in the brand's draft. */
export function updateBrandDraft(userId: number | string | undefined, brandId: number | 'new', fields: readonly BrandField[], form: BrandForm | null) {
  if (userId === undefined) return;
  const draft: Record<string, unknown> = { ...loadBrandDraft(userId, brandId) };
  for (const f of fields) {
    if (form) draft[f] = form[f as keyof BrandForm];
    else delete draft[f];
  }
  writeStored(draftKey(userId, brandId), Object.keys(draft).length ? JSON.stringify(draft) : null);
}
