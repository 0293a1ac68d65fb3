// The built-in offline writer: plausible, prompt-dependent English, deterministic per request,
// streamed in word chunks at a configurable pace. No network, no model weights.
import { abortableSleep, type Sleep } from './sleep';
import { normaliseMaxWords, truncateWords, type AiKind, type AiMessage, type AiRequest, type AiWriter } from './types';

export interface OfflineWriterOptions {
  /** Pause before each chunk in ms; 0 streams as fast as possible. Default 30. */
  paceMs?: number;
  /** Words per streamed chunk. Default 3. */
  chunkWords?: number;
  /** Injected timer (tests pass a fake); must end early when the signal aborts. */
  sleep?: Sleep;
}

export const DEFAULT_PACE_MS = 30;
export const DEFAULT_CHUNK_WORDS = 3;

export function createOfflineWriter(options: OfflineWriterOptions = {}): AiWriter {
  const paceMs = options.paceMs ?? DEFAULT_PACE_MS;
  const chunkWords = options.chunkWords ?? DEFAULT_CHUNK_WORDS;
  const sleep = options.sleep ?? abortableSleep;
  if (!Number.isFinite(paceMs) || paceMs < 0) throw new RangeError(`paceMs must be >= 0, got ${paceMs}`);
  if (!Number.isInteger(chunkWords) || chunkWords < 1) throw new RangeError(`chunkWords must be an integer >= 1, got ${chunkWords}`);

  return {
    async *stream(req: AiRequest, signal: AbortSignal): AsyncGenerator<string, void, undefined> {
      const text = truncateWords(composeOfflineText(req), normaliseMaxWords(req.maxWords));
      for (const chunk of chunkText(text, chunkWords)) {
        if (signal.aborted) return;
        if (paceMs > 0) {
          try {
            await sleep(paceMs, signal);
          } catch (err) {
            // A sleep that rejects on abort is accepted too.
            if (signal.aborted) return;
            throw err;
          }
          if (signal.aborted) return;
        }
        yield chunk;
      }
    },
  };
}

/** Splits text into chunks of `chunkWords` words, each keeping its trailing whitespace. */
export function chunkText(text: string, chunkWords: number): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += chunkWords) chunks.push(tokens.slice(i, i + chunkWords).join(''));
  return chunks;
}


// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** FNV-1a 32-bit hash. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Topic extraction

const STOP_WORDS = new Set(
  (
    'a an the and or but if then than so to of in on at by for with about into onto from as is are was were be been being ' +
    'it its this that these those there here i me my we our you your he she they them their his her who whom which what ' +
    'when where why how can could should would will shall may might must do does did done have has had not no yes please ' +
    'write writing written create generate give make draft compose suggest list provide produce help tell explain describe ' +
    'blog post article outline section titles title heading paragraph paragraphs words word content text some any all more ' +
    'most very just also like need want using use based new good best short long detailed brief simple about around ' +
    'introduction conclusion include includes including called titled named regarding topic me us let lets'
  ).split(' '),
);

export interface Topic {
  /** The subject as the user phrased it, e.g. "growing tomatoes indoors". */
  phrase: string;
  /** Distinct content words in order of appearance, e.g. ["growing", "tomatoes", "indoors"]. */
  keywords: string[];
}

function lastUserText(messages: readonly AiMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user' && messages[i].content.trim()) return messages[i].content;
  return messages.map((m) => m.content).join('\n');
}

function isAcronym(word: string): boolean {
  return /^[\p{Lu}\d]{2,}$/u.test(word);
}

