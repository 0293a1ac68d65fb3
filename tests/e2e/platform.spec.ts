import { test, expect, signIn, expectNoSeriousA11yViolations } from './fixtures';

test.describe('platform: plans, checkout and the account page', () => {
  test('free@demo.test upgrades to Plus through the test checkout, and the shell then shows credits', async ({ page }) => {
    await signIn(page, 'free@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/pricing');
    const plus = page.getByRole('article', { name: 'Plus' });
    await expect(plus.getByText('$15')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/pricing');
    await plus.getByRole('button', { name: 'Upgrade to Plus' }).click();

    await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
    await page.getByRole('button', { name: /^Pay \$15\.00$/ }).click();

    await expect(page).toHaveURL(/\/credit-based\?target=subscription/);
    await expect(page.getByText('Your Plus plan is active.')).toBeVisible();
    await expect(page.getByTestId('current-plan')).toHaveText('Plus');
    await expect(page).toHaveURL(/\/credit-based\?target=subscription$/);
    await expectNoSeriousA11yViolations(page, '/credit-based?target=subscription');

    await page.getByRole('button', { name: /account menu/ }).click();
    const menu = page.getByRole('region', { name: /account menu/ });
    await expect(menu.getByRole('progressbar', { name: 'Credits used' })).toBeVisible();
    await expect(menu.getByText(/\/\s*500/)).toBeVisible();
  });

  test('pro-yearly@demo.test sees no upgrade button anywhere in the shell or the subscription page', async ({ page }) => {
    await signIn(page, 'pro-yearly@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: /Yusuf Yearwood, account menu/ })).toBeVisible();
    await page.goto('/credit-based?target=subscription');
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
    await expect(page.getByRole('heading', { name: 'Payment history' })).toBeVisible();
    await expect(page.getByRole('button', { name: /upgrade/i })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /upgrade/i })).toHaveCount(0);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: /Yusuf Yearwood, account menu/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /upgrade/i })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /upgrade/i })).toHaveCount(0);
  });

  test('a server 500 shows the API-error dialog with the server’s message (01 §8)', async ({ page }) => {
    await signIn(page, 'free@demo.test');
    await expect(page).toHaveURL(/\/home$/);
    await page.route('**/api/profile/updateUser', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The profile service is down.', type: 'Server Error' }) }),
    );
    await page.goto('/credit-based?target=profile');
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Felix F. Freeman');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Server Error' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The profile service is down.');
    await expectNoSeriousA11yViolations(page, 'api-error dialog');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(dialog).toBeHidden();
  });

  test('account pages: forgot password answers with the server’s message; a bad verification link fails clearly', async ({ page }) => {
    await page.goto('/forgotpassword');
    await page.getByLabel('Email').fill('free@demo.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If the address is registered');
    await expectNoSeriousA11yViolations(page, '/forgotpassword');
    await page.goto('/verify-email?token=nope');
    await expect(page.getByRole('alert')).toContainText('This verification link is invalid or has expired.');
  });
});
