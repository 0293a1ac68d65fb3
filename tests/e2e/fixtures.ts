import { test as base, expect, type Page } from '@playwright/test';
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
