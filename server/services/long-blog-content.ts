/**
 * A long blog's stored content and the text that goes into it: the jsonb shape of a long_blogs row, the AI's
 * outline text read as headings, the parts of an outline, the prompts for them, and generated text turned into
 * HTML as it streams. Plain functions without a database: server/services/long-blog.ts stores what they build.
 */
import type { Schemas } from '../types';
import type { AiMessage, AiRequest } from '../ai/types';
import { notFound } from '../http/errors';
import { escapeHtml } from '../lib/html';

type LongBlogOutline = Schemas['LongBlogOutline'];
type LongBlogSection = Schemas['LongBlogSection'];
type OutlineSource = Schemas['OutlineSource'];

/** Our cap on an introduction or conclusion (the spec gives lengths for sections only). */
export const INTRO_CONCLUSION_MAX_WORDS = 300;

/** The `content` jsonb of a long_blogs row. */
export interface StoredContent {
  version: 1;
  /** The free plan's one long blog (03 §6). */
  free_blog: boolean;
  is_real_time: boolean;
  real_time_mode: string | null;
  location: string | null;
  background_info: string | null;
  /** Next id for an outline or a section of this blog. */
  next_id: number;
  last_outline_index: number;
  outlines: LongBlogOutline[];
}

export function emptyContent(): StoredContent {
  return {
    version: 1,
    free_blog: false,
    is_real_time: false,
    real_time_mode: null,
    location: null,
    background_info: null,
    next_id: 1,
    last_outline_index: 0,
    outlines: [],
  };
}

/** Reads a row's jsonb defensively (a row written by hand or an older shape still answers). */
export function readContent(raw: unknown): StoredContent {
  const c = raw && typeof raw === 'object' ? (raw as Partial<StoredContent>) : {};
  const base = emptyContent();
  const outlines = Array.isArray(c.outlines) ? c.outlines : [];
  const maxId = outlines.reduce((m, o) => Math.max(m, o.id ?? 0, ...(o.sections ?? []).map((s) => s.id ?? 0)), 0);
  return {
    ...base,
    ...c,
    version: 1,
    outlines,
    next_id: Math.max(typeof c.next_id === 'number' ? c.next_id : 1, maxId + 1),
    last_outline_index: Math.min(Math.max(0, c.last_outline_index ?? outlines.length - 1), Math.max(0, outlines.length - 1)),
  };
}

// ---------------------------------------------------------------- outline text

export interface ParsedOutline {
  headings: { title: string; note: string | null }[];
}

/**
 * The AI's outline text → headings with their notes. A heading is a numbered ('1.', '2)'), bulleted or
 * Markdown-heading line, or an unindented plain line; an indented line after a heading is its note.
 */
export function parseOutline(text: string): ParsedOutline {
  const headings: ParsedOutline['headings'] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const marked = /^\s{0,3}(?:\d{1,2}[.)]|[-*•]|#{1,6})\s+(.+)$/.exec(raw);
    const indented = /^\s+/.test(raw);
    if (!marked && indented && headings.length > 0) {
      const last = headings[headings.length - 1]!;
      const note = clean(raw);
      last.note = last.note ? `${last.note} ${note}` : note;
      continue;
    }
    const title = clean(marked ? marked[1]! : raw);
    if (title) headings.push({ title, note: null });
  }
  return { headings };
}

const clean = (s: string) =>
  s
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/:$/, '')
    .slice(0, 500);

/** '1. Intro\n2. …' — the structure a Google outline is validated by (03 §5 needs '1.', '2.', '3.'). */
export const structureOf = (p: ParsedOutline) => p.headings.map((h, i) => `${i + 1}. ${h.title}`).join('\n');

/**
 * Builds the outline record. The prompt asks for the introduction first and the conclusion last, so with
 * three headings or more those two are the introduction and conclusion parts and the rest are the
 * sections; with fewer every heading is a section.
 */
export function buildOutline(content: StoredContent, parsed: ParsedOutline, source: OutlineSource, now: Date): LongBlogOutline {
  const hs = parsed.headings;
  const body = hs.length >= 3 ? hs.slice(1, -1) : hs;
  const id = content.next_id++;
  const sections: LongBlogSection[] = body.map((h, i) => ({
    id: content.next_id++,
    title: h.title,
    position: i + 1,
    isChecked: true,
    section_length: null,
    description: h.note,
    content: '',
    image_url: null,
  }));
  return {
    id,
    source,
    structure: structureOf(parsed),
    faviconUrl: null,
    url: null,
    introduction: '',
    conclusion: '',
    introduction_image_url: null,
    conclusion_image_url: null,
    sections,
    created_at: now.toISOString(),
  };
}

// ---------------------------------------------------------------- streamed paragraphs → HTML

/**
 * Plain generated text → HTML paragraphs, as it streams: text is escaped (the model's output is never
 * trusted as markup), a blank line starts a new paragraph, a single newline is a space. Newlines at the
 * end of a chunk are held back until the next chunk tells whether they end a paragraph.
 */
