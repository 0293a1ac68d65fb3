/**
 * The shell's banners (01 §2 App shell, 02 §2): 'Introducing AI Video Generator' with 'Try It Now', dismissible
 * (remembered in local storage) and hidden on the video page; the video maintenance warning on the video page
 * while its flag is on (GET /api/app-flags, VIDEO_MAINTENANCE on the reference backend).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import type { AppServices } from '@/core/services';
import { BANNER_MESSAGES as M, SHELL_MESSAGES } from '@/features/shell/messages';

const backend = useTestBackend();

afterEach(() => {
  delete process.env.VIDEO_MAINTENANCE;
  localStorage.clear();
  sessionStorage.clear();
});

async function shellFor(email: string, path: string, services?: AppServices) {
  const s = services ?? createTestServices(backend);
  if (!services) await signInAs(s, email);
  const view = renderRoute(path, s);
  await screen.findByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) }, { timeout: 15_000 });
  // the banner is per user: it shows once the signed-in user is known (the shell may show before that)
  const userKey = s.$api.queryOptions('get', '/api/auth/getUser').queryKey;
  await waitFor(() => expect(s.queryClient.getQueryData(userKey)).toBeDefined());
  return { ...view, services: s };
}

async function flagsLoaded(services: AppServices) {
  const key = services.$api.queryOptions('get', '/api/app-flags').queryKey;
  await waitFor(() => expect(services.queryClient.getQueryData(key)).toBeDefined());
}

const videoBanner = () => screen.queryByRole('region', { name: M.videoTitle });

describe('Introducing AI Video Generator banner', () => {
  it("shows 'Try It Now' to the video gallery; a dismissal is remembered", async () => {
    const { unmount, services } = await shellFor('free@demo.test', '/home');
    const banner = videoBanner()!;
    expect(banner).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: M.videoCta })).toHaveAttribute('href', '/video-generator?type=gallery');

    await userEvent.click(within(banner).getByRole('button', { name: `${M.dismiss}: ${M.videoTitle}` }));
    expect(videoBanner()).not.toBeInTheDocument();
    unmount();

    // a new visit of the same user: still dismissed
    await shellFor('free@demo.test', '/dashboard', services);
    expect(videoBanner()).not.toBeInTheDocument();
  });

  it('is remembered per user: another account on the same browser still sees it', async () => {
    const first = await shellFor('free@demo.test', '/home');
    await userEvent.click(within(videoBanner()!).getByRole('button', { name: `${M.dismiss}: ${M.videoTitle}` }));
    first.unmount();
    first.services.tokens.clear();
    await shellFor('plus@demo.test', '/home');
    expect(videoBanner()).toBeInTheDocument();
  });

  it('is hidden on the video page, and its link leads there', async () => {
    const { history } = await shellFor('pro@demo.test', '/home');
    await userEvent.click(within(videoBanner()!).getByRole('link', { name: M.videoCta }));
    await waitFor(() => expect(history.location.pathname).toBe('/video-generator'));
    await waitFor(() => expect(videoBanner()).not.toBeInTheDocument());
  });
});

describe('video maintenance warning', () => {
  const warning = () => screen.queryByRole('status', { name: M.maintenanceTitle });

  it('shows on the video page while the maintenance flag is on, and nowhere else', async () => {
    process.env.VIDEO_MAINTENANCE = '1';
    const { history } = await shellFor('pro@demo.test', '/video-generator?type=gallery');
    expect(await screen.findByRole('status', { name: M.maintenanceTitle })).toHaveTextContent(M.maintenanceText);
    act(() => history.push('/home'));
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
  });

  it('is absent while the flag is off', async () => {
    const { services } = await shellFor('pro@demo.test', '/video-generator');
    await flagsLoaded(services);
    expect(warning()).not.toBeInTheDocument();
  });
});
