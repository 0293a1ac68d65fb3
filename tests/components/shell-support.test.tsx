/**
 * Issue 33, finding 5: 'Support' in the profile menu opens the configured address, or says clearly that support
 * is not configured (GET /api/support answers url null when SUPPORT_URL is unset), through the real app.
 */
import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ServicesProvider } from '@/core/services';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { PROFILE_MENU_LABELS, SHELL_MESSAGES } from '@/features/shell/messages';
import { SUPPORT_MESSAGES, useSupport } from '@/state/support';

const backend = useTestBackend();
afterEach(() => vi.restoreAllMocks());

async function clickSupport(services: ReturnType<typeof createTestServices>) {
  await signInAs(services, 'plus@demo.test');
  renderRoute('/home', services);
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) }, { timeout: 15_000 }));
  await screen.findByRole('menuitem', { name: PROFILE_MENU_LABELS.support }, { timeout: 10_000 });
  // the real menu takes over from its stand-in (and may mount its items anew): point at the item in place
  await waitFor(
    async () => {
      const item = screen.getByRole('menuitem', { name: PROFILE_MENU_LABELS.support });
      await userEvent.hover(item);
      expect(item).toHaveAttribute('data-highlighted');
    },
    { timeout: 5000 },
  );
  await userEvent.keyboard('{Enter}');
}

describe("profile menu 'Support'", () => {
  test('without a configured address it says support is not configured and opens no window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await clickSupport(createTestServices(backend));
    expect(await screen.findByText(SUPPORT_MESSAGES.notConfigured, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(open.mock.calls.filter(([url]) => !!url)).toEqual([]);
  }, 40_000);

  test('with a configured address it opens that address in a new window, within the click', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const services = createTestServices(backend, {
      fetch: async (input, init) => {
        const req = input instanceof Request ? input : new Request(input, init);
        if (new URL(req.url).pathname === '/api/support') return Response.json({ url: 'https://help.wordsmith.test/' });
        return backend.app.fetch(req);
      },
    });
    await signInAs(services, 'plus@demo.test');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
      </ServicesProvider>
    );
    const { result } = renderHook(() => useSupport(true), { wrapper });
    await waitFor(() => expect(services.queryClient.getQueryCache().getAll().some((q) => q.state.status === 'success')).toBe(true));
    await act(() => result.current());
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://help.wordsmith.test/', '_blank', 'noopener,noreferrer');
    expect(screen.queryByText(SUPPORT_MESSAGES.notConfigured)).toBeNull();
  });
});
