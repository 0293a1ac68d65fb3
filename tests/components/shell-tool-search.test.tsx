/**
 * The header's tool search (01 §2 Header, 01 §4 "Tool search modal closes by clearing results and query after
 * 300 ms", 01 §9 search debounce 300 ms, 03 §2 "The modal shows 'No Result Found' when empty", 03 §4 "Search
 * results load page by page"), through the real app and the in-process backend
 * (GET /api/prompt-multi-prompt/combined-data).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { TOOL_SEARCH_MESSAGES as M } from '@/features/shell/messages';
import { TOOL_SEARCH_CLEANUP_MS, TOOL_SEARCH_DEBOUNCE_MS } from '@machines/constants';

const backend = useTestBackend();

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

/** Services whose fetch records the `search` of every catalogue request. */
function recordingServices() {
  const searches: string[] = [];
  const inner = backendFetch(backend);
  const services = createTestServices(backend, {
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      if (url.pathname === '/api/prompt-multi-prompt/combined-data') searches.push(url.searchParams.get('search') ?? '');
      return inner(req);
    },
  });
  return { services, searches };
}

const headerSearch = () => within(screen.getByRole('banner')).getByRole('button', { name: M.title });
const dialog = () => screen.getByRole('dialog', { name: M.title });
const input = () => within(dialog()).getByRole('searchbox', { name: M.inputLabel });

/** Lets the app settle (backend promises, React Query's batched notifications) while setTimeout is simulated. */
async function until(check: () => void, stepMs = 5, tries = 600) {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (err) {
      if (i >= tries) throw err;
    }
    await act(async () => {
      await new Promise((r) => setImmediate(r));
      await vi.advanceTimersByTimeAsync(stepMs);
    });
  }
}
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('tool search (real time)', () => {
  it('opens from the header as a modal, lists tools, and says No Result Found', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    renderRoute('/home', services);
    await screen.findByRole('banner', {}, { timeout: 15_000 });
    await userEvent.click(headerSearch());
    const box = await screen.findByRole('searchbox', { name: M.inputLabel }, { timeout: 5000 });
    // focus moves into the modal (the search field in a browser: initialFocusEl; jsdom has no layout, so the
    // focus trap's focusability check falls back to the dialog itself)
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    // an empty query lists the most liked tools
    expect(await within(dialog()).findByRole('heading', { name: M.popular })).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: /Product Description/ })).toBeInTheDocument();

    await userEvent.type(box, 'zzzz no such tool');
    expect(await within(dialog()).findByText(M.noResult, { selector: 'p:not([role=status])' }, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog()).queryAllByRole('link')).toHaveLength(0);
    // announced politely, once the search settled
    expect(within(dialog()).getByRole('status')).toHaveTextContent(M.noResult);
  });

  it('a result leads to its tool and closes the modal; kits lead to /kit/{id}; Load More fetches the next page', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    const { history } = renderRoute('/home', services);
    await screen.findByRole('banner', {}, { timeout: 15_000 });
    await userEvent.click(headerSearch());
    await within(await screen.findByRole('dialog', { name: M.title }, { timeout: 5000 })).findByRole('heading', { name: M.popular });
    expect(within(dialog()).getAllByRole('link')).toHaveLength(10);
    await userEvent.click(within(dialog()).getByRole('button', { name: M.loadMore }));
    await waitFor(() => expect(within(dialog()).getAllByRole('link')).toHaveLength(20));

    await userEvent.type(input(), 'launch kit');
    const kit = await within(dialog()).findByRole('link', { name: /Product Launch Kit/ }, { timeout: 3000 });
    expect(kit).toHaveAttribute('href', '/kit/101');
    expect(within(kit).getByText('Kit')).toBeInTheDocument();
    expect(within(kit).getByText('Pro')).toBeInTheDocument();
    expect(kit).toHaveTextContent('45.1K views');

    await userEvent.clear(input());
    await userEvent.type(input(), 'paragraph rewriter');
    await userEvent.click(await within(dialog()).findByRole('link', { name: /Paragraph Rewriter/ }, { timeout: 3000 }));
    await waitFor(() => expect(history.location.pathname + history.location.search).toBe('/content/new?category=7&prompt=18'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument());
  });

  it("opens from the sidebar's Search tools button, with '/' and with Ctrl+K", async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    renderRoute('/home', services);
    const sidebar = await screen.findByRole('complementary', {}, { timeout: 15_000 });
    await userEvent.click(within(sidebar).getByRole('button', { name: M.title }));
    await screen.findByRole('dialog', { name: M.title }, { timeout: 5000 });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument());

    await userEvent.keyboard('/');
    await screen.findByRole('dialog', { name: M.title });
    // '/' typed in the field is just text
    await userEvent.click(input());
    await userEvent.keyboard('/');
    expect(input()).toHaveValue('/');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument());

    await userEvent.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: M.title });
  });
});

describe('tool search timing (simulated time)', () => {
  async function openSearch(email = 'free@demo.test') {
    const rec = recordingServices();
    await signInAs(rec.services, email);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderRoute('/home', rec.services);
    await until(() => headerSearch());
    fireEvent.click(headerSearch());
    await until(() => within(dialog()).getByRole('heading', { name: M.popular }));
    return rec;
  }

  it('searches 300 ms after the last keystroke, once', async () => {
    const { searches } = await openSearch();
    expect(searches).toEqual(['']); // the popular list
    fireEvent.change(input(), { target: { value: 'b' } });
    await advance(100);
    fireEvent.change(input(), { target: { value: 'bl' } });
    await advance(200);
    fireEvent.change(input(), { target: { value: 'blog' } });
    await advance(TOOL_SEARCH_DEBOUNCE_MS - 1);
    expect(searches).toEqual(['']);
    await advance(1);
    await until(() => expect(searches).toEqual(['', 'blog']));
    await until(() => within(dialog()).getByRole('heading', { name: M.results }));
    expect(within(dialog()).getByRole('link', { name: /Blog Ideas/ })).toBeInTheDocument();
    expect(searches).toEqual(['', 'blog']);
  });

  it('closing clears the query and results after 300 ms; reopening sooner keeps them', async () => {
    await openSearch();
    fireEvent.change(input(), { target: { value: 'email' } });
    await advance(TOOL_SEARCH_DEBOUNCE_MS);
    await until(() => within(dialog()).getByRole('link', { name: /Cold Email/ }));

    // close and reopen within the cleanup delay: the search is still there
    fireEvent.keyDown(input(), { key: 'Escape' });
    await until(() => expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument());
    await advance(TOOL_SEARCH_CLEANUP_MS - 100);
    fireEvent.click(headerSearch());
    await until(() => expect(input()).toHaveValue('email'));
    expect(within(dialog()).getByRole('link', { name: /Cold Email/ })).toBeInTheDocument();

    // close and wait the full 300 ms: the next open starts empty
    fireEvent.keyDown(input(), { key: 'Escape' });
    await until(() => expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument());
    await advance(TOOL_SEARCH_CLEANUP_MS);
    fireEvent.click(headerSearch());
    await until(() => expect(input()).toHaveValue(''));
    await until(() => within(dialog()).getByRole('heading', { name: M.popular }));
    expect(within(dialog()).queryByRole('link', { name: /Cold Email/ })).toBeNull();
  });
});
