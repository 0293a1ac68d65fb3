import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { PROFILE_MENU_LABELS, SHELL_MESSAGES } from '@/features/shell/messages';

/**
 * On a phone (390×844) the sidebar is a drawer over the page; its footer's account menu must open above the
 * drawer, every item reachable by touch (issue 33, finding 2: the menu opened behind the drawer).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Whether the element is what a tap at its centre lands on (nothing drawn over it). */
async function onTop(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name, exact: true });
  await item.scrollIntoViewIfNeeded();
  return item.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: SHELL_MESSAGES.toggleSidebar }).first().tap();
  const trigger = page.getByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) });
  await expect(trigger).toBeVisible();
  await trigger.tap();
  await expect(page.getByRole('menu')).toBeVisible();
}

test('the account menu opens above the drawer: Profile, Subscription, Settings and Log out can be tapped', async ({ page }) => {
  await signIn(page, 'free@demo.test');
  await expect(page).toHaveURL(/\/home/);
  await openAccountMenu(page);
  for (const name of [PROFILE_MENU_LABELS.profile, PROFILE_MENU_LABELS.subscription, PROFILE_MENU_LABELS.settings, PROFILE_MENU_LABELS.logout]) {
    expect(await onTop(page, name), `${name} is not covered by the drawer`).toBe(true);
  }
  await page.getByRole('menuitem', { name: PROFILE_MENU_LABELS.subscription, exact: true }).tap();
  await expect(page).toHaveURL(/target=subscription/);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: PROFILE_MENU_LABELS.logout, exact: true }).tap();
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
});
