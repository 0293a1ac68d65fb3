/**
 * An impersonation link on a browser that already has a session (issue 25: "/?impersonateToken=<any token>
 * silently replaces the session a browser already has"): the app asks first; Cancel keeps the session (and the
 * link's token is never stored), 'Switch account' signs in as the link's account at /home. Signed out, a link
 * signs in at once; a token not minted for impersonation signs nobody in.
 */
import { expect, signIn, test } from './fixtures';
import type { APIRequestContext } from '@playwright/test';

async function mint(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/dev/impersonation-token', { headers: { 'X-Application': 'writer-web' }, data: { email } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

test('signed in: the link asks; Cancel keeps the session; Switch account changes it', async ({ page, request }) => {
  await signIn(page, 'plus@demo.test');
  await expect(page.getByRole('heading', { name: /Welcome back, Paula/ })).toBeVisible();

  await page.goto(`/?impersonateToken=${encodeURIComponent(await mint(request, 'pro@demo.test'))}`);
  const dialog = page.getByRole('dialog', { name: 'Switch account?' });
  await expect(dialog).toBeVisible();
  await expect(page).not.toHaveURL(/impersonateToken/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Welcome back, Paula/ })).toBeVisible();
  // the token was never stored: a reload is still Paula's session, and nothing asks again
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome back, Paula/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Switch account?' })).toHaveCount(0);

  await page.goto(`/?impersonateToken=${encodeURIComponent(await mint(request, 'pro@demo.test'))}`);
  await page.getByRole('dialog', { name: 'Switch account?' }).getByRole('button', { name: 'Switch account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /Welcome back, Priya/ })).toBeVisible();
});

test('signed out: a minted link signs in at once; an access token in the link signs nobody in', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { headers: { 'X-Application': 'writer-web' }, data: { email: 'plus@demo.test', password: 'demo1234' } });
  const accessToken = ((await login.json()) as { access_token: string }).access_token;
  await page.goto(`/?impersonateToken=${encodeURIComponent(accessToken)}`);
  // still signed out: the public page with its Sign in link
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);

  await page.goto(`/?impersonateToken=${encodeURIComponent(await mint(request, 'pro@demo.test'))}`);
  await expect(page.getByRole('heading', { name: /Welcome back, Priya/ })).toBeVisible();
});
