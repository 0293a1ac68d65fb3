import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, DEMO_PASSWORD } from './fixtures';
import { HIT, HOSTILE_CORPUS, LONG_NAME, LONG_WORD, type HostileText } from '../fixtures/hostile-corpus';

/**
 * Hostile text through every place the app shows text it did not write: the user's chat messages (and
 * the reply the offline writer composes from them, rendered as Markdown), conversation titles (from the
 * first message, renamed in the UI and through the API), the user's name (shell header, profile menu, home
 * greeting), brand names (Manage Brands) and the server's error message in the API-error dialog. Nothing may execute on
 * any page of a journey (no payload sets `window.__xss`, `alert` is never called), the text shows literally, and a 5,000-character word never widens
 * the page (no horizontal scrollbar on the document).
 */

const APP = { 'X-Application': 'writer-web' };

async function signInByApi(page: Page, request: APIRequestContext, email = 'free@demo.test'): Promise<string> {
  const res = await request.post('/api/auth/login', { headers: APP, data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign in ${email}`).toBeTruthy();
  const { access_token: token } = (await res.json()) as { access_token: string };
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-auth-seeded')) return;
    sessionStorage.setItem('e2e-auth-seeded', '1');
    localStorage.setItem('auth', JSON.stringify({ token: t, loginTime: Date.now() }));
  }, token);
  return token;
}

/**
 * Execution detector, for every page of a test: a binding exposed to the page (it survives navigations and
 * reloads, and reaches every frame) is called whenever a payload sets `window.__xss` or calls alert, confirm or
 * prompt, so a payload that ran on an earlier page is still reported after the journey has moved on. Reading a
 * page's own counter at the end would see only the last page, which starts again at 0 on every load.
 */
let hits: string[] = [];

async function watchForExecution(page: Page, into: string[]) {
  await page.exposeBinding('__xssReport', ({ frame }, what: string) => {
    into.push(`${what} on ${frame.url()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as Window & { __xssReport(what: string): Promise<void> };
    const report = (what: string) => void w.__xssReport(what);
    let count = 0;
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => count,
      set: (v: number) => {
        count = v;
        report(`window.__xss = ${v}`);
      },
    });
    window.alert = () => report('alert');
    window.confirm = () => (report('confirm'), false);
    window.prompt = () => (report('prompt'), null);
  });
}

/** Reports a page made before this call have reached the test (they travel on the same connection, in order). */
async function reportsDelivered(page: Page) {
  if (!page.isClosed()) await page.evaluate(() => 0).catch(() => undefined);
}

test.beforeEach(async ({ page }) => {
  hits = [];
  await watchForExecution(page, hits);
});

test.afterEach(async ({ page }) => {
  await reportsDelivered(page);
  expect(hits, 'no payload executed on any page of the test').toEqual([]);
});

test('the detector reports a payload that ran on an earlier page of the journey (a test of the test)', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(HIT);
  await page.goto('/pricing');
  await page.evaluate(() => window.alert('second page'));
  await page.reload();
  // what the old check read: the last page's own counter, back to 0 after the navigation and the reload
  expect(await page.evaluate(() => (window as Window & { __xss?: number }).__xss)).toBe(0);
  await reportsDelivered(page);
  expect(hits).toEqual([expect.stringMatching(/^window\.__xss = 1 on .*\/login$/), expect.stringMatching(/^alert on .*\/pricing$/)]);
  hits.length = 0;
});

async function expectNoHorizontalScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `no horizontal scrollbar: ${where}`).toBeLessThanOrEqual(clientWidth + 1);
}

/** Some element inside `scope` has exactly this text content (so the payload was shown as text, not parsed). */
async function expectLiteral(page: Page, scopeSelector: string, text: string, label: string) {
  await expect
    .poll(
      () => page.evaluate(([sel, t]) => [...document.querySelectorAll(`${sel} *`)].some((el) => el.textContent === t), [scopeSelector, text] as const),
      { message: `${label} shown literally` },
    )
    .toBe(true);
}

const CONVERSATION = 'section[aria-label="Conversation"]';

