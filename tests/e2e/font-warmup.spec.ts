import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { FIRST_SCREEN_TEXT_STYLES } from '@/ui/font-warmup';

/**
 * The font warm-up (src/ui/font-warmup.ts) lays out, while the splash of a signed-in start is up, the text styles the
 * first screens use, so their first layout does not look fonts up inside the long task that shows them. Its list is
 * written by hand; this checks it in Chromium against what /home and /chat really show on their first screen, at a
 * phone's and a desktop's width — a style added to those screens without adding it to the list fails here. Only text in
 * the body's font family counts (the warm-up does not cover the monospace of a shortcut hint: a second family's
 * first lookup costs more than it saves).
 */

/** "weight size" of every visible piece of text in the viewport, in the body's font family. */
function shownStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bodyFamily = getComputedStyle(document.body).fontFamily;
    const found = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const hasText =
        [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim() !== '') ||
        ['INPUT', 'BUTTON', 'TEXTAREA', 'SELECT'].includes(el.tagName);
      if (!hasText || el.closest('[data-font-warmup]')) continue;
      const cs = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (cs.visibility !== 'visible' || box.width === 0 || box.top >= innerHeight || box.bottom <= 0) continue;
      if (cs.fontFamily !== bodyFamily) continue;
      found.add(`${cs.fontWeight} ${cs.fontSize}`);
    }
    return [...found].sort();
  });
}

/** "weight size" of each style of the warm-up's list, resolved through this page's theme variables. */
function warmedStyles(page: Page): Promise<string[]> {
  return page.evaluate((styles) => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const out: string[] = [];
    for (const [weight, sizes] of Object.entries(styles)) {
      for (const size of sizes) {
        probe.style.fontWeight = `var(--font-weights-${weight})`;
        probe.style.fontSize = `var(--font-sizes-${size})`;
        const cs = getComputedStyle(probe);
        out.push(`${cs.fontWeight} ${cs.fontSize}`);
      }
    }
    probe.remove();
    return out;
  }, FIRST_SCREEN_TEXT_STYLES as Record<string, readonly string[]>);
}

test('the font warm-up lists every text style the first screens of /home and /chat show, runs only signed in, and leaves nothing behind', async ({ page }) => {
  // signed out (/login): no warm-up at all
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-font-warmup]')) (window as Window & { __warmed?: boolean }).__warmed = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  const warmed = new Set(await warmedStyles(page));
  expect(warmed.size, 'the list resolves to distinct styles').toBe(Object.values(FIRST_SCREEN_TEXT_STYLES).flat().length);
  await signIn(page, 'free@demo.test');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { __warmed?: boolean }).__warmed ?? false), 'warm-up signed out').toBe(false);

  const missing: string[] = [];
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1350, height: 940 },
  ]) {
    await page.setViewportSize(viewport);
    for (const route of ['/home', '/chat']) {
      // a signed-in start: the warm-up runs, then is gone
      await page.goto(route);
      await expect(route === '/home' ? page.getByRole('heading', { name: /Welcome back/ }) : page.getByRole('textbox', { name: 'Message' })).toBeVisible();
      await expect.poll(() => page.evaluate(() => (window as Window & { __warmed?: boolean }).__warmed ?? false), { message: `warm-up on ${route}` }).toBe(true);
      await expect(page.locator('[data-font-warmup]')).toHaveCount(0);
      for (const style of await shownStyles(page)) if (!warmed.has(style)) missing.push(`${route} at ${viewport.width} px: ${style}`);
    }
  }
  expect(missing).toEqual([]);
});
