import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createTestServices, renderRoute, useTestBackend } from '../helpers/render-app';
import { snackbar } from '@/ui/toast';

/**
 * The toaster loads once the browser is idle after the first route (src/app/app.tsx). A toast raised
 * before that moment — here it never comes: the browser's idle callback is stubbed never to call back — must not wait for it:
 * it asks for the toaster at once (src/state/host-demand.ts) and is shown.
 */
describe('a toast before the idle moment', () => {
  const backend = useTestBackend();
  afterEach(() => vi.unstubAllGlobals());

  test('mounts the toaster at once and shows its message', async () => {
    // the browser never reports an idle moment
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    renderRoute('/login', createTestServices(backend));
    await screen.findByRole('heading', { name: 'Sign in to Wordsmith AI' });
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();

    act(() => {
      snackbar('Operation failed. Please try again!!!', { type: 'error' });
    });
    expect(await screen.findByText('Operation failed. Please try again!!!')).toBeTruthy();
  });
});