async function expectNoInjectedElements(page: Page) {
  // none of the payloads' elements made it into the document as elements
  const injected = await page.evaluate(() => [
    ...[...document.querySelectorAll('img[src="x"], iframe, details[ontoggle], svg[onload], [onerror], [onmouseover]')].map((e) => e.outerHTML.slice(0, 80)),
    // a javascript: link however it is written: leading spaces or control characters, any case
    ...[...document.querySelectorAll('a[href], area[href]')]
      .filter((e) => [...(e.getAttribute('href') ?? '')].filter((c) => c.charCodeAt(0) > 0x20).join('').toLowerCase().startsWith('javascript:'))
      .map((e) => e.outerHTML.slice(0, 80)),
  ]);
  expect(injected).toEqual([]);
}

test.describe('hostile text', () => {
  test('as chat messages: shown literally, the reply renders safely, nothing runs; after a reload too', async ({ page, request }) => {
    test.setTimeout(120_000);
    // pro@: fifteen replies would exhaust the free plan's 1000 words
    const token = await signInByApi(page, request, 'pro@demo.test');
    await page.goto('/chat');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeVisible();
    const conversation = page.getByRole('region', { name: 'Conversation' });

    for (const item of HOSTILE_CORPUS) {
      await composer.fill(item.text);
      await composer.press('Enter');
      await expect(composer).toHaveValue('');
      await expectLiteral(page, CONVERSATION, `You: ${item.text}`, item.name);
      // the reply finished (its Copy button) before the next message
      await expect(conversation.getByRole('button', { name: 'Copy' })).toHaveCount(HOSTILE_CORPUS.indexOf(item) + 1, { timeout: 20_000 });
    }
    await expectNoInjectedElements(page);
    await expectNoHorizontalScroll(page, 'chat with a 5,000-character word');

    // the title the server made from the first message (the script tag): literal in the sidebar list
    const list = await request.get('/api/chat/conversations', { headers: { ...APP, Authorization: `Bearer ${token}` } });
    const { data } = (await list.json()) as { data: Array<{ conversation_chat_id: string; conversation_title: string }> };
    const title = data.find((c) => c.conversation_chat_id === new URL(page.url()).searchParams.get('id'))?.conversation_title ?? '';
    expect(title).toContain('</script>');
    await expectLiteral(page, 'section[aria-label="Chat History"]', title, 'title from the first message');
    await expectLiteral(page, 'main', title, 'title in the chat header');

    await page.reload();
    for (const item of HOSTILE_CORPUS) await expectLiteral(page, CONVERSATION, `You: ${item.text}`, `${item.name} (stored)`);
    await expectNoInjectedElements(page);
    await expectNoHorizontalScroll(page, 'stored chat with a 5,000-character word');
  });

  test('as conversation titles: renamed in the sidebar and through the API', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await signInByApi(page, request);
    await page.goto('/chat');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('A harmless first message');
    await composer.press('Enter');
    const history = page.getByRole('region', { name: 'Chat History' });
    await expect(history.getByRole('link', { name: 'A harmless first message' })).toBeVisible();
    const chatId = new URL(page.url()).searchParams.get('id');
    expect(chatId).toBeTruthy();

    // through the UI: a few payloads and a 100-character word
    const titles: HostileText[] = [
      ...HOSTILE_CORPUS.filter((h) => h.short).slice(0, 4),
      HOSTILE_CORPUS.find((h) => h.name === 'right-to-left override')!,
      { name: 'long title word', text: LONG_WORD.slice(0, 100) },
    ];
    let current = 'A harmless first message';
    for (const item of titles) {
      await history.getByRole('button', { name: `Options for ${current}` }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const field = history.getByRole('textbox', { name: 'Chat title' });
      await field.fill(item.text);
      await field.press('Enter');
      await expectLiteral(page, 'section[aria-label="Chat History"]', item.text, `${item.name} in the list`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(item.text.trim().slice(0, 30));
      current = item.text;
    }
    await expectNoInjectedElements(page);
    await expectNoHorizontalScroll(page, 'a 100-character title');

    // through the API, then a fresh load of the page
    for (const item of HOSTILE_CORPUS.filter((h) => h.short).slice(4)) {
      const res = await request.post('/api/chat/updateConversationTitle', {
        headers: { ...APP, Authorization: `Bearer ${token}` },
        data: { conversation_chat_id: chatId, conversation_title: item.text },
      });
      expect(res.ok(), `rename to ${item.name}`).toBeTruthy();
      await page.reload();
      await expectLiteral(page, 'section[aria-label="Chat History"]', item.text.trim().replace(/\s+/g, ' '), `${item.name} (API)`);
      await expectNoInjectedElements(page);
    }
  });

  test('as the user’s name: header, profile menu and the home greeting', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await signInByApi(page, request);
    const names: HostileText[] = [
      ...HOSTILE_CORPUS.filter((h) => h.short).slice(0, 6),
      HOSTILE_CORPUS.find((h) => h.name === 'right-to-left override')!,
      { name: 'longest name', text: LONG_NAME },
    ];
    for (const item of names) {
      const res = await request.post('/api/profile/updateUser', {
        headers: { ...APP, Authorization: `Bearer ${token}` },
        data: { name: item.text },
      });
      expect(res.ok(), `name ${item.name}`).toBeTruthy();
      await page.goto('/home');
      await expectLiteral(page, 'main', `Welcome back, ${item.text}`, `${item.name} greeting`);
      const menuButton = page.getByRole('button', { name: /account menu/ });
      await expect(menuButton).toBeVisible();
      expect(await menuButton.getAttribute('aria-label')).toContain(item.text);
      // the sidebar footer's trigger shows the name as text; the open menu is labelled with it
      await expectLiteral(page, 'body', item.text, `${item.name} in the profile menu trigger`);
      await menuButton.click();
      const popup = page.getByRole('region', { name: /account menu/ });
      await expect(popup.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      expect(await popup.getAttribute('aria-label')).toContain(item.text);
      await page.keyboard.press('Escape');
      await expectNoInjectedElements(page);
      await expectNoHorizontalScroll(page, `name ${item.name}`);
    }
  });

  test('as brand names: the Manage Brands list shows them as text', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await signInByApi(page, request, 'plus@demo.test');
    const brands: HostileText[] = [
      ...HOSTILE_CORPUS.filter((h) => h.short && h.text.length <= 100).slice(0, 7),
      HOSTILE_CORPUS.find((h) => h.name === 'right-to-left override')!,
      { name: 'longest brand name (one word)', text: LONG_WORD.slice(0, 100) },
    ];
    for (const item of brands) {
      const res = await request.post('/api/businesses', { headers: { ...APP, Authorization: `Bearer ${token}` }, data: { name: item.text } });
      expect(res.ok(), `brand ${item.name}: ${res.status()}`).toBeTruthy();
    }
    await page.goto('/credit-based?target=brand&page=1');
    for (const item of brands) await expectLiteral(page, 'main', item.text, `brand ${item.name}`);
    await expectNoInjectedElements(page);
    await expectNoHorizontalScroll(page, 'brand list');
    // the detail view of the longest name, and of a script tag
    for (const item of [brands[brands.length - 1], brands[0]]) {
      await page.goto('/credit-based?target=brand&page=1');
      await page.getByRole('link', { name: item.text, exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 2, name: item.text, exact: true })).toBeVisible();
      await expectNoInjectedElements(page);
      await expectNoHorizontalScroll(page, `brand details ${item.name}`);
    }
  });

  test('as the server’s error message and type: the API-error dialog shows them as text', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInByApi(page, request);
    for (const item of [...HOSTILE_CORPUS.filter((h) => h.short).slice(0, 5), HOSTILE_CORPUS.find((h) => h.name === 'long word')!]) {
      await page.unroute('**/api/profile/updateUser');
      await page.route('**/api/profile/updateUser', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: item.text, type: item.text.slice(0, 60) }) }),
      );
      await page.goto('/credit-based?target=profile');
      await page.getByLabel('Name', { exact: true }).fill('Felix F. Freeman');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectLiteral(page, '[role="dialog"]', item.text, `${item.name} as the message`);
      await expectLiteral(page, '[role="dialog"]', item.text.slice(0, 60), `${item.name} as the title`);
      await expectNoInjectedElements(page);
      await expectNoHorizontalScroll(page, `dialog ${item.name}`);
      // the dialog itself stays within the viewport
      const box = await dialog.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.x + box!.width, `dialog ${item.name} fits`).toBeLessThanOrEqual(viewport.width + 1);
      await dialog.getByRole('button', { name: 'Dismiss' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });
});
