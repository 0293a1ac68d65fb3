/**
 * The floating live-webinar button (01 §2 "shows on weekdays", 01 §4 Webinar: India time) and the 'Switch to
 * Old UI' link of impersonation mode (01 §2 Start-up / Header), in the real app.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors } from '@/state/app-actors';
import { SHELL_MESSAGES, WEBINAR_BUTTON_MESSAGES as W } from '@/features/shell/messages';
import { IMPERSONATION_STORAGE_KEY } from '@/features/shell/header';
import type { InspectionEvent } from 'xstate';

const backend = useTestBackend();

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

async function shellFor(email: string, path = '/home', inspect?: (event: InspectionEvent) => void) {
  const services = createTestServices(backend);
  await signInAs(services, email);
  const view = renderRoute(path, services, inspect ? createAppActors({ services, inspect }) : undefined);
  await screen.findByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) }, { timeout: 15_000 });
  return view;
}

const webinarButton = () => screen.queryByRole('button', { name: new RegExp(`^${W.label}`) });
/** The button mounts after the first route (src/app/layouts/shell-layout.tsx): its module takes a moment to load. */
const MOUNT = { timeout: 15_000 };

describe('floating live-webinar button', () => {
  it('shows on a weekday and opens the webinar dialog; after the dialog closes it opens it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-05T06:00:00Z')); // Wednesday, 11:30 India time
    const { actors } = await shellFor('free@demo.test');
    const button = await screen.findByRole('button', { name: new RegExp(`^${W.label}`) }, MOUNT);
    await userEvent.click(button);
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('webinar'));

    actors.dialogs.send({ type: 'dialog.close' });
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current).toBeNull());
    await userEvent.click(webinarButton()!);
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('webinar'));
  });

  it('says Live now during the 20:00–20:30 India-time window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-05T14:40:00Z')); // Wednesday, 20:10 India time
    await shellFor('plus@demo.test');
    expect(await screen.findByRole('button', { name: `${W.label} ${W.live}` }, MOUNT)).toBeInTheDocument();
  });

  it('is not shown on weekends (India time)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-08T06:00:00Z')); // Saturday
    // the button's actor is seen through the app's inspector (the button passes it on)
    let webinar: { matches(state: string): boolean } | null = null;
    await shellFor('free@demo.test', '/home', (e) => {
      if (e.type === '@xstate.snapshot' && (e.actorRef as { id?: string }).id === 'webinar') webinar = e.snapshot as never;
    });
    // the button has mounted (its machine runs and decided to hide it), not merely not loaded yet
    await waitFor(() => expect(webinar?.matches('hidden')).toBe(true), MOUNT);
    expect(webinarButton()).not.toBeInTheDocument();
  });
});

describe("'Switch to Old UI' (impersonation mode)", () => {
  it('shows in the header only when the start-up recorded impersonation mode', async () => {
    const first = await shellFor('plus@demo.test');
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: SHELL_MESSAGES.switchToOldUi })).not.toBeInTheDocument();
    first.unmount();

    sessionStorage.setItem(IMPERSONATION_STORAGE_KEY, '1');
    await shellFor('plus@demo.test');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: SHELL_MESSAGES.switchToOldUi })).toBeInTheDocument();
  });
});
