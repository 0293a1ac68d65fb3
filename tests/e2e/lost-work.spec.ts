import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, INTERRUPTED_NOTICE, lastReplyMarkdown, REPLY_SELECTORS, signIn } from './fixtures';
import { countWords } from '@server/ai/types';

/**
 * Lost work around a stream (quality gates, "Faults and lost work"): a reload in the middle of a reply, and the
 * server restarting in the middle of one. What was already generated must still be there afterwards, and nothing is
 * charged twice (the cut reply is not charged at all; the regenerated one once).
 *
 * These need a reply that takes seconds, and a server this file can stop and start again on the same data: so it
 * runs its own server (the production build, as the suite's), on a persisted PGlite in a temporary directory
 * (DATA_DIR), with the offline writer at AI_PACE_MS=250 (~40 chunks of 3 words: about 10 s a reply). The stream is
 * the real one; the restart is a real SIGTERM and a new process on the same port and data.
 */

const PACE_MS = 250;
const APP = { 'X-Application': 'writer-web' };

let server: ChildProcess | undefined;
// its own port beside the suite's server (the streaming benchmark, run apart, takes E2E_PORT + 1)
const port = Number(process.env.E2E_PORT ?? 4317) + 2;
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });
const dataDir = mkdtempSync(join(tmpdir(), 'wordsmith-lost-work-'));

