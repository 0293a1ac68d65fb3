import type { Page, Route } from '@playwright/test';
import { test, expect, signIn } from './fixtures';

/**
 * The shell's menus load after the first route (src/features/shell/shell-menus.ts): until their chunk is there,
 * the profile menu's trigger is a plain stand-in button. These tests hold that chunk back (or fail it) to check
 * that the stand-in still works: opened from the keyboard alone it opens the menu once the code arrives, on
 * the first item, with the focus in the menu; a chunk that failed to load (offline) is fetched again on the next
 * click.
 */

const MENU_CHUNK = '**/assets/shell-menu-parts-*.js';

/** Holds the menus' chunk until `release()`. */
async function holdMenuChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(MENU_CHUNK, async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

async function focusedInfo(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { label: el?.getAttribute('aria-label') ?? '', inMenu: !!el?.closest('[role="menu"]') };
  });
}

test('keyboard alone: Enter on the profile trigger before the menu code arrived opens the menu once it does', async ({ page }) => {
  const chunk = await holdMenuChunk(page);
  await signIn(page, 'free@demo.test');
  await expect(page.getByRole('heading', { name: /Welcome back, / })).toBeVisible();

  const trigger = page.getByRole('button', { name: /account menu/ });
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  // Tab to it, as a keyboard user would
  for (let i = 0; i < 80 && !/account menu/.test((await focusedInfo(page)).label); i++) await page.keyboard.press('Tab');
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(chunk.requested, { message: 'the trigger asked for the menu code' }).toBe(true);
  await expect(page.getByRole('menu')).toHaveCount(0);

  chunk.release();
  const profile = page.getByRole('menuitem', { name: 'Profile' });
  await expect(profile).toBeVisible();
  // as Ark opens from the keyboard: on the first item, with the focus in the menu
  await expect(profile).toHaveAttribute('data-highlighted', '');
  await expect.poll(async () => (await focusedInfo(page)).inMenu).toBe(true);
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /account menu/ })).toBeFocused();
  await expect(page.getByRole('button', { name: /account menu/ })).toHaveAttribute('aria-expanded', 'false');
});

test('the menu code failed to load (offline): the next click loads it again and opens the menu', async ({ page }) => {
  let offline = true;
  await page.route(MENU_CHUNK, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await signIn(page, 'free@demo.test');
  await expect(page.getByRole('heading', { name: /Welcome back, / })).toBeVisible();

  const trigger = page.getByRole('button', { name: /account menu/ });
  const chunk = (url: string) => /\/assets\/shell-menu-parts-[^/]*\.js$/.test(url);
  const failed = page.waitForEvent('requestfailed', (r) => chunk(r.url()));
  await trigger.click();
  await failed;
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  // The failed click's wish is dropped: when the code does arrive (a hover loads it, no click), the real trigger
  // takes over and the menu stays closed. Waiting for that swap, not for a fixed time, is what shows nothing opened.
  offline = false;
  const arrived = page.waitForResponse((r) => chunk(r.url()) && r.ok());
  await page.mouse.move(0, 0);
  await trigger.hover();
  await arrived;
  await expect(page.locator('[data-scope="menu"][data-part="trigger"]')).toHaveCount(1);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await trigger.click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('a click on a conversation menu before its code arrived opens it once it does; Rename still works', async ({ page }) => {
  const chunk = await holdMenuChunk(page);
  await signIn(page, 'free@demo.test');
  await expect(page.getByRole('heading', { name: /Welcome back, / })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Chat' }).click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Ideas for a tea shop');
  await composer.press('Enter');
  const history = page.getByRole('region', { name: 'Chat History' });
  await expect(history.getByRole('link', { name: 'Ideas for a tea shop' })).toBeVisible();

  const options = history.getByRole('button', { name: 'Options for Ideas for a tea shop' });
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  await options.click();
  await expect.poll(chunk.requested).toBe(true);
  await expect(page.getByRole('menu')).toHaveCount(0);
  chunk.release();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await expect.poll(async () => (await focusedInfo(page)).inMenu).toBe(true);
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const field = history.getByRole('textbox', { name: 'Chat title' });
  await expect(field).toBeFocused();
  await field.fill('Tea shop');
  await field.press('Enter');
  await expect(history.getByRole('link', { name: 'Tea shop' })).toBeVisible();
  // the row's menu came back without reopening or taking the focus
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Options for Tea shop' })).toHaveAttribute('aria-expanded', 'false');
});
