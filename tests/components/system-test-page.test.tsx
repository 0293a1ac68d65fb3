/** /test (01 §2 "shows a test page"): a read-only system check against the real in-process backend. */
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { TEST_PAGE_TEXT as T } from '@/features/system/test-page';

const backend = useTestBackend();

function row(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('/test', () => {
  it('shows the server reachable, the browser online, storage available and the session', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    renderRoute('/test', services);
    expect(await screen.findByRole('heading', { name: T.title })).toBeInTheDocument();
    expect(await within(row(T.backend)).findByText(T.reachable)).toBeInTheDocument();
    expect(row(T.browser)).toHaveTextContent(T.online);
    expect(row(T.storage)).toHaveTextContent(T.available);
    expect(row(T.session)).toHaveTextContent(T.signedIn);
  });

  it('says when the server cannot be reached, and checks again on demand', async () => {
    let down = true;
    const online = backendFetch(backend);
    const services = createTestServices(backend, {
      // edge double: the browser's fetch rejects when the server is unreachable
      fetch: (input, init) => (down ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init)),
    });
    renderRoute('/test', services);
    expect(await within(await screen.findByText(T.backend).then(() => row(T.backend))).findByText(T.unreachable)).toBeInTheDocument();
    expect(row(T.session)).toHaveTextContent(T.signedOut);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: T.again }));
    expect(await within(row(T.backend)).findByText(T.reachable)).toBeInTheDocument();
  });

  it('follows the browser going offline', async () => {
    renderRoute('/test', createTestServices(backend));
    await screen.findByRole('heading', { name: T.title });
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(row(T.browser)).toHaveTextContent(T.offline);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (original) Object.defineProperty(Navigator.prototype, 'onLine', original);
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });
});
