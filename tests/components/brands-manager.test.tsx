/**
 * Manage Brands (/credit-based?target=brand&page=1; 03 §2 "Manage Brands lists businesses with create, edit,
 * multi-delete and detail views", §4 "Creating a business starts at step 2 … is_completed is read from the
 * result. Completion clears the form.", §8 the Onboarding error texts) against the in-process reference backend.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DIALOG_MESSAGES, MISC_TEXT } from '@/features/dialogs/messages';
import { useTestBackend, createTestServices, signInAs, renderRoute } from '../helpers/render-app';
import type { AppServices } from '@/core/services';
import { ACCOUNT_PAGE, BRANDS_TEXT as t } from '@/features/billing/messages';
import { toaster } from '@/ui/toast';
import { BRAND_TOTAL_STEPS, BRANDS_PAGE_SIZE } from '@machines/brand-constants';

const backend = useTestBackend();

afterEach(() => {
  act(() => toaster.remove());
});

/** Services over the backend; requests matching `fail` (method and path) answer 500 with the error body. */
function services(fail?: (method: string, path: string) => boolean) {
  return createTestServices(backend, {
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      if (fail?.(req.method, new URL(req.url).pathname))
        return new Response(JSON.stringify({ message: 'Server Error', type: 'Error' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
      return backend.app.fetch(req);
    },
  });
}

async function brand(svc: AppServices, name: string) {
  const { data } = await svc.api.POST('/api/businesses', { body: { name } });
  return data!.data;
}
const BRANDS = '/credit-based?target=brand&page=1';
const table = () => screen.findByRole('table', { name: t.table });
const names = async () => within(await table()).getAllByRole('link', { name: /^(?!Edit )/ }).map((a) => a.textContent);

describe('the list', () => {
  test('the profile menu’s Manage Brands tab shows the brand manager, empty at first', async () => {
    const svc = services();
    await signInAs(svc, 'free@demo.test');
    renderRoute(BRANDS, svc);
    expect(await screen.findByRole('tab', { name: ACCOUNT_PAGE.tabs.brand, selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.add })).toBeEnabled();
  });

  test('pages through ?page=, searches (debounced, from page 1) and says No Result Found', async () => {
    const svc = services();
    await signInAs(svc, 'pro@demo.test');
    for (let i = 1; i <= BRANDS_PAGE_SIZE + 2; i++) await brand(svc, `Brand ${String(i).padStart(2, '0')}`);
    const { history } = renderRoute('/credit-based?target=brand&page=2', svc);
    await waitFor(async () => expect(await names()).toEqual(['Brand 02', 'Brand 01']));
    const pages = screen.getByRole('navigation', { name: t.pages });
    expect(within(pages).getByText(t.pageOf(2, 2))).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: t.next })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: t.previous }));
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('page')).toBe('1'));
    await waitFor(async () => expect(await names()).toHaveLength(BRANDS_PAGE_SIZE));
    expect((await names())[0]).toBe('Brand 12');

    await userEvent.type(screen.getByRole('searchbox', { name: t.search }), 'brand 1');
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('search')).toBe('brand 1'));
    await waitFor(async () => expect(await names()).toEqual(['Brand 12', 'Brand 11', 'Brand 10']));
    expect(screen.queryByRole('navigation', { name: t.pages })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: t.search }));
    await userEvent.type(screen.getByRole('searchbox', { name: t.search }), 'zzz');
    expect(await screen.findByText(t.noResult)).toBeInTheDocument();
  });

  test('a page past the end shows the last page', async () => {
    const svc = services();
    await signInAs(svc, 'pro@demo.test');
    await brand(svc, 'Only one');
    const { history } = renderRoute('/credit-based?target=brand&page=7', svc);
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('page')).toBe('1'));
    expect(await names()).toEqual(['Only one']);
  });

  test('multi-delete: select with the keyboard or select all, confirm, and the brands are gone', async () => {
    const svc = services();
    await signInAs(svc, 'pro@demo.test');
    for (const n of ['Alpha', 'Beta', 'Gamma']) await brand(svc, n);
    renderRoute(BRANDS, svc);
    await table();
    // keyboard: the row checkbox is a real (visually hidden) checkbox, toggled with Space
    const beta = screen.getByRole('checkbox', { name: t.select('Beta') });
    beta.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(beta).toBeChecked());
    expect(screen.getByRole('checkbox', { name: t.selectAll })).toBePartiallyChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: t.select('Gamma') }));
    await userEvent.click(screen.getByRole('button', { name: t.deleteSelected(2) }));

    const dialog = await screen.findByRole('alertdialog', { name: t.deleteTitle(2) });
    expect(within(dialog).getByText('Beta')).toBeInTheDocument();
    // Cancel keeps everything
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: t.deleteSelected(2) }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.deleteConfirm }));
    expect(await screen.findByText('2 brands deleted.')).toBeInTheDocument();
    await waitFor(async () => expect(await names()).toEqual(['Alpha']));
    const { data } = await svc.api.GET('/api/businesses');
    expect(data!.data.map((b) => b.name)).toEqual(['Alpha']);

    // select all on the page
    await userEvent.click(screen.getByRole('checkbox', { name: t.selectAll }));
    expect(screen.getByRole('checkbox', { name: t.select('Alpha') })).toBeChecked();
    expect(screen.getByRole('button', { name: t.deleteSelected(1) })).toBeInTheDocument();
  });
});

