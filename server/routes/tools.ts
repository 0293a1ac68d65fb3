/**
 * The tools catalogue search of the app shell (01 §2 Header "tool search", 03 §2 "Search tools button opens a
 * search modal", 03 §7 GET /api/prompt-multi-prompt/combined-data).
 *
 * Scope: only the combined list (search, category, sort, pages) over a small seeded catalogue kept in code. The
 * catalogue area (favourites, tool pages, generation) is not built yet; when it lands with database tables this
 * route reads them instead, with the same reply (openapi ToolPage).
 *
 * Choices where the spec is silent:
 *  - `search` matches title, description and category name, case-insensitive, after trimming; an empty search
 *    lists everything;
 *  - sortOrFilterBy (03 §2): absent or 'likes' → Most Liked (favcount), 'usage' → Most Viewed, 'recently_added'
 *    → newest first, 'multiprompts_only' → kits only (Most Liked), 'fav' → the user's favourites: there are no
 *    favourites yet, so an empty page; an unknown value is treated as absent (a stale link must not fail);
 *  - 10 per page (01 §9 "prompts 10"); ties break on the title so pages never overlap.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { JsonResponse, Schemas } from '../types';
import { requireAuth } from '../http/auth';
import { intQuery } from '../http/util';
import { pageMeta } from '../db/queries';

export const TOOLS_PAGE_SIZE = 10;
const DAY = 86_400_000;

interface SeedTool {
  id: number;
  title: string;
  description: string;
  category: keyof typeof CATEGORIES;
  kit?: boolean;
  pro?: boolean;
  usage: number;
  favcount: number;
  /** fixed date, or days before "now" (so the 'New' badge of 03 §9 has something to show) */
  created: string | { daysAgo: number };
}

/** Categories after the product's feature groups (01 §2 App shell) and the usual marketing areas. */
const CATEGORIES = {
  blog: { id: 1, name: 'Blog Writing', slug: 'blog-writing' },
  marketing: { id: 2, name: 'Marketing', slug: 'marketing' },
  social: { id: 3, name: 'Social Media', slug: 'social-media' },
  ecommerce: { id: 4, name: 'Ecommerce', slug: 'ecommerce' },
  seo: { id: 5, name: 'SEO', slug: 'seo' },
  email: { id: 6, name: 'Email', slug: 'email' },
  rewriting: { id: 7, name: 'Rewriting & Humanizer', slug: 'rewriting' },
  images: { id: 8, name: 'Images', slug: 'images' },
  video: { id: 9, name: 'Video', slug: 'video' },
} as const;

const SEED: SeedTool[] = [
  { id: 1, title: 'Blog Ideas', description: 'Fresh blog post ideas for any topic or niche.', category: 'blog', usage: 1_254_300, favcount: 18_420, created: '2023-02-01T09:00:00Z' },
  { id: 2, title: 'Blog Outline', description: 'A structured outline with headings for your next article.', category: 'blog', usage: 842_110, favcount: 9_870, created: '2023-02-01T09:00:00Z' },
  { id: 3, title: 'Blog Intro Paragraph', description: 'An engaging opening paragraph that hooks readers.', category: 'blog', usage: 412_905, favcount: 5_210, created: '2023-03-12T09:00:00Z' },
  { id: 4, title: 'Blog Conclusion', description: 'A strong closing paragraph with a call to action.', category: 'blog', usage: 120_480, favcount: 1_302, created: '2023-03-12T09:00:00Z' },
  { id: 5, title: 'Product Description', description: 'Persuasive product descriptions that sell.', category: 'ecommerce', usage: 2_310_000, favcount: 21_044, created: '2022-11-20T09:00:00Z' },
  { id: 6, title: 'Amazon Product Listing', description: 'Title, bullet points and description for an Amazon listing.', category: 'ecommerce', pro: true, usage: 98_760, favcount: 2_480, created: '2023-06-05T09:00:00Z' },
  { id: 7, title: 'Facebook Ad Copy', description: 'Ad headlines and primary text for Facebook campaigns.', category: 'marketing', usage: 640_220, favcount: 7_731, created: '2022-12-02T09:00:00Z' },
  { id: 8, title: 'Google Ads Headlines', description: 'Short, keyword-rich headlines for search ads.', category: 'marketing', usage: 388_100, favcount: 3_960, created: '2023-01-15T09:00:00Z' },
  { id: 9, title: 'Landing Page Copy', description: 'Hero, benefits and call to action for a landing page.', category: 'marketing', pro: true, usage: 75_400, favcount: 1_980, created: '2023-08-21T09:00:00Z' },
  { id: 10, title: 'Instagram Caption', description: 'Catchy captions with hashtags for your posts.', category: 'social', usage: 1_020_450, favcount: 12_002, created: '2022-10-10T09:00:00Z' },
  { id: 11, title: 'LinkedIn Post', description: 'Professional posts that start conversations.', category: 'social', usage: 530_870, favcount: 6_450, created: '2023-04-18T09:00:00Z' },
  { id: 12, title: 'YouTube Video Script', description: 'A script with hook, sections and outro for your video.', category: 'video', usage: 210_640, favcount: 4_105, created: '2023-05-30T09:00:00Z' },
  { id: 13, title: 'Video Title and Description', description: 'Search-friendly titles and descriptions for videos.', category: 'video', usage: 96_300, favcount: 880, created: { daysAgo: 6 } },
  { id: 14, title: 'Meta Title and Description', description: 'SEO meta tags within the length limits.', category: 'seo', usage: 455_010, favcount: 5_570, created: '2023-02-27T09:00:00Z' },
  { id: 15, title: 'SEO Keyword Ideas', description: 'Related keywords and questions to target.', category: 'seo', pro: true, usage: 188_200, favcount: 2_204, created: '2023-07-09T09:00:00Z' },
  { id: 16, title: 'Cold Email', description: 'Personal outreach emails that get replies.', category: 'email', usage: 301_550, favcount: 3_380, created: '2023-03-03T09:00:00Z' },
  { id: 17, title: 'Newsletter', description: 'A newsletter issue from your notes and links.', category: 'email', usage: 64_900, favcount: 720, created: { daysAgo: 12 } },
  { id: 18, title: 'Paragraph Rewriter', description: 'Rewrite a paragraph in a new voice, same meaning.', category: 'rewriting', usage: 980_760, favcount: 10_880, created: '2022-09-14T09:00:00Z' },
  { id: 19, title: 'AI Text Humanizer', description: 'Make AI-written text read naturally.', category: 'rewriting', usage: 702_330, favcount: 9_145, created: '2023-09-01T09:00:00Z' },
  { id: 20, title: 'Image Prompt Generator', description: 'Detailed prompts for the AI Image Generator.', category: 'images', usage: 150_870, favcount: 1_760, created: '2023-10-11T09:00:00Z' },
  { id: 21, title: 'Storybook Story Starter', description: 'A short story to illustrate with the Storybook Image Creator.', category: 'images', usage: 8_940, favcount: 310, created: { daysAgo: 3 } },
  // Kits (multi-prompt workflows, 03 §1): their id is the multi-prompt id (/kit/{multipromptId}).
  { id: 101, title: 'Product Launch Kit', description: 'Announcement, emails and social posts for a launch.', category: 'marketing', kit: true, pro: true, usage: 45_120, favcount: 1_240, created: '2023-11-02T09:00:00Z' },
  { id: 102, title: 'Blog Post Kit', description: 'Title, outline, sections and meta description in one flow.', category: 'blog', kit: true, usage: 132_800, favcount: 2_910, created: '2023-09-19T09:00:00Z' },
  { id: 103, title: 'Social Media Content Kit', description: 'A week of posts for every network from one brief.', category: 'social', kit: true, usage: 27_450, favcount: 655, created: { daysAgo: 20 } },
];