export function paragraphWriter() {
  let open = false;
  let pending = '';
  let html = '';
  const out = (s: string) => {
    html += s;
    return s;
  };
  return {
    push(chunk: string): string {
      let s = pending + chunk;
      const trailing = /\n+$/.exec(s);
      pending = trailing ? trailing[0] : '';
      if (trailing) s = s.slice(0, trailing.index);
      let res = '';
      s.split(/\n\s*\n/).forEach((part, i) => {
        if (i > 0 && open) {
          res += '</p>';
          open = false;
        }
        const text = part.replace(/\n/g, ' ');
        if (!open) {
          const start = text.trimStart();
          if (!start) return;
          res += `<p>${escapeHtml(start)}`;
          open = true;
        } else res += escapeHtml(text);
      });
      return out(res);
    },
    end(): string {
      pending = '';
      if (!open) return '';
      open = false;
      return out('</p>');
    },
    get html() {
      return html;
    },
  };
}

// ---------------------------------------------------------------- parts of an outline

export function findOutline(content: StoredContent, outlineId: number): LongBlogOutline {
  const o = content.outlines.find((x) => x.id === outlineId);
  if (!o) throw notFound();
  return o;
}

export function findSection(outline: LongBlogOutline, sectionId: number): LongBlogSection {
  const s = outline.sections.find((x) => x.id === sectionId);
  if (!s) throw notFound();
  return s;
}

export const renumber = (sections: LongBlogSection[]) => sections.map((s, i) => ({ ...s, position: i + 1 }));

// ---------------------------------------------------------------- prompts

export function outlineRequest(o: { title: string; language: string; source: OutlineSource; location: string | null; background: string | null; structure: string | null }): AiRequest {
  const system =
    'You write blog outlines. Answer with a numbered list of headings, one per line: 1 is the introduction and the last ' +
    'is the conclusion. Under each heading you may add one indented line saying what it covers. No other text.';
  let user = `Write a blog outline for "${o.title}".`;
  if (o.language.toLowerCase() !== 'english') user += ` Write it in ${o.language}.`;
  if (o.source !== 'ai generated') user += ` Use the most recent information you know${o.location ? ` for readers in ${o.location}` : ''}.`;
  if (o.structure) user += `\nFollow this structure:\n${o.structure}`;
  if (o.background) user += `\nBackground information:\n${o.background}`;
  return { kind: 'outline', messages: [{ role: 'system', content: system }, { role: 'user', content: user }] };
}

/** 'Very Short (up to 300 words)' → 300; a length without a number ('Long') or none → no cap. */
export function wordsOfLength(length: string | null | undefined): number | undefined {
  const m = length ? /up to\s+([\d,]+)\s+words/i.exec(length) : null;
  return m ? Number(m[1]!.replace(/,/g, '')) : undefined;
}

/** One part of an outline: its introduction, its conclusion or one of its sections. */
export type PartRef = { kind: 'intro' } | { kind: 'conclusion' } | { kind: 'section'; id: number };
/** What a content generation writes: one part, or the whole post (introduction, checked sections, conclusion, with headings). */
export type PartChoice = PartRef | { kind: 'all' };

export function partRequest(blogTitle: string, outline: LongBlogOutline, part: PartRef, language: string): AiRequest {
  const system =
    'You write one part of a blog post: plain paragraphs separated by a blank line. No headings, no lists, no Markdown.' +
    (language.toLowerCase() !== 'english' ? ` Write in ${language}.` : '');
  let user: string;
  let maxWords: number | undefined = INTRO_CONCLUSION_MAX_WORDS;
  const checked = outline.sections.filter((s) => s.isChecked).map((s) => s.title);
  if (part.kind === 'intro') user = `Write the introduction of the blog post "${blogTitle}". It covers: ${checked.join('; ')}.`;
  else if (part.kind === 'conclusion') user = `Write the conclusion of the blog post "${blogTitle}", which covered: ${checked.join('; ')}.`;
  else {
    const s = findSection(outline, part.id);
    user = `Write the section "${s.title}" of the blog post "${blogTitle}".${s.description ? ` ${s.description}` : ''}`;
    maxWords = wordsOfLength(s.section_length);
  }
  const messages: AiMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  return { kind: 'section', messages, maxWords };
}

export function partTitle(outline: LongBlogOutline, part: PartRef): string {
  if (part.kind === 'intro') return 'Introduction';
  if (part.kind === 'conclusion') return 'Conclusion';
  return findSection(outline, part.id).title;
}

/** The parts a choice stands for (404 for a section the outline does not have). */
export function partsOf(outline: LongBlogOutline, choice: PartChoice): PartRef[] {
  if (choice.kind === 'section') return [{ kind: 'section', id: findSection(outline, choice.id).id }];
  if (choice.kind !== 'all') return [choice];
  const sections = outline.sections.filter((s) => s.isChecked).map((s): PartRef => ({ kind: 'section', id: s.id }));
  return [{ kind: 'intro' }, ...sections, { kind: 'conclusion' }];
}

export function setPart(outline: LongBlogOutline, part: PartRef, html: string): boolean {
  if (part.kind === 'intro') outline.introduction = html;
  else if (part.kind === 'conclusion') outline.conclusion = html;
  else {
    const s = outline.sections.find((x) => x.id === part.id);
    if (!s) return false; // deleted while generating: nothing to store for it
    s.content = html;
  }
  return true;
}