function normaliseWord(raw: string): string {
  const word = raw.replace(/['’]s$/i, '');
  // Keep acronyms (SEO, AI) as written; everything else lower case.
  return isAcronym(word) ? word : word.toLowerCase();
}

function isContentWord(word: string): boolean {
  const lower = word.toLowerCase();
  return lower.length >= 2 && !STOP_WORDS.has(lower) && !/^\d+$/.test(lower) && (lower.length >= 3 || isAcronym(word));
}

function contentWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter(isContentWord);
}

/**
 * Key phrases: runs of adjacent content words ("small business websites", "right soil"),
 * at most three words each (English heads come last, so the tail is kept), distinct, in order.
 */
function keyPhrases(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(/[.,;:!?()"“”\n]/u)) {
    let run: string[] = [];
    const flush = () => {
      if (run.length > 0) {
        const phrase = run.slice(-3).map(normaliseWord).join(' ');
        const key = phrase.toLowerCase();
        if (!seen.has(key)) {
          seen.add(key);
          out.push(phrase);
        }
      }
      run = [];
    };
    for (const word of part.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []) {
      if (isContentWord(word)) run.push(word);
      else flush();
    }
    flush();
  }
  return out;
}

const LEADING_NOISE =
  /^(?:(?:please|can|could|would|will|you|write|create|generate|give|make|draft|compose|suggest|list|me|us|an?|the|some|how|what|why|when|where|which|who|do|does|did|is|are|i|we|my|our|to|blog|post|article|essay|story|outline|section|titles?|heading|paragraph|about|on|for|titled|called|named|regarding)\s+)+/i;

export function extractTopic(messages: readonly AiMessage[]): Topic {
  const text = lastUserText(messages).replace(/\s+/g, ' ').trim();
  let phrase = '';
  const quoted = /["“‘]([^"”’]{3,120})["”’]/u.exec(text);
  if (quoted) phrase = quoted[1];
  if (!phrase) {
    const afterColon = text.split(':').pop()?.trim() ?? '';
    if (text.includes(':') && contentWords(afterColon).length > 0) phrase = afterColon;
  }
  if (!phrase) {
    const introduced =
      /\b(?:about|regarding|titled|called|named|covering)\s+(.+)/i.exec(text) ?? /\b(?:on|for)\s+(.+)/i.exec(text);
    phrase = introduced && contentWords(introduced[1]).length > 0 ? introduced[1] : text;
  }
  // First sentence, no leading instruction or question words, at most ten words, no trailing punctuation.
  phrase = phrase.split(/(?<=[.!?])\s/)[0].replace(LEADING_NOISE, '');
  phrase = phrase.split(' ').slice(0, 10).join(' ').replace(/[\s.,;:!?"“”'’]+$/u, '').trim();
  if (contentWords(phrase).length === 0) phrase = '';

  // The subject's own phrases first, then the rest of the request (e.g. the blog a section belongs to).
  let keywords = [...new Set([...keyPhrases(phrase), ...keyPhrases(text)])];
  // A lone gerund ("choosing") reads badly in the templates; keep it only when nothing else is left.
  const solid = keywords.filter((k) => k.includes(' ') || !/ing$/i.test(k));
  if (solid.length > 0) keywords = solid;
  if (keywords.length === 0) keywords.push(phrase || 'your topic');
  return { phrase: phrase || keywords.slice(0, 2).join(' and '), keywords };
}

// ---------------------------------------------------------------------------------------------
// Text helpers

const SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'but', 'for', 'of', 'in', 'on', 'to', 'with', 'at', 'by', 'vs']);

export function titleCase(s: string): string {
  return s
    .split(' ')
    .map((w, i) => {
      if (w === '') return w;
      if (isAcronym(w)) return w;
      if (i > 0 && SMALL_WORDS.has(w.toLowerCase())) return w.toLowerCase();
      return w[0].toUpperCase() + w.slice(1);
    })
    .join(' ');
}

function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

function fill(template: string, t: string, k: string): string {
  return template.replaceAll('{T}', titleCase(t)).replaceAll('{t}', t).replaceAll('{K}', titleCase(k)).replaceAll('{k}', k);
}

/** The phrase as it reads inside a sentence: lower-cased unless it carries acronyms or names. */
function inSentence(phrase: string): string {
  return phrase
    .split(' ')
    .map((w) => (/^[\p{Lu}\d]{2,}$/u.test(w) || /^\p{Lu}[\p{Ll}]+\p{Lu}/u.test(w) ? w : w.toLowerCase()))
    .join(' ');
}

const SENTENCES = [
  'When it comes to {t}, the details make the difference.',
  'Many people underestimate how much {k} shapes the results they get from {t}.',
  'A clear plan for {k} saves time and keeps your goals realistic.',
  'Start small, measure what works, and build on the habits that stick.',
  'Readers respond best when {t} is explained with concrete, everyday examples.',
  'It helps to look at {k} from the point of view of the people it affects most.',
  'Consistency matters more than intensity, especially with {k}.',
  'The most common mistake is trying to change everything about {t} at once.',
  'A short checklist for {k} keeps the important steps from slipping through the cracks.',
  'Experts often recommend reviewing your approach to {k} every few weeks.',
  'Small improvements in {k} tend to compound over time.',
  'Think of {t} as an ongoing process rather than a one-off project.',
  'Clear goals make it easier to decide where {k} fits into the bigger picture.',
  'Feedback from real people is the quickest way to see whether your approach to {k} is working.',
  'Good results with {k} rarely happen by accident; they come from deliberate choices.',
  'Before you invest more time in {t}, write down what success would actually look like.',
  'There is no single right answer here, but a few principles of {k} hold up in almost every case.',
  'If you only remember one thing about {t}, make it this: focus on what your audience needs.',
  'Tracking a handful of simple numbers tells you far more about {k} than guesswork does.',
  'The best time to rethink your approach to {k} is before problems pile up, not after.',
] as const;

/** Deals sentence templates without repeats until the pool is used up, then reshuffles. */
class Deck {
  private cards: string[] = [];
  constructor(
    private readonly rng: Rng,
    private readonly pool: readonly string[],
  ) {}
  draw(): string {
    if (this.cards.length === 0) this.cards = this.rng.shuffle(this.pool);
    return this.cards.pop() as string;
  }
}

function paragraph(rng: Rng, deck: Deck, t: string, keywords: readonly string[], min: number, max: number): string {
  const n = rng.int(min, max);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(capitalise(fill(deck.draw(), t, rng.pick(keywords))));
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Composition per kind

/** The complete (uncapped) text the offline writer produces for a request. Deterministic. */
export function composeOfflineText(req: AiRequest): string {
  const seed = hashString(JSON.stringify([req.kind, req.model ?? '', req.messages.map((m) => [m.role, m.content])]));
  const rng = new Rng(seed);
  const topic = extractTopic(req.messages);
  const compose: Record<AiKind, (rng: Rng, topic: Topic, req: AiRequest) => string> = {
    chat: composeChat,
    outline: composeOutline,
    section: composeSection,
    title: composeTitles,
    tool: composeArticle,
    prompt: composeArticle,
  };
  return compose[req.kind](rng, topic, req);
}

const CHAT_HEADINGS = ['A Practical Overview', 'Key Points to Know', 'Where to Start', 'What Matters Most', 'A Quick Guide'];
const CHAT_OPENERS = [
  'Great question! Here is a clear way to think about {t}.',
  'Happy to help with {t}. Here is what I would focus on first.',
  'Here is a concise answer about {t}, with a few practical pointers.',
  'Good topic. Below is a short breakdown of {t} you can act on right away.',
];
const POINTS: readonly (readonly [label: string, text: string])[] = [
  ['Be specific', 'Decide exactly what you want from {k} and write it down.'],
  ['Start simple', 'Keep {k} simple at first, then refine it once you see what works.'],
  ['Use examples', 'Real examples of {k} make the idea concrete and easy to follow.'],
  ['Track progress', 'Check how {k} is going regularly and adjust when the numbers change.'],
  ['Make it yours', 'Adapt {k} to your own audience and goals instead of copying others.'],
  ['Stay consistent', 'A little time each week on {k} beats one big push.'],
];
const CHAT_CLOSERS = [
  'If you tell me more about your goals, I can tailor these suggestions to your situation.',
  'Would you like me to turn this into a step-by-step plan or a short checklist?',
  'Let me know which part you would like to explore in more depth.',
];

function composeChat(rng: Rng, { phrase, keywords }: Topic): string {
  const t = inSentence(phrase);
  const heading = `## ${titleCase(phrase)}: ${rng.pick(CHAT_HEADINGS)}`;
  const deck = new Deck(rng, SENTENCES);
  const opener = `${fill(rng.pick(CHAT_OPENERS), t, keywords[0])} ${paragraph(rng, deck, t, keywords, 1, 1)}`;
  const n = rng.int(3, 4);
  const points = rng.shuffle(POINTS).slice(0, n);
  const list = points.map(([label, text], i) => `- **${label}:** ${fill(text, t, keywords[i % keywords.length])}`);
  const closing = `${paragraph(rng, deck, t, keywords, 2, 3)} ${rng.pick(CHAT_CLOSERS)}`;
  return `${heading}\n\n${opener}\n\n${list.join('\n')}\n\n${closing}`;
}

const OUTLINE_INTROS = ['Introduction: Why {T} Matters', 'Understanding {T}', 'What You Need to Know About {T}', 'An Introduction to {T}'];
const OUTLINE_MIDDLES = [
  'Getting Started with {K}',
  'The Role of {K} in {T}',
  'Common Mistakes with {K} and How to Avoid Them',
  'Practical Tips for {K}',
  'Tools and Resources for {T}',
  'Measuring Success with {K}',
  'Real-World Examples of {T}',
  'Advanced Strategies for {K}',
  'Step-by-Step: Planning Your Approach to {T}',
  'Frequently Asked Questions About {K}',
];
const OUTLINE_CONCLUSIONS = ['Conclusion: Making {T} Work for You', 'Conclusion and Next Steps', 'Final Thoughts on {T}'];
const OUTLINE_NOTES = [
  'Explain the basics of {k} and why readers should care.',
  'Cover the key ideas behind {k} with one concrete example.',
  'Share practical steps readers can take with {k} this week.',
  'Point out the pitfalls of {k} and how to avoid them.',
  'Summarise what works for {k} and what to try next.',
];

function composeOutline(rng: Rng, { phrase, keywords }: Topic): string {
  const t = inSentence(phrase);
  const middleCount = rng.int(3, 5);
  const middles = rng.shuffle(OUTLINE_MIDDLES).slice(0, middleCount);
  const headings = [
    fill(rng.pick(OUTLINE_INTROS), phrase, keywords[0]),
    ...middles.map((m, i) => fill(m, phrase, keywords[(i + 1) % keywords.length])),
    fill(rng.pick(OUTLINE_CONCLUSIONS), phrase, keywords[0]),
  ];
  return headings
    .map((h, i) => `${i + 1}. ${h}\n   ${capitalise(fill(rng.pick(OUTLINE_NOTES), t, keywords[(i + rng.int(0, 2)) % keywords.length]))}`)
    .join('\n');
}

const SECTION_OPENERS = [
  'When it comes to {t}, the details make the difference.',
  'Getting {t} right is easier than it looks once you know where to focus.',
  'Few parts of the process deserve as much attention as {t}.',
  'Let us look at {t} step by step.',
];

function composeSection(rng: Rng, { phrase, keywords }: Topic): string {
  const t = inSentence(phrase);
  const deck = new Deck(rng, SENTENCES);
  const n = rng.int(2, 4);
  // The first sentence always names the section's heading.
  const paragraphs: string[] = [`${capitalise(fill(rng.pick(SECTION_OPENERS), t, keywords[0]))} ${paragraph(rng, deck, t, keywords, 2, 4)}`];
  for (let i = 1; i < n; i++) paragraphs.push(paragraph(rng, deck, t, keywords, 3, 5));
  return paragraphs.join('\n\n');
}

const TITLE_PATTERNS = [
  'The Ultimate Guide to {T}',
  '{N} Proven Ways to Get Better at {T}',
  '{T}: What Nobody Tells You',
  'Why {T} Matters More Than Ever',
  'How to Get Started with {T} Today',
  "A Beginner's Guide to {T}",
  '{T} Made Simple',
  'The Hidden Benefits of {T}',
  'Everything You Need to Know About {T}',
  '{T}: Common Mistakes and How to Avoid Them',
  '{N} Smart Strategies for {T}',
  'What Experts Get Right About {T}',
  'The Do’s and Don’ts of {T}',
  'From Zero to Confident: Mastering {T}',
  '{T} in Practice: Lessons That Stick',
];
const TITLE_SUFFIXES = ['', ' for Beginners', ' for Busy People', ': A Step-by-Step Approach', ' on a Budget', ' Without the Guesswork'];

function composeTitles(rng: Rng, { phrase }: Topic, req: AiRequest): string {
  const text = lastUserText(req.messages);
  const asked = /\b(\d{1,2})\s+(?:\w+\s+)?titles?\b/i.exec(text);
  const count = Math.min(50, Math.max(1, asked ? Number(asked[1]) : 5));
  const titles: string[] = [];
  const seen = new Set<string>();
  for (const suffix of TITLE_SUFFIXES) {
    for (const pattern of rng.shuffle(TITLE_PATTERNS)) {
      if (titles.length >= count) break;
      const title = (fill(pattern, phrase, phrase) + suffix).replaceAll('{N}', String(rng.int(5, 12)));
      if (!seen.has(title)) {
        seen.add(title);
        titles.push(title);
      }
    }
  }
  return titles.map((title, i) => `${i + 1}. ${title}`).join('\n');
}

function composeArticle(rng: Rng, { phrase, keywords }: Topic): string {
  const t = inSentence(phrase);
  const deck = new Deck(rng, SENTENCES);
  const intro = paragraph(rng, deck, t, keywords, 3, 4);
  const points = rng
    .shuffle(POINTS)
    .slice(0, rng.int(3, 4))
    .map(([, text], i) => `- ${fill(text, t, keywords[i % keywords.length])}`);
  const outro = paragraph(rng, deck, t, keywords, 2, 3);
  return `${intro}\n\n${points.join('\n')}\n\n${outro}`;
}
