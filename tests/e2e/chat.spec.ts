import type { Page } from '@playwright/test';
import { test, expect, signIn, expectNoSeriousA11yViolations } from './fixtures';

/** Texts (kept in step with src/features/chat/messages.ts and src/features/shell/chat-list.tsx). */
const COMPOSER = 'Message';
const STOP = 'Stop generating';
const STOPPED = 'You stopped this reply. It was not saved.';
const EMPTY = 'How can I help you today?';

async function openChat(page: Page, email = 'free@demo.test') {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Chat' }).click();
  await expect(page).toHaveURL(/\/chat\?id=/);
  const composer = page.getByRole('textbox', { name: COMPOSER });
  await expect(composer).toBeVisible();
  return composer;
}

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const chatHistory = (page: Page) => page.getByRole('region', { name: 'Chat History' });

test.describe('AI Chat', () => {
  test('free@ sends a message, sees it stream, and the finished reply is stored with a title', async ({ page }) => {
    const composer = await openChat(page);
    await expectNoSeriousA11yViolations(page, '/chat (new chat)');
    await composer.fill('Plan a trip to Rome');
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    await expect(conversation(page).getByText('You: Plan a trip to Rome', { exact: true })).toBeVisible();
    // streamed Markdown: the reply's heading and list render as elements
    await expect(conversation(page).getByRole('heading', { level: 3 })).toBeVisible();
    await expect(conversation(page).getByRole('list').first()).toBeVisible();
    // stored: the title is fetched (01 §4) into the header and the sidebar list
    await expect(page.getByRole('heading', { level: 1, name: /Plan a trip to Rome/ })).toBeVisible();
    await expect(chatHistory(page).getByRole('link', { name: 'Plan a trip to Rome' })).toBeVisible();
    await expect(conversation(page).getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/chat with a reply');

    await page.reload();
    await expect(conversation(page).getByText('You: Plan a trip to Rome', { exact: true })).toBeVisible();
    await expect(conversation(page).getByRole('heading', { level: 3 })).toBeVisible();
  });

  test('a reply stopped mid-way is not stored (gone after a reload)', async ({ page }) => {
    test.setTimeout(90_000);
    const composer = await openChat(page);
    // The parts that load after the first route (the shell's menus, the dialog host) arrive first: the slow
    // network below is for the reply, and 40 KB of deferred code at 700 bytes a second would hold back the
    // message's own calls for a minute.
    await expect(page.getByRole('button', { name: /account menu/ })).toHaveAttribute('data-scope', 'menu');
    await page.waitForLoadState('networkidle');
    // a slow network (about 700 bytes a second) so the reply streams for a few seconds
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 700, uploadThroughput: 100_000 });
    await composer.fill('Tell me about green tea');
    await composer.press('Enter');
    const stop = page.getByRole('button', { name: STOP });
    await expect(stop).toBeVisible({ timeout: 30_000 });
    // 01 §4: disabled until the first chunk arrives
    await expect(stop).toBeEnabled({ timeout: 30_000 });
    await stop.click();
    await expect(page.getByText(STOPPED)).toBeVisible();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible();

    await page.reload();
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(conversation(page).getByText('You: Tell me about green tea', { exact: true })).toHaveCount(0);
  });

  test('rename inline from the sidebar, then delete through the dialog', async ({ page }) => {
    const composer = await openChat(page);
    await composer.fill('Ideas for a bakery newsletter');
    await composer.press('Enter');
    const link = chatHistory(page).getByRole('link', { name: 'Ideas for a bakery newsletter' });
    await expect(link).toBeVisible();

    await chatHistory(page).getByRole('button', { name: 'Options for Ideas for a bakery newsletter' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const field = chatHistory(page).getByRole('textbox', { name: 'Chat title' });
    await expect(field).toBeFocused();
    await field.fill('Bakery newsletter');
    await field.press('Enter');
    await expect(chatHistory(page).getByRole('link', { name: 'Bakery newsletter' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Bakery newsletter/ })).toBeVisible();

    await chatHistory(page).getByRole('button', { name: 'Options for Bakery newsletter' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /delete/i }).click();
    await expect(chatHistory(page).getByRole('link', { name: 'Bakery newsletter' })).toHaveCount(0);
    // the open conversation was deleted: /chat opens a new one
    await expect(page.getByText(EMPTY)).toBeVisible();
  });

  test("free-words-out@ gets 'Chat Usage Limit Exhausted'", async ({ page }) => {
    const composer = await openChat(page, 'free-words-out@demo.test');
    await composer.fill('Write a haiku');
    await composer.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Chat Usage Limit Exhausted' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/chat with the chat limit dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // nothing was sent: the message is still in the composer
    await expect(composer).toHaveValue('Write a haiku');
  });

  test('a draft survives a reload', async ({ page }) => {
    const composer = await openChat(page);
    await composer.fill('A half-written thought');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('second line');
    await page.reload();
    await expect(page.getByRole('textbox', { name: COMPOSER })).toHaveValue('A half-written thought\nsecond line');
  });

  test('the stream relay is ready before the first send, and every reply goes through that one worker', async ({ page }) => {
    const relays = () => page.workers().filter((w) => w.url().includes('stream-relay'));
    const composer = await openChat(page);
    // started in an idle moment of the chat page, with nothing sent yet
    await expect.poll(() => relays().length).toBe(1);
    await composer.fill('Plan a trip to Rome');
    await composer.press('Enter');
    await expect(conversation(page).getByRole('button', { name: 'Copy' })).toBeVisible();
    await composer.fill('And a trip to Lisbon');
    await composer.press('Enter');
    await expect(conversation(page).getByRole('button', { name: 'Copy' })).toHaveCount(2);
    expect(relays()).toHaveLength(1);
  });
});