describe('creating a brand: setup step by step', () => {
  test('a new brand starts at step 2 of 7, saves each step and completes at step 7, then shows its details', async () => {
    const svc = services();
    await signInAs(svc, 'free@demo.test');
    const { history } = renderRoute(BRANDS, svc);
    await userEvent.click(await screen.findByRole('button', { name: t.add }));
    expect(await screen.findByRole('progressbar', { name: t.progress(2, BRAND_TOTAL_STEPS) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.steps[2]!.title })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: new RegExp(t.name) });
    await waitFor(() => expect(name).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));
    expect(await screen.findByText(t.nameRequired)).toBeInTheDocument();
    await userEvent.type(name, 'Acme Bakery{Enter}');

    // step 3: the brand exists, at step 2 (03 §4)
    expect(await screen.findByRole('heading', { name: t.steps[3]!.title })).toBeInTheDocument();
    const id = Number(new URLSearchParams(history.location.search).get('brand'));
    expect((await svc.api.GET('/api/businesses/{id}', { params: { path: { id } } })).data!.data).toMatchObject({ name: 'Acme Bakery', step: 2, total_steps: 7, is_completed: 0 });
    const website = screen.getByRole('textbox', { name: new RegExp(t.website) });
    await userEvent.type(website, 'not a website');
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));
    expect(await screen.findByText(t.websiteInvalid)).toBeInTheDocument();
    await userEvent.clear(website);
    await userEvent.type(website, 'acme-bakery.example');
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));

    // step 4: a written suggestion fills the description (not saved until the step is)
    expect(await screen.findByRole('heading', { name: t.steps[4]!.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.writeForMe }));
    const description = screen.getByRole('textbox', { name: new RegExp(t.descriptionLabel) });
    await waitFor(() => expect((description as HTMLTextAreaElement).value.length).toBeGreaterThan(20));
    // a typed description is never replaced silently: the dialog manager's replace-brand-description asks first
    await userEvent.clear(description);
    await userEvent.type(description, 'Our own words about the bakery.');
    await userEvent.click(screen.getByRole('button', { name: t.writeForMe }));
    let ask = await screen.findByRole('dialog', { name: MISC_TEXT.replaceBrandDescription.title });
    await userEvent.click(within(ask).getByRole('button', { name: DIALOG_MESSAGES.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MISC_TEXT.replaceBrandDescription.title })).toBeNull());
    expect(description).toHaveValue('Our own words about the bakery.');
    await userEvent.click(screen.getByRole('button', { name: t.writeForMe }));
    ask = await screen.findByRole('dialog', { name: MISC_TEXT.replaceBrandDescription.title });
    await userEvent.click(within(ask).getByRole('button', { name: MISC_TEXT.replaceBrandDescription.confirm }));
    await waitFor(() => expect(description).not.toHaveValue('Our own words about the bakery.'));
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));

    // step 5: products
    expect(await screen.findByRole('heading', { name: t.steps[5]!.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.addProduct }));
    await userEvent.type(screen.getByRole('textbox', { name: t.productName(1) }), 'Sourdough');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(t.productDescription(1)) }), 'Slow-fermented loaf');
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));

    // step 6: industry and tone; Back shows step 5 as saved
    expect(await screen.findByRole('heading', { name: t.steps[6]!.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.previousStep }));
    expect(await screen.findByRole('textbox', { name: t.productName(1) })).toHaveValue('Sourdough');
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(t.industry) }), 'Food');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(t.tone) }), 'Friendly');
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));

    // step 7: colours and language, then Finish
    expect(await screen.findByRole('progressbar', { name: t.progress(7, BRAND_TOTAL_STEPS) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.addColor }));
    const primary = screen.getByRole('textbox', { name: t.colorNames[0] });
    await userEvent.clear(primary);
    await userEvent.type(primary, '#12');
    await userEvent.click(screen.getByRole('button', { name: t.finish }));
    expect(await screen.findByText(t.colorInvalid)).toBeInTheDocument();
    await userEvent.type(primary, '3456');
    await userEvent.click(screen.getByRole('button', { name: t.addColor }));
    fireEvent.change(screen.getByLabelText(t.pickColor(t.colorNames[1]!)), { target: { value: '#abcdef' } });
    await userEvent.click(screen.getByRole('combobox', { name: new RegExp(t.language) }));
    await userEvent.click(await screen.findByRole('option', { name: 'English' }));
    await userEvent.click(screen.getByRole('button', { name: t.finish }));

    // completed (read from the answer): the form is gone, the details show the brand
    expect(await screen.findByText(t.finished)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme Bakery' })).toBeInTheDocument();
    expect(screen.getByText(t.setupComplete)).toBeInTheDocument();
    expect(new URLSearchParams(history.location.search).get('step')).toBeNull();
    const saved = (await svc.api.GET('/api/businesses/{id}', { params: { path: { id } } })).data!.data;
    expect(saved).toMatchObject({
      url: 'https://acme-bakery.example',
      products: [{ name: 'Sourdough', description: 'Slow-fermented loaf' }],
      industry: 'Food',
      tone: 'Friendly',
      colors: ['#123456', '#ABCDEF'],
      language: { name: 'English' },
      step: 7,
      is_completed: 1,
    });
    expect(saved.description!.length).toBeGreaterThan(20);

    // and the list shows it completed
    await userEvent.click(screen.getByRole('link', { name: t.back }));
    const row = within(await table()).getByRole('link', { name: 'Acme Bakery' }).closest('tr')!;
    expect(within(row).getByText(t.completed)).toBeInTheDocument();
  });

  test('a name the user already has is refused on the field', async () => {
    const svc = services();
    await signInAs(svc, 'free@demo.test');
    await brand(svc, 'Acme');
    renderRoute('/credit-based?target=brand&page=1&brand=new', svc);
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(t.name) }), 'acme{Enter}');
    expect(await screen.findByText('You already have a brand with this name.')).toBeInTheDocument();
  });

  test('an incomplete brand continues its setup after its last saved step', async () => {
    const svc = services();
    await signInAs(svc, 'free@demo.test');
    const b = await brand(svc, 'Half done');
    await svc.api.PATCH('/api/businesses/{id}/field', { params: { path: { id: b.id } }, body: { field: 'url', value: 'half.example', step: 3 } });
    renderRoute(`/credit-based?target=brand&page=1&brand=${b.id}`, svc);
    expect(await screen.findByText(t.setupAt(3, BRAND_TOTAL_STEPS))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.continueSetup }));
    expect(await screen.findByRole('progressbar', { name: t.progress(4, BRAND_TOTAL_STEPS) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.exitSetup }));
    expect(await screen.findByRole('heading', { name: 'Half done' })).toBeInTheDocument();
  });
});

