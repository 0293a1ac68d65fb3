import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, DEMO_PASSWORD } from './fixtures';
import { DIALOG_NAMES, type DialogRequest } from '@machines/dialogs';

/**
 * axe on every route of src/app/routes.tsx and on every global dialog: no serious or critical violation.
 * Public routes are checked signed out; the others signed in as free@demo.test (the public ones again too,
 * since they wear the app shell when signed in).
 */

const APP = { 'X-Application': 'writer-web' };

/** Signs in through the API and hands the token to the page before its scripts run (faster than the form). */
async function signInByApi(page: Page, request: APIRequestContext, email = 'free@demo.test') {
  const res = await request.post('/api/auth/login', { headers: APP, data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign in ${email}`).toBeTruthy();
  const { access_token: token } = (await res.json()) as { access_token: string };
  // once per tab: a later logout must stay a logout
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-auth-seeded')) return;
    sessionStorage.setItem('e2e-auth-seeded', '1');
    localStorage.setItem('auth', JSON.stringify({ token: t, loginTime: Date.now() }));
  }, token);
}

/** Finite animations (dialog entrances, fades) finished, so axe measures the colours the user ends up with. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function openRoute(page: Page, path: string, expectPath: RegExp) {
  await page.goto(path);
  await expect(page).toHaveURL(expectPath);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await settle(page);
}

const esc = (p: string) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const at = (p: string) => new RegExp(`127\\.0\\.0\\.1:\\d+${esc(p)}$`);

// [path visited, where it must end up]
const PUBLIC_ROUTES: Array<[string, RegExp]> = [
  ['/', at('/')],
  ['/home', at('/home')],
  ['/login', at('/login')],
  ['/register', at('/register')],
  ['/auth/google/callback', /\/(auth\/google\/callback|login)/],
  ['/connectWordPress', at('/connectWordPress')],
  ['/forgotpassword', at('/forgotpassword')],
  ['/resetpassword?token=abc&email=free%40demo.test', /\/resetpassword/],
  ['/verify-email?token=nope', /\/verify-email/],
  ['/server-maintenance', at('/server-maintenance')],
  ['/test', at('/test')],
  ['/categories/writing', at('/categories/writing')],
  ['/tools/blog-ideas', at('/tools/blog-ideas')],
  ['/pricing', at('/pricing')],
  ['/offer-pricing', at('/offer-pricing')],
  ['/no-such-page', at('/no-such-page')],
];

const SIGNED_IN_ROUTES: Array<[string, RegExp]> = [
  ['/home', at('/home')],
  ['/', /127\.0\.0\.1:\d+\/(home)?$/],
  // free@ is onboarded: /onboarding leads home (the not-onboarded pages are checked in onboarding.spec.ts)
  ['/onboarding', at('/home')],
  ['/dashboard', at('/dashboard')],
  ['/dashboard/tools/writing', at('/dashboard/tools/writing')],
  ['/image-generator', at('/image-generator')],
  ['/video-generator', at('/video-generator')],
  ['/content/new', at('/content/new')],
  ['/kit/1', at('/kit/1')],
  ['/history', at('/history')],
  ['/storybook-library', at('/storybook-library')],
  ['/storybook-library/details', at('/storybook-library/details')],
  ['/credit-based?target=profile', /\/credit-based\?target=profile/],
  ['/credit-based?target=subscription', /\/credit-based\?target=subscription/],
  ['/credit-based?target=topup', /\/credit-based/],
  ['/credit-based?target=brand&page=1', /\/credit-based\?target=brand&page=1/],
  ['/credit-based?target=brand&page=1&brand=new', /\/credit-based\?target=brand&page=1&brand=new/],
  // free@ has no rewards flag: / (01 §2)
  ['/rewards', /127\.0\.0\.1:\d+\/(home)?$/],
  ['/blog-library', at('/blog-library')],
  ['/ai-text-humanizer', at('/ai-text-humanizer')],
  ['/easy-blog-writer', at('/easy-blog-writer')],
  ['/easy-blog-writer/outline', at('/easy-blog-writer/outline')],
  ['/easy-blog-writer/edit-blog/1', at('/easy-blog-writer/edit-blog/1')],
  ['/chat', /\/chat/],
  ['/blog-writer', at('/blog-writer')],
  ['/categories/writing', at('/categories/writing')],
  ['/tools/blog-ideas', at('/tools/blog-ideas')],
  ['/pricing', at('/pricing')],
  ['/offer-pricing', at('/offer-pricing')],
  ['/no-such-page', at('/no-such-page')],
];

test.describe('a11y: routes signed out', () => {
  for (const [path, expected] of PUBLIC_ROUTES) {
    test(`signed out ${path}`, async ({ page }) => {
      await openRoute(page, path, expected);
      await expectNoSeriousA11yViolations(page, `${path} (signed out)`);
    });
  }
});

test.describe('a11y: routes signed in as free@demo.test', () => {
  for (const [path, expected] of SIGNED_IN_ROUTES) {
    test(`signed in ${path}`, async ({ page, request }) => {
      await signInByApi(page, request);
      await openRoute(page, path, expected);
      await expectNoSeriousA11yViolations(page, `${path} (signed in)`);
    });
  }

  test('dark colour mode: /home and /chat', async ({ page, request }) => {
    await signInByApi(page, request);
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [path, expected] of [['/home', at('/home')], ['/chat', /\/chat/]] as const) {
      await openRoute(page, path, expected);
      await expectNoSeriousA11yViolations(page, `${path} (dark)`);
    }
  });
});

// ── global dialogs ─────────────────────────────────────────────────────────────────────────────────

/** Payloads for the dialogs whose payload is required (the others open with their defaults). */
const PAYLOADS: Partial<Record<DialogRequest['name'], unknown>> = {
  'delete-chat': { kind: 'chat', id: 'c1' },
  'delete-story': { kind: 'story', id: 1 },
  'delete-wordpress': { id: 1 },
  'image-viewer': { imageUrl: '/favicon.svg', imageAspect: 'square' },
  'product-demo': { thumbnailUrl: '', videoUrl: '', contentType: 'Product' },
  'content-stop': { isImageStop: false, targetUrl: '/home' },
  'storyboard-stop': { isImageStop: true, targetUrl: '/home' },
  'knowledgebase-edit': { id: 1 },
  'api-error': { title: 'Server Error', message: 'The service is down.' },
  'prompts-error': { message: 'Something went wrong. Please try again.', reload: true },
  'content-generation-check': { targetUrl: '/home' },
  'generate-limit': { type: 'word' },
};

/** Opened through their real UI path below, so not through the hook. */
const BY_UI = new Set(['no-network', 'api-error', 'pricing', 'delete-chat']);

async function openHome(page: Page, request: APIRequestContext) {
  await page.addInitScript(() => {
    (window as Window & { __E2E__?: boolean }).__E2E__ = true;
  });
  const dialogsLoaded = page.waitForResponse((r) => /\/assets\/dialog-host-[^/]+\.js$/.test(new URL(r.url()).pathname));
  await signInByApi(page, request);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /Welcome back, / })).toBeVisible();
  await dialogsLoaded;
  // the host's chunk is in, but its imports may still be on the way: once the page's network is quiet they are
  // loaded too and the host is ready (before going offline, say); the toaster loads in the same quiet moment
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeAttached();
}

async function checkOpenDialog(page: Page, label: string) {
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first();
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await settle(page);
  await expectNoSeriousA11yViolations(page, label);
  // every dialog can be closed from the keyboard (a chained one, e.g. after welcome, may follow it)
  const title = (await dialog.getByRole('heading').first().textContent()) ?? '';
  expect(title, `${label} has a title`).not.toBe('');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: title, exact: true })).toHaveCount(0);
}

test.describe('a11y: every global dialog (free@demo.test on /home)', () => {
  for (const name of DIALOG_NAMES.filter((n) => !BY_UI.has(n))) {
    test(`dialog ${name}`, async ({ page, request }) => {
      await openHome(page, request);
      const payload = PAYLOADS[name];
      await page.evaluate(
        (d) => (window as unknown as { __openDialog: (d: unknown) => void }).__openDialog(d),
        payload === undefined ? { name } : { name, payload },
      );
      await checkOpenDialog(page, `dialog ${name}`);
    });
  }

  test('dialog no-network (the browser goes offline)', async ({ page, request, context }) => {
    await openHome(page, request);
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(page.getByRole('dialog', { name: 'No Network Connection' })).toBeVisible();
    await context.setOffline(false);
    await checkOpenDialog(page, 'dialog no-network');
  });

  test('dialog api-error (a 500 on saving the profile)', async ({ page, request }) => {
    await openHome(page, request);
    await page.route('**/api/profile/updateUser', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The profile service is down.', type: 'Server Error' }) }),
    );
    await page.goto('/credit-based?target=profile');
    await page.getByLabel('Name', { exact: true }).fill('Felix F. Freeman');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Server Error' })).toBeVisible();
    await checkOpenDialog(page, 'dialog api-error');
  });

  test('dialog pricing (the header upgrade button of the free plan)', async ({ page, request }) => {
    await openHome(page, request);
    await page.getByRole('banner').getByRole('button', { name: /upgrade/i }).click();
    await checkOpenDialog(page, 'dialog pricing');
  });

  test('dialog delete-chat (from the chat list)', async ({ page, request }) => {
    await openHome(page, request);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Chat' }).click();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Name three rivers');
    await composer.press('Enter');
    const history = page.getByRole('region', { name: 'Chat History' });
    await expect(history.getByRole('link', { name: 'Name three rivers' })).toBeVisible();
    await history.getByRole('button', { name: 'Options for Name three rivers' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await checkOpenDialog(page, 'dialog delete-chat');
  });
});
