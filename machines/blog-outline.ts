/**
 * Pure helpers of the long blog wizard (03 §3 Long blog post, §4 Long blog, §5, §8 Outline rules).
 */
import {
  GOOGLE_OUTLINE_REQUIRED_MARKERS,
  NEW_SECTION_TITLE,
  OUTLINE_ERROR_FALLBACK,
  OUTLINE_QUIET_STOP_MESSAGES,
  OUTLINE_QUIET_STOP_STATUS,
} from './constants';

export interface BlogSection {
  id: string;
  title: string;
  isChecked: boolean;
  /** The generated / edited text of the section (03 §3: contents[].content, joined). */
  content: string;
  section_length?: string;
}

/** 03 §3 Outline (the parts the wizard works on). */
export interface BlogOutline {
  id: string;
  introduction: string;
  conclusion: string;
  sections: BlogSection[];
  /** Google outline: the structure text and its source (03 §7 Google-search outline). */
  structure?: string;
  faviconUrl?: string;
  url?: string;
}

export type BlogPart = { kind: 'introduction' } | { kind: 'conclusion' } | { kind: 'section'; id: string };

export const partKey = (p: BlogPart): string => (p.kind === 'section' ? `section:${p.id}` : p.kind);

const isEmpty = (s: string | undefined) => !s || s.trim() === '';

/**
 * 03 §4 running word count: words counted by splitting on spaces across introduction, checked
 * sections and conclusion. "Spaces" is read as any whitespace run (newlines between paragraphs
 * separate words too), and empty strings count 0 words.
 */
export function countWords(outline: Pick<BlogOutline, 'introduction' | 'conclusion' | 'sections'> | undefined): number {
  if (!outline) return 0;
  const texts = [outline.introduction, ...outline.sections.filter((s) => s.isChecked).map((s) => s.content), outline.conclusion];
  return texts.reduce((n, t) => n + (t ?? '').split(/\s+/).filter((w) => w !== '').length, 0);
}

/** 03 §4: a section title containing 'enter your heading' (any case) blocks Generate All. */
export const hasPlaceholderTitle = (outline: BlogOutline | undefined): boolean =>
  !!outline && outline.sections.some((s) => s.title.toLowerCase().includes(NEW_SECTION_TITLE.toLowerCase()));

/**
 * 03 §4 Generate All order: the introduction if empty, then each checked empty section from LAST
 * to FIRST, then the conclusion (if empty: a conclusion with content is not regenerated).
 */
export function generateAllPlan(outline: BlogOutline | undefined): BlogPart[] {
  if (!outline) return [];
  const plan: BlogPart[] = [];
  if (isEmpty(outline.introduction)) plan.push({ kind: 'introduction' });
  for (const s of [...outline.sections].reverse())
    if (s.isChecked && isEmpty(s.content)) plan.push({ kind: 'section', id: s.id });
  if (isEmpty(outline.conclusion)) plan.push({ kind: 'conclusion' });
  return plan;
}

/** 03 §4: "disabled when all parts already have content". */
export const hasEmptyPart = (outline: BlogOutline | undefined): boolean => generateAllPlan(outline).length > 0;

export function partContent(outline: BlogOutline, part: BlogPart): string {
  if (part.kind === 'introduction') return outline.introduction;
  if (part.kind === 'conclusion') return outline.conclusion;
  return outline.sections.find((s) => s.id === part.id)?.content ?? '';
}

export function setPartContent(outline: BlogOutline, part: BlogPart, content: string): BlogOutline {
  if (part.kind === 'introduction') return { ...outline, introduction: content };
  if (part.kind === 'conclusion') return { ...outline, conclusion: content };
  return { ...outline, sections: outline.sections.map((s) => (s.id === part.id ? { ...s, content } : s)) };
}

export function partTitle(outline: BlogOutline, part: BlogPart): string {
  if (part.kind === 'section') return outline.sections.find((s) => s.id === part.id)?.title ?? '';
  return part.kind === 'introduction' ? 'Introduction' : 'Conclusion';
}

/** 03 §5: a Google outline is valid only if its structure contains '1.', '2.' and '3.'. */
export const isValidGoogleStructure = (structure: string | undefined): boolean =>
  typeof structure === 'string' && GOOGLE_OUTLINE_REQUIRED_MARKERS.every((m) => structure.includes(m));

/** 03 §8 Outline generation rules. */
export type OutlineErrorRule =
  | { rule: 'quietStop' }
  | { rule: 'retry' }
  | { rule: 'upgrade'; message?: string }
  | { rule: 'longBlog'; message?: string }
  | { rule: 'dialog'; message: string };

export interface OutlineErrorLike {
  status?: number;
  type?: string;
  message?: string;
}

/** "A message with a number after a dot": e.g. 'Unexpected token at 1.2' or 'Try again. 3 left'. */
export const hasNumberAfterDot = (message: string): boolean => /\.\s*\d/.test(message);

export function classifyOutlineError(err: unknown): OutlineErrorRule {
  const e: OutlineErrorLike =
    err && typeof err === 'object' ? (err as OutlineErrorLike) : typeof err === 'string' ? { message: err } : {};
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    e.status === OUTLINE_QUIET_STOP_STATUS ||
    (OUTLINE_QUIET_STOP_MESSAGES as readonly string[]).includes(message.trim())
  )
    return { rule: 'quietStop' };
  if (e.type === 'upgrade') return { rule: 'upgrade', message: message || undefined };
  if (e.type === 'longBlog') return { rule: 'longBlog', message: message || undefined };
  if (message && hasNumberAfterDot(message)) return { rule: 'retry' };
  return { rule: 'dialog', message: message || OUTLINE_ERROR_FALLBACK };
}
