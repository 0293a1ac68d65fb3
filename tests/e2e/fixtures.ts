import { test as base, expect, type Page, type Request } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_PASSWORD = 'demo1234';

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(summary, `axe on ${label}`).toEqual([]);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The CSS selectors behind lastReplyMarkdown, for code that reads the reply inside the page itself. */
export const REPLY_SELECTORS = { exchange: 'section[aria-label="Conversation"] article', markdown: '[data-md-group]' } as const;

/** The notice under a reply that was cut short (the chat's own text; the tests spell it out to check it). */
export const INTERRUPTED_NOTICE = 'This reply was interrupted before it finished. It was not saved.';

/**
 * The Markdown of the conversation's last reply (its text, without the notice and buttons under it). A CSS
 * locator, not the region's role: behind a modal dialog the page is hidden from the accessibility tree, not the eye.
 */
export function lastReplyMarkdown(page: Page) {
  return page.locator(REPLY_SELECTORS.exchange).last().locator(REPLY_SELECTORS.markdown);
}

/** Every test starts from a fresh seed (the dev reset endpoint is mounted outside production). */
export const test = base.extend<{ freshSeed: void }>({
  freshSeed: [
    async ({ request }, use) => {
      const res = await request.post('/api/dev/reset', { headers: { 'X-Application': 'writer-web' } });
      expect(res.ok(), 'seed reset').toBeTruthy();
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Watches the page's requests (those `only` accepts; all by default) from outside the page, from now on:
 * `quiet(quietMs)` resolves once none has been in flight for quietMs, and fails after timeoutMs. It waits for calls
 * the page makes after something shows, which the 'networkidle' load state, long reached by the document, does
 * not; and it never probes the page itself (the streaming benchmark must not add work to its main thread).
 */
export function trackRequests(page: Page, only: (url: URL) => boolean = () => true) {
  let inFlight = 0;
  let last = Date.now();
  const counted = (r: Request) => only(new URL(r.url()));
  const up = (r: Request) => {
    if (!counted(r)) return;
    inFlight += 1;
    last = Date.now();
  };
  const down = (r: Request) => {
    if (!counted(r)) return;
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  return {
    async quiet(quietMs: number, timeoutMs = 60_000): Promise<void> {
      try {
        const until = Date.now() + timeoutMs;
        while (Date.now() < until) {
          if (inFlight === 0 && Date.now() - last >= quietMs) return;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error(`the page's requests did not go quiet within ${timeoutMs} ms`);
      } finally {
        page.off('request', up);
        page.off('requestfinished', down);
        page.off('requestfailed', down);
      }
    },
  };
}