describe('unsaved setup input is kept', () => {
  test("what was typed on a step survives 'Back', leaving and a reload, until that step is saved", async () => {
    const svc = services();
    const me = await signInAs(svc, 'free@demo.test');
    const b = await brand(svc, 'Drafty');
    const step3 = `/credit-based?target=brand&page=1&brand=${b.id}&step=3`;
    const first = renderRoute(step3, svc);
    const website = () => screen.findByRole('textbox', { name: /Website/ });
    await userEvent.type(await website(), 'drafty.example');
    await userEvent.click(screen.getByRole('button', { name: t.previousStep }));
    expect(await screen.findByRole('progressbar', { name: t.progress(2, BRAND_TOTAL_STEPS) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));
    expect(await website()).toHaveValue('drafty.example');
    first.unmount();

    // a reload (a fresh page on the same session)
    const again = createTestServices(backend);
    again.tokens.set(svc.tokens.get()!);
    renderRoute(step3, again);
    expect(await website()).toHaveValue('drafty.example');
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));
    expect(await screen.findByRole('progressbar', { name: t.progress(4, BRAND_TOTAL_STEPS) })).toBeInTheDocument();
    // saved: the server has it and the draft is gone
    const { data } = await svc.api.GET('/api/businesses/{id}', { params: { path: { id: b.id } } });
    expect(data!.data.url).toContain('drafty.example');
    expect(localStorage.getItem(`draft:${me.id}:brand:${b.id}`)).toBeNull();
  });
});

