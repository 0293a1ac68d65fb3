import type { Page } from '@playwright/test';
import { test, expect, signIn, expectNoSeriousA11yViolations } from './fixtures';

/** axe once finite animations (the dialog's entrance, toasts) are over, on the colours the user ends up with. */
async function scan(page: Page, label: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await expectNoSeriousA11yViolations(page, label);
}

/**
 * Manage Brands (03 §2 "Manage Brands lists businesses with create, edit, multi-delete and detail views"; 03 §4
 * "Creating a business starts at step 2 … Steps are saved one by one and is_completed is read from the result"):
 * from the profile menu, create a brand through its setup, edit it in its details, find it in the list, and
 * delete two brands at once — with an axe scan of each view.
 */
test.describe('Manage Brands: pro@demo.test', () => {
  test('creates a brand step by step, edits it, finds it in the list and multi-deletes', async ({ page }) => {
    await signIn(page, 'pro@demo.test');
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Manage Brands' }).click();
    await expect(page).toHaveURL(/\/credit-based\?target=brand&page=1$/);
    await expect(page.getByRole('heading', { name: 'Manage Brands' })).toBeVisible();
    await expect(page.getByText(/No brands yet/)).toBeVisible();
    await scan(page, 'Manage Brands, empty');

    // two brands: one left after naming it, the other set up to the end
    for (const name of ['Harbour Coffee', 'Acme Bakery']) {
      await page.getByRole('button', { name: 'Add brand' }).click();
      await expect(page.getByRole('progressbar', { name: 'Step 2 of 7' })).toBeVisible();
      await page.getByRole('textbox', { name: /Brand name/ }).fill(name);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(page.getByRole('progressbar', { name: 'Step 3 of 7' })).toBeVisible();
      if (name === 'Harbour Coffee') {
        // left at step 2: its details, then the list again
        await page.getByRole('button', { name: 'Exit setup' }).click();
        await expect(page.getByRole('heading', { name: 'Harbour Coffee' })).toBeVisible();
        await page.getByRole('link', { name: 'Back to brands' }).click();
      }
    }
    await scan(page, 'brand setup, step 3');

    // steps 3 … 7, each saved one by one
    await page.getByRole('textbox', { name: /Website/ }).fill('acme-bakery.example');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Describe your brand' })).toBeVisible();
    await page.getByRole('button', { name: 'Write it for me' }).click();
    await expect(page.getByRole('textbox', { name: /Description/ })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Products and services' })).toBeVisible();
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('textbox', { name: 'Product 1 name' }).fill('Sourdough');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Industry and tone' })).toBeVisible();
    await page.getByRole('textbox', { name: /Industry/ }).fill('Food and drink');
    await page.getByRole('textbox', { name: /Tone of voice/ }).fill('Friendly');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('progressbar', { name: 'Step 7 of 7' })).toBeVisible();
    await page.getByRole('button', { name: 'Add colour' }).click();
    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#AA5500');
    await scan(page, 'brand setup, step 7');
    await page.getByRole('button', { name: 'Finish' }).click();

    // completed: the details show, the form is gone
    await expect(page.getByText('Your brand is set up.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acme Bakery' })).toBeVisible();
    await expect(page.getByText('Setup complete')).toBeVisible();
    await scan(page, 'brand details');
    await page.emulateMedia({ colorScheme: 'dark' });
    await scan(page, 'brand details (dark)');
    await page.emulateMedia({ colorScheme: 'light' });

    // edit in the details: every field saved at once
    await page.getByRole('textbox', { name: /Brand name/ }).fill('Acme Artisan Bakery');
    await page.getByRole('textbox', { name: /Tone of voice/ }).fill('Warm and witty');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Brand details saved.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acme Artisan Bakery' })).toBeVisible();

    // the list shows it (completed) and the other one (at step 2); a reload keeps the page
    await page.getByRole('link', { name: 'Back to brands' }).click();
    const table = page.getByRole('table', { name: 'Brands' });
    await expect(table.getByRole('link', { name: 'Acme Artisan Bakery', exact: true })).toBeVisible();
    await expect(table.getByRole('row', { name: /Acme Artisan Bakery/ }).getByText('Completed')).toBeVisible();
    await expect(table.getByRole('row', { name: /Harbour Coffee/ }).getByText('Step 2 of 7')).toBeVisible();
    await page.reload();
    await expect(table.getByRole('link', { name: 'Acme Artisan Bakery', exact: true })).toBeVisible();

    // search
    await page.getByRole('searchbox', { name: 'Search brands' }).fill('harbour');
    await expect(table.getByRole('link', { name: 'Acme Artisan Bakery', exact: true })).toHaveCount(0);
    await expect(table.getByRole('link', { name: 'Harbour Coffee', exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search brands' }).fill('');
    await expect(table.getByRole('link', { name: 'Acme Artisan Bakery', exact: true })).toBeVisible();

    // multi-delete with the keyboard: Space on the select-all checkbox, then confirm
    await page.getByRole('checkbox', { name: 'Select all brands on this page' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 2 brands?' });
    await expect(dialog).toBeVisible();
    await scan(page, 'multi-delete confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 brands deleted.')).toBeVisible();
    await expect(page.getByText(/No brands yet/)).toBeVisible();
  });
});
