import { test, expect, signIn, expectNoSeriousA11yViolations } from './fixtures';

/**
 * 01 §2 dialog chain and start-up: a first login sees welcome → offer → onboarding; onboarding has 3 steps for an
 * individual and 7 for a business, saved step by step; Skip sets a personal account and goes to /home.
 */
test.describe('onboarding: new@demo.test', () => {
  test('sees welcome → offer → onboarding, finishes as an individual and lands on /home for good', async ({ page }) => {
    await signIn(page, 'new@demo.test');
    await expect(page).toHaveURL(/\/home$/);

    const welcome = page.getByRole('dialog', { name: 'Welcome to Wordsmith AI' });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: 'Get Started' }).click();

    const offer = page.getByRole('dialog', { name: 'Limited Time Offer' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Maybe Later' }).click();

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'How will you use Wordsmith AI?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/onboarding step 1');

    // nothing chosen: the step says what is missing and stays
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please choose who you are writing for.')).toBeVisible();
    await expect(page.getByText('Please tell us your role.')).toBeVisible();

    await page.getByLabel('For myself').check();
    await page.getByLabel('Your role').fill('Travel writer');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByLabel('Stories and books').check();

    // a reload keeps the saved step and what was picked on this one
    await page.reload();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByLabel('Stories and books')).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Where are you based?' })).toBeVisible();
    await page.getByLabel('Country').fill('Portugal');
    await page.getByLabel(/Phone number/).fill('call me');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Please enter a valid phone number (digits, spaces, + - ( )).')).toBeVisible();
    await page.getByLabel(/Phone number/).fill('');
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page).toHaveURL(/\/home$/);
    // onboarded for good: a new page load stays home, with neither the welcome nor onboarding again
    await page.reload();
    await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('dialog', { name: 'Welcome to Wordsmith AI' })).toHaveCount(0);
  });

  test('a business has 7 steps; Skip records a personal account and goes to /home; a later load does not ask again', async ({ page }) => {
    await signIn(page, 'new@demo.test');
    await page.getByRole('dialog', { name: 'Welcome to Wordsmith AI' }).getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog', { name: 'Limited Time Offer' }).getByRole('button', { name: 'Maybe Later' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);

    await page.getByLabel('For my business').check();
    await page.getByLabel('Your role').fill('Marketing lead');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 2 of 7')).toBeVisible();
    await page.getByLabel('Company name').fill('Acme Travel');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 3 of 7')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/onboarding business step 3');

    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/chat');
    await page.reload();
    await expect(page).toHaveURL(/\/chat/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a user who closed the chain without onboarding is sent to /onboarding on the next start, answers kept', async ({ page }) => {
    await signIn(page, 'new@demo.test');
    await page.getByRole('dialog', { name: 'Welcome to Wordsmith AI' }).getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog', { name: 'Limited Time Offer' }).getByRole('button', { name: 'Maybe Later' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByLabel('For myself').check();
    await page.getByLabel('Your role').fill('Poet');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();

    // leaves for the chat, then comes back another day: the dashboard start sends them to onboarding, at step 2
    await page.goto('/home');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Your role')).toHaveValue('Poet');
  });
});
