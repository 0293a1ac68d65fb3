import { test, expect, signIn, expectNoSeriousA11yViolations, DEMO_PASSWORD } from './fixtures';

test.describe('foundation: sign in, the shell, sign out', () => {
  test('free@demo.test signs in, lands on /home inside the shell, and signs out to /', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Wordsmith AI' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/login');

    await signIn(page, 'free@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /Welcome back, / })).toBeVisible();
    // The shell: sidebar navigation, sticky header with the logo link, the profile menu.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'AI Chat' })).toHaveAttribute('href', '/chat');
    await expect(page.getByRole('link', { name: 'Wordsmith AI home' })).toHaveAttribute('href', '/home');
    await expectNoSeriousA11yViolations(page, '/home');

    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/home with the profile menu open');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // 01 §2 logout confirmation
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

    // Signed out for real: an authenticated route sends back to /login.
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login\?next=%2Fchat$/);
  });

  test('a wrong password shows the backend’s message and keeps the email', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('free@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const res = await request.post('/api/auth/login', {
      headers: { 'X-Application': 'writer-web' },
      data: { email: 'free@demo.test', password: 'wrong-password' },
    });
    const { message } = (await res.json()) as { message: string };
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByLabel('Email')).toHaveValue('free@demo.test');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the sidebar starts open and toggles from the header', async ({ page }) => {
    await signIn(page, 'plus@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('a signed-out visit of a signed-in page downloads the sign-in page, not the shell or the page it cannot open', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      const name = /\/assets\/([^/]+)\.js$/.exec(new URL(r.url()).pathname)?.[1];
      if (name) scripts.push(name);
    });
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login\?next=%2Fchat$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Wordsmith AI' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((n) => n.startsWith('login-page-'))).toBe(true);
    expect(scripts.filter((n) => n.startsWith('shell-layout-') || n.startsWith('chat-page-'))).toEqual([]);
  });

  test('special routes: /rewrite-article redirects, unknown paths show not-found', async ({ page }) => {
    await signIn(page, 'free@demo.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/rewrite-article');
    await expect(page).toHaveURL(/\/ai-text-humanizer$/);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'not-found');
  });
});

test.describe('lost connection', () => {
  test('going offline shows the no-network dialog (its code is already loaded), and the app keeps working after Ok', async ({ page, context }) => {
    // The dialogs load shortly after the first route (outside its JavaScript budget); a user reading the
    // page for a moment has them. Wait for that load, then lose the connection.
    const dialogsLoaded = page.waitForResponse((r) => /\/assets\/dialog-host-[^/]+\.js$/.test(new URL(r.url()).pathname));
    await signIn(page, 'free@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    await dialogsLoaded;
    // …and the chunks it imports (fetched beside it): once the page's network is quiet the host is ready
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const dialog = page.getByRole('dialog', { name: 'No Network Connection' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("You've lost your internet connection");
    await expectNoSeriousA11yViolations(page, 'no-network dialog');
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });

  test('the dialog code failed to load (the connection dropped before it arrived): the next dialog loads it again and shows', async ({ page }) => {
    await page.addInitScript(() => {
      (window as Window & { __E2E__?: boolean }).__E2E__ = true;
    });
    const hostChunk = (url: URL) => /\/assets\/dialog-host-[^/]+\.js$/.test(url.pathname);
    await page.route(hostChunk, (route) => route.abort('internetdisconnected'));
    const failed = page.waitForEvent('requestfailed', (r) => hostChunk(new URL(r.url())));
    await signIn(page, 'free@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    await failed; // the load after the first route failed
    await page.unroute(hostChunk);
    // the connection is back; the next dialog loads the host again (a failed load is not kept)
    await page.evaluate(() => (window as unknown as { __openDialog: (d: unknown) => void }).__openDialog({ name: 'no-network' }));
    const dialog = page.getByRole('dialog', { name: 'No Network Connection' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('navigation guard in the browser', () => {
  test("leaving while a generation runs asks 'Are you sure?' first — the browser's back button included (01 §4)", async ({ page }) => {
    await page.addInitScript(() => {
      (window as Window & { __E2E__?: boolean }).__E2E__ = true;
    });
    await signIn(page, 'free@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Chat' }).click();
    await expect(page).toHaveURL(/\/chat\?id=/);
    const chatUrl = page.url();
    // a generating page reports its flag (useReportGeneration)
    await page.evaluate(() =>
      (window as unknown as { __reportGeneration: (f: { generationRunning: boolean }) => void }).__reportGeneration({ generationRunning: true }),
    );
    const question = page.getByRole('dialog', { name: 'Are you sure?' });

    // back: the browser has already moved, so the step is undone and the page stays until the user answers
    await page.evaluate(() => window.history.back());
    await expect(question).toBeVisible();
    await expect(question).toContainText('Leaving this page will stop generation.');
    await question.getByRole('button', { name: 'Stay here' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(chatUrl);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

    // a link is asked about too
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Tools' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay here' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(chatUrl);

    // back again, and this time the user leaves: the step is taken after all
    await page.evaluate(() => window.history.back());
    await question.getByRole('button', { name: 'Yes proceed' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /Welcome back, / })).toBeVisible();
    // the flag is still raised (the test raised it, not a page that unmounted), so forward is asked as well
    await page.evaluate(() => window.history.forward());
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Yes proceed' }).click();
    await expect(page).toHaveURL(chatUrl);
  });

  // The race behind a flake of the journey above: when the chat page's code arrived only after the question was
  // asked, its composer took the focus on mounting, and the dialog took focus leaving it for a click outside.
  test("'Are you sure?' stays until answered when the page behind it takes the focus; a click outside it still answers 'Stay here'", async ({ page }) => {
    await page.addInitScript(() => {
      (window as Window & { __E2E__?: boolean }).__E2E__ = true;
    });
    await signIn(page, 'free@demo.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Chat' }).click();
    await expect(page).toHaveURL(/\/chat\?id=/);
    const chatUrl = page.url();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await page.evaluate(() =>
      (window as unknown as { __reportGeneration: (f: { generationRunning: boolean }) => void }).__reportGeneration({ generationRunning: true }),
    );
    const question = page.getByRole('dialog', { name: 'Are you sure?' });
    await page.evaluate(() => window.history.back());
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Stay here' })).toBeFocused();

    await page.evaluate(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!.focus());
    // a frame for the dialog to react: it must keep the question and take the focus back
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Stay here' })).toBeFocused();

    await page.mouse.click(5, 5);
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(chatUrl);
  });
});