type Tool = Schemas['Tool'];

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The seeded catalogue as the API shows it, dated against the injected clock. */
export function seededTools(now: Date): Tool[] {
  return SEED.map((t) => {
    const cat = CATEGORIES[t.category];
    const created = typeof t.created === 'string' ? new Date(t.created) : new Date(now.getTime() - t.created.daysAgo * DAY);
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      frontend_headline: null,
      slug: slugify(t.title),
      category_id: cat.id,
      category_name: cat.name,
      category_slug: cat.slug,
      is_multiprompt: t.kit ? 1 : 0,
      usage: t.usage,
      favcount: t.favcount,
      plan_id: t.pro ? '1' : '0',
      created_at: created.toISOString(),
    };
  });
}

export function searchTools(tools: Tool[], q: { search?: string; categorySlug?: string; sortOrFilterBy?: string }): Tool[] {
  const needle = (q.search ?? '').trim().toLowerCase();
  const sort = q.sortOrFilterBy ?? 'likes';
  if (sort === 'fav') return []; // no favourites yet (see the header comment)
  let list = tools.filter(
    (t) =>
      (!q.categorySlug || t.category_slug === q.categorySlug) &&
      (sort !== 'multiprompts_only' || t.is_multiprompt === 1) &&
      (!needle || [t.title, t.description, t.category_name].some((f) => f.toLowerCase().includes(needle))),
  );
  const byTitle = (a: Tool, b: Tool) => a.title.localeCompare(b.title);
  const key: (t: Tool) => number =
    sort === 'usage' ? (t) => t.usage : sort === 'recently_added' ? (t) => Date.parse(t.created_at) : (t) => t.favcount;
  list = [...list].sort((a, b) => key(b) - key(a) || byTitle(a, b));
  return list;
}

export function toolsRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/api/prompt-multi-prompt/combined-data', requireAuth(), (c) => {
    const page = intQuery(c, 'page', 1, 100_000);
    const found = searchTools(seededTools(c.get('deps').clock.now()), {
      search: c.req.query('search'),
      categorySlug: c.req.query('category_slug') || undefined,
      sortOrFilterBy: c.req.query('sortOrFilterBy') || undefined,
    });
    const rows = found.slice((page - 1) * TOOLS_PAGE_SIZE, page * TOOLS_PAGE_SIZE);
    const reply: JsonResponse<'/api/prompt-multi-prompt/combined-data', 'get', 200> = {
      ...pageMeta(c.req.url, page, TOOLS_PAGE_SIZE, found.length, rows.length),
      data: rows,
    };
    return c.json(reply, 200);
  });

  return r;
}
