import { test, expect, signIn } from './fixtures';
import { PROFILE_MENU_LABELS, SHELL_MESSAGES, TOOL_SEARCH_MESSAGES } from '@/features/shell/messages';

/**
 * Issue 33, finding 7: Esc on a dialog gives the focus back to the control that opened it, not to the page body.
 * The production build, desktop (1366×850).
 */
test.use({ viewport: { width: 1366, height: 850 } });

const focusedName = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el && el !== document.body ? `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim()}` : 'body';
  });

test('Esc on the tool search opened from the header button returns the focus to that button', async ({ page }) => {
  await signIn(page, 'free@demo.test');
  await expect(page).toHaveURL(/\/home/);
  const button = page.getByRole('banner').getByRole('button', { name: TOOL_SEARCH_MESSAGES.title });
  await button.click();
  const dialog = page.getByRole('dialog', { name: TOOL_SEARCH_MESSAGES.title });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedName(page)).toBe(`button:${TOOL_SEARCH_MESSAGES.title}`);
  // and a second time, with the dialog's code already loaded
  await button.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedName(page)).toBe(`button:${TOOL_SEARCH_MESSAGES.title}`);
});

test('Esc on the Log out dialog returns the focus to the account menu button', async ({ page }) => {
  await signIn(page, 'free@demo.test');
  await expect(page).toHaveURL(/\/home/);
  const trigger = page.getByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) });
  await trigger.click();
  await page.getByRole('menuitem', { name: PROFILE_MENU_LABELS.logout, exact: true }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedName(page)).toMatch(new RegExp(`^button:.*${SHELL_MESSAGES.accountMenu}$`));
});
