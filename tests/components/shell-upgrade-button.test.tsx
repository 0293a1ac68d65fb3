/**
 * 01 §4 "Upgrade button behaviour by plan_id" (and 01 §6 "Pro yearly sees no upgrade button", 01 §9 upgrade
 * animation every 30 s for 1.5 s), through the real app: the machine, the router, the dialog manager and the
 * in-process backend with the demo accounts.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { UPGRADE_BOUNCE_DURATION_MS, UPGRADE_BOUNCE_INTERVAL_MS } from '@machines/constants';
import { UPGRADE_SECTION_ID } from '@/state/upgrade-button';
import { SHELL_MESSAGES } from '@/features/shell/messages';

const backend = useTestBackend();

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.getElementById(UPGRADE_SECTION_ID)?.remove();
});

async function signedIn(email: string, path = '/home') {
  const services = createTestServices(backend);
  await signInAs(services, email);
  const view = renderRoute(path, services);
  // the account menu shows once the user has loaded (first render transforms the lazy routes)
  await screen.findByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) }, { timeout: 15_000 });
  return view;
}

const upgrade = () => screen.findByRole('button', { name: /^Upgrade/ }, { timeout: 5000 });

describe('upgrade button by plan (01 §4)', () => {
  it('plan 1 shows the offer title and price with a clock mark and opens the upgrade dialog', async () => {
    const { actors, history } = await signedIn('free@demo.test');
    const button = await screen.findByRole('button', { name: 'Upgrade: Limited Time Offer $12/mo' }, { timeout: 5000 });
    expect(button.querySelector('[data-icon="clock"]')).not.toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('pricing'));
    expect(history.location.pathname).toBe('/home');
  });

  it('plan 2 goes to /offer-pricing', async () => {
    const { history } = await signedIn('plus@demo.test');
    const button = await upgrade();
    expect(button).toHaveAccessibleName('Upgrade');
    await userEvent.click(button);
    await waitFor(() => expect(history.location.pathname).toBe('/offer-pricing'));
  });

  it('plan 3 (monthly) goes to /pricing', async () => {
    const { history, actors } = await signedIn('pro@demo.test');
    await userEvent.click(await upgrade());
    await waitFor(() => expect(history.location.pathname).toBe('/pricing'));
    expect(actors.dialogs.getSnapshot().context.current).toBeNull();
  });

  it('is hidden for Pro on yearly payment', async () => {
    await signedIn('pro-yearly@demo.test');
    // the header is complete (search and sidebar toggle are there) but there is no upgrade button
    expect(screen.getByRole('button', { name: SHELL_MESSAGES.toggleSidebar })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Upgrade/ })).not.toBeInTheDocument();
  });

  it('monthly disabled (paid plan) goes to the subscription page, and there scrolls to the upgrade section', async () => {
    const { history } = await signedIn('monthly-disabled@demo.test');
    await userEvent.click(await upgrade());
    await waitFor(() => expect(history.location.pathname + history.location.search).toBe('/credit-based?target=subscription'));
    // /credit-based renders in the dashboard layout: wait for its page (a new shell) to show
    await screen.findByRole('heading', { name: 'Account' }, { timeout: 5000 });

    // on the subscription page the same button scrolls to the upgrade section instead of navigating
    const section = document.createElement('section');
    section.id = UPGRADE_SECTION_ID;
    section.tabIndex = -1;
    const scrollIntoView = vi.fn();
    section.scrollIntoView = scrollIntoView;
    document.body.append(section);
    await userEvent.click(await upgrade());
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(history.location.search).toBe('?target=subscription');
  });
});

describe('plan 1 bounce (01 §9: every 30 s for 1.5 s), simulated time', () => {
  /** Lets the app (backend promises, React Query's batched notifications) settle while setTimeout is simulated. */
  async function until(check: () => void, stepMs = 10, tries = 500) {
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

  it('bounces for 1.5 s every 30 s, with a CSS animation', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderRoute('/home', services);
    let button!: HTMLElement;
    await until(() => {
      button = screen.getByRole('button', { name: /^Upgrade/ });
    });
    // the machine started when the button mounted; some simulated ms went by while the app loaded
    const gap = UPGRADE_BOUNCE_INTERVAL_MS - UPGRADE_BOUNCE_DURATION_MS;
    expect(button).not.toHaveAttribute('data-bouncing');
    await act(async () => void (await vi.advanceTimersByTimeAsync(gap - 1000)));
    expect(button).not.toHaveAttribute('data-bouncing');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(screen.getByRole('button', { name: /^Upgrade/ })).toHaveAttribute('data-bouncing');
    await act(async () => void (await vi.advanceTimersByTimeAsync(UPGRADE_BOUNCE_DURATION_MS)));
    expect(screen.getByRole('button', { name: /^Upgrade/ })).not.toHaveAttribute('data-bouncing');
    // and again 30 s after the first one started
    await act(async () => void (await vi.advanceTimersByTimeAsync(gap)));
    expect(screen.getByRole('button', { name: /^Upgrade/ })).toHaveAttribute('data-bouncing');
    // the keyframes are in the document, and reduced motion swaps the movement for a glow (see the component)
    expect(document.head.innerHTML).toContain('@keyframes shell-upgrade-bounce');
  });

  it('paid plans do not bounce', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderRoute('/home', services);
    await until(() => screen.getByRole('button', { name: 'Upgrade' }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(UPGRADE_BOUNCE_INTERVAL_MS * 2)));
    expect(screen.getByRole('button', { name: 'Upgrade' })).not.toHaveAttribute('data-bouncing');
  });
});
