import { test, expect, signIn } from './fixtures';

/**
 * The subscription gate in the browser (issue "machines": at least one gate path walked end to end).
 * Every generation asks the gate first (src/state/gate.ts → machines/subscription-gate.machine.ts with
 * the real actors over the reference backend); here the chat composer is the generation.
 */
test.describe('subscription gate', () => {
  test('expired@ tries to chat → Subscription Expired dialog, nothing is sent', async ({ page }) => {
    let generateCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/chat/generateMessage')) generateCalls++;
    });
    await signIn(page, 'expired@demo.test');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/chat');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeVisible();
    // a start-up dialog (if any) out of the way first
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await composer.fill('Write me a haiku about rain');
    await composer.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Subscription Expired' });
    await expect(dialog).toBeVisible();
    expect(generateCalls).toBe(0);
    // what the user typed is not lost
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(composer).toHaveValue('Write me a haiku about rain');
  });

  test('free-words-out@ tries to chat → the chat limit dialog', async ({ page }) => {
    await signIn(page, 'free-words-out@demo.test');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/chat');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeVisible();
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
    await composer.fill('One more question');
    await composer.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Chat Usage Limit Exhausted' })).toBeVisible();
  });
});