describe('the detail view', () => {
  test('edits every field and saves them at once; deleting goes back to the list', async () => {
    const svc = services();
    await signInAs(svc, 'plus@demo.test');
    const b = await brand(svc, 'Northwind');
    await brand(svc, 'Contoso');
    const { history } = renderRoute(BRANDS, svc);
    await userEvent.click(await within(await table()).findByRole('link', { name: t.editBrand('Northwind') }));
    expect(await screen.findByRole('heading', { name: 'Northwind' })).toHaveFocus();
    const save = screen.getByRole('button', { name: t.saveDetails });
    expect(save).toBeDisabled();

    const nameField = screen.getByRole('textbox', { name: new RegExp(t.name) });
    await userEvent.clear(nameField);
    await userEvent.type(nameField, 'contoso');
    await userEvent.click(save);
    expect(await screen.findByText('You already have a brand with this name.')).toBeInTheDocument();

    await userEvent.clear(nameField);
    await userEvent.type(nameField, 'Northwind Traders');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(t.tone) }), 'Formal');
    await userEvent.click(screen.getByRole('button', { name: t.addColor }));
    await userEvent.click(save);
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Northwind Traders' })).toBeInTheDocument();
    expect((await svc.api.GET('/api/businesses/{id}', { params: { path: { id: b.id } } })).data!.data).toMatchObject({
      name: 'Northwind Traders',
      tone: 'Formal',
      colors: ['#4338CA'],
      step: 2,
      is_completed: 0,
    });

    await userEvent.click(screen.getByRole('button', { name: t.deleteBrand }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: t.deleteTitle(1) })).getByRole('button', { name: t.deleteConfirm }));
    expect(await screen.findByText('Brand deleted.')).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('brand')).toBeNull());
    await waitFor(async () => expect(await names()).toEqual(['Contoso']));
  });

  test('a brand that does not exist, or is another user’s, is not found', async () => {
    // (the services share the browser's token store: the owner signs in first, then the viewer)
    const svc = services();
    await signInAs(svc, 'pro@demo.test');
    const theirs = await brand(svc, 'Not yours');
    await signInAs(svc, 'plus@demo.test');
    renderRoute(`/credit-based?target=brand&page=1&brand=${theirs.id}`, svc);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.notFound);
    expect(screen.queryByText(t.fetchDetailsFailed)).not.toBeInTheDocument();
  });
});

describe('failures show the texts of 03 §8', () => {
  test("'Failed to fetch brands list.' with a retry", async () => {
    let failing = true;
    const svc = services((m, p) => failing && m === 'GET' && p === '/api/businesses');
    await signInAs(svc, 'pro@demo.test');
    await brand(svc, 'Retry me');
    renderRoute(BRANDS, svc);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.fetchListFailed);
    expect(await screen.findByText(t.fetchListFailed, { selector: '[data-part="title"]' })).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(await names()).toEqual(['Retry me']);
  });

  test("'Failed to create. Please try again!'", async () => {
    const svc = services((m, p) => m === 'POST' && p === '/api/businesses');
    await signInAs(svc, 'pro@demo.test');
    renderRoute('/credit-based?target=brand&page=1&brand=new', svc);
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(t.name) }), 'Acme{Enter}');
    expect(await screen.findByText(t.createFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.steps[2]!.title })).toBeInTheDocument();
  });

  test("'Failed to update. Please try again!' keeps the step", async () => {
    const svc = services((m, p) => m === 'PATCH' && p.endsWith('/field'));
    await signInAs(svc, 'pro@demo.test');
    const b = await brand(svc, 'Acme');
    renderRoute(`/credit-based?target=brand&page=1&brand=${b.id}&step=6`, svc);
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(t.industry) }), 'Retail');
    await userEvent.click(screen.getByRole('button', { name: t.saveContinue }));
    expect(await screen.findByText(t.updateFailed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(t.industry) })).toHaveValue('Retail');
  });

  test("'Failed to delete. Please try again!'", async () => {
    const svc = services((_m, p) => p === '/api/businesses/multi-destroy');
    await signInAs(svc, 'pro@demo.test');
    await brand(svc, 'Sticky');
    renderRoute(BRANDS, svc);
    await userEvent.click(await screen.findByRole('checkbox', { name: t.select('Sticky') }));
    await userEvent.click(screen.getByRole('button', { name: t.deleteSelected(1) }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.deleteConfirm }));
    expect(await screen.findByText(t.deleteFailed)).toBeInTheDocument();
    expect(await names()).toEqual(['Sticky']);
  });

  test("'Failed to fetch details. Please try again!', 'Failed to save details. Please try again!' and 'Something went wrong'", async () => {
    let failRead = true;
    const svc = services((m, p) => (failRead && m === 'GET' && /^\/api\/businesses\/\d+$/.test(p)) || (m === 'PATCH' && /^\/api\/businesses\/\d+$/.test(p)) || p === '/api/businesses/description');
    await signInAs(svc, 'pro@demo.test');
    const b = await brand(svc, 'Acme');
    renderRoute(`/credit-based?target=brand&page=1&brand=${b.id}`, svc);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.fetchDetailsFailed);
    failRead = false;
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(t.industry) }), 'Retail');
    await userEvent.click(screen.getByRole('button', { name: t.saveDetails }));
    expect(await screen.findByText(t.saveDetailsFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.writeForMe }));
    expect(await screen.findByText(t.somethingWentWrong)).toBeInTheDocument();
  });
});