/** Starts the server and resolves once it listens. */
async function startServer(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    // the development routes (dev reset, test sign-in) the journey uses; serve.ts is production otherwise
    WORDSMITH_DEV: '1',
    AI_PACE_MS: String(PACE_MS),
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
  };
  delete env.DATABASE_URL;
  delete env.AI_BASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  server = child;
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(`:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

/** A graceful stop, as a deploy or a restart does it: SIGTERM, then the process is gone. */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

/** The words of the last reply as shown. */
async function replyWords(page: Page): Promise<string[]> {
  return toWords(await lastReplyMarkdown(page).allInnerTexts());
}

/** The words of a reply's shown Markdown blocks (their inner texts), without punctuation. */
function toWords(texts: string[]): string[] {
  return texts
    .join(' ')
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter(Boolean);
}

/** The free plan's words used so far, as the server counts them (the free plan is metered in words). */
async function wordsUsed(page: Page, request: APIRequestContext): Promise<number> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token);
  const res = await request.get(`${base}/api/auth/getUser`, { headers: { ...APP, Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { data: { user: { user_subscription: { usage: number } } } };
  return body.data.user.user_subscription.usage;
}

/**
 * Sends a message and waits until the reply is well under way. Returns the words used before it was sent: while a
 * reply streams, the server holds a reservation for it (the usage ledger), so usage read mid-stream is not the
 * starting figure.
 */
async function startReply(page: Page, message: string, request: APIRequestContext): Promise<number> {
  await signIn(page, 'free@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Chat' }).click();
  await expect(page).toHaveURL(/\/chat\?id=/);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  const before = await wordsUsed(page, request);
  await composer.fill(message);
  await composer.press('Enter');
  // well into the reply, far from its end (about 120 words arrive over ~10 s)
  await expect.poll(() => replyWords(page).then((w) => w.length), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
  await expect(page.getByRole('button', { name: 'Stop generating' })).toBeEnabled();
  return before;
}

/** Regenerate runs the reply again to its end and stores it; returns the words the server charged for it. */
async function regenerateToTheEnd(page: Page): Promise<number> {
  const stored = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/chat/storeMessage', { timeout: 30_000 });
  await conversation(page).getByRole('button', { name: 'Regenerate' }).click();
  const output = ((await stored).postDataJSON() as { message_output: string }).message_output;
  await expect(conversation(page).getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 30_000 });
  await expect(conversation(page).getByText(INTERRUPTED_NOTICE)).toHaveCount(0);
  return countWords(output);
}

test.describe('lost work around a stream', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a reload mid-stream: every word shown is still there, as interrupted with Regenerate; charged once, when regenerated', async ({ page, request }) => {
    const before = await startReply(page, 'Tell me about the sea', request);
    const shown = await replyWords(page);
    await page.reload();

    await expect(conversation(page).getByText('You: Tell me about the sea', { exact: true })).toBeVisible();
    await expect(conversation(page).getByText(INTERRUPTED_NOTICE)).toBeVisible();
    await expect(conversation(page).getByRole('button', { name: 'Regenerate' })).toBeVisible();
    // every word that was on the screen when the page went, in order (more may have arrived just before)
    expect((await replyWords(page)).slice(0, shown.length)).toEqual(shown);
    // the reply the reload cut was not charged
    expect(await wordsUsed(page, request)).toBe(before);

    const charged = await regenerateToTheEnd(page);
    expect(await wordsUsed(page, request)).toBe(before + charged);
    // stored once: after a reload it is one stored exchange, no interrupted copy beside it
    await page.reload();
    await expect(conversation(page).getByRole('article')).toHaveCount(1);
    await expect(conversation(page).getByText(INTERRUPTED_NOTICE)).toHaveCount(0);
    expect(await wordsUsed(page, request)).toBe(before + charged);
  });

  test("offline mid-stream: 'No Network Connection', the reply so far kept as interrupted; back online Regenerate completes it, charged once", async ({ page, request, context }) => {
    const before = await startReply(page, 'Tell me about rivers', request);
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const dialog = page.getByRole('dialog', { name: 'No Network Connection' });
    await expect(dialog.getByText("You've lost your internet connection", { exact: true })).toBeVisible();
    // the stream ended when the connection went (nothing more arrives while the dialog is up)
    const shown = await replyWords(page);
    expect(shown.length).toBeGreaterThanOrEqual(15);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(conversation(page).getByText(INTERRUPTED_NOTICE)).toBeVisible();
    await expect(conversation(page).getByRole('button', { name: 'Regenerate' })).toBeVisible();
    expect(await replyWords(page)).toEqual(shown);
    expect(await wordsUsed(page, request)).toBe(before);
    const charged = await regenerateToTheEnd(page);
    expect(await wordsUsed(page, request)).toBe(before + charged);
  });

  test('the tab is switched away mid-stream and then crashes: every word shown when it was hidden is kept, as interrupted; charged once, when regenerated', async ({ page, request, context }) => {
    // A crash runs no more of the page's code: no 'pagehide', no handling of the cut stream. What survives is only
    // what the page had copied before — here, the copy made when the tab was hidden (the periodic copy is up to
    // PERSIST_EVERY_MS = 5 s old, and ~20 words arrive in that time).
    const before = await startReply(page, 'Tell me about forests', request);
    const chatUrl = page.url();
    // the tab switch, as the browser reports it (a headless tab cannot be put in the background for real), and the
    // reply as shown at that moment (lastReplyMarkdown's blocks, read in the same turn)
    const shownWords = toWords(
      await page.evaluate((sel) => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
        const last = [...document.querySelectorAll(sel.exchange)].at(-1);
        return [...(last?.querySelectorAll<HTMLElement>(sel.markdown) ?? [])].map((g) => g.innerText);
      }, REPLY_SELECTORS),
    );
    expect(shownWords.length).toBeGreaterThanOrEqual(15);
    const cdp = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    void cdp.send('Page.crash').catch(() => {}); // never answers: the page is gone
    await crashed;

    const again = await context.newPage();
    await again.goto(chatUrl);
    await expect(conversation(again).getByText('You: Tell me about forests', { exact: true })).toBeVisible();
    await expect(conversation(again).getByText(INTERRUPTED_NOTICE)).toBeVisible();
    // every word on the screen when the tab was hidden, in order (a few more may have been copied with them)
    expect((await replyWords(again)).slice(0, shownWords.length)).toEqual(shownWords);
    // the cut reply was not charged; the regenerated one once
    expect(await wordsUsed(again, request)).toBe(before);
    const charged = await regenerateToTheEnd(again);
    expect(await wordsUsed(again, request)).toBe(before + charged);
  });

  test('the server restarts mid-stream: the reply so far is kept, shown as interrupted; after the restart Regenerate completes it, charged once', async ({ page, request }) => {
    const before = await startReply(page, 'Tell me about mountains', request);

    await stopServer();
    await expect(conversation(page).getByText(INTERRUPTED_NOTICE)).toBeVisible();
    await expect(conversation(page).getByRole('button', { name: 'Regenerate' })).toBeVisible();
    const shown = await replyWords(page);
    expect(shown.length).toBeGreaterThanOrEqual(15);

    await startServer();
    // the page reloaded on the restarted server: still signed in, the interrupted reply still there
    await page.reload();
    await expect(conversation(page).getByText('You: Tell me about mountains', { exact: true })).toBeVisible();
    await expect(conversation(page).getByText(INTERRUPTED_NOTICE)).toBeVisible();
    expect(await replyWords(page)).toEqual(shown);
    expect(await wordsUsed(page, request)).toBe(before);

    const charged = await regenerateToTheEnd(page);
    expect(await wordsUsed(page, request)).toBe(before + charged);
  });
});
