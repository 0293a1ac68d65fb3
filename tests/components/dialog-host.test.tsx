import { describe, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors, type AppActors } from '@/state/app-actors';
import { openNoNetworkDialog, openNoNetworkOnOffline } from '@/state/network-dialogs';
import { DIALOG_MESSAGES, MISC_TEXT, fallbackDialogTitle } from '@/features/dialogs/messages';
import type { DialogRequest } from '@machines/dialogs';
import { ONBOARDING_TEXT } from '@/features/onboarding/messages';

const backend = useTestBackend();

const open = (actors: AppActors, dialog: DialogRequest) => act(() => actors.dialogs.send({ type: 'dialog.open', dialog }));

/** The footer's 'Close' button (the corner icon button is also named 'Close'; it comes after). */
const closeButton = (dialog: HTMLElement) => within(dialog).getAllByRole('button', { name: 'Close' })[0];

/** Signed in on /home, with the actors in hand. */
async function renderSignedIn(email = 'free@demo.test') {
  const actors = createAppActors();
  const services = createTestServices(backend);
  await signInAs(services, email);
  const view = renderRoute('/home', services, actors);
  await screen.findByRole('complementary', { name: 'Sidebar' });
  return { ...view, actors };
}

describe('no-network dialog (01 §2)', () => {
  test('opens when the client cannot reach the server, and Ok closes it', async () => {
    const actors = createAppActors();
    let offline = false;
    const online = backendFetch(backend);
    const services = createTestServices(backend, {
      // edge double: the browser's fetch rejects with a TypeError when the network is gone
      fetch: (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init)),
      onNetworkError: () => openNoNetworkDialog(actors),
    });
    await signInAs(services, 'free@demo.test');
    offline = true;
    renderRoute('/home', services, actors);

    const t = DIALOG_MESSAGES.noNetwork;
    // the first test of the file also pays for the cold transform of the dialog components
    const dialog = await screen.findByRole('dialog', { name: t.title }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription(t.message);
    offline = false; // the query's retry may now succeed; the dialog must not come back
    await userEvent.click(within(dialog).getByRole('button', { name: t.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test("opens on the browser's offline event", async () => {
    const { actors } = await renderSignedIn();
    const stop = openNoNetworkOnOffline(actors, window);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(await screen.findByRole('dialog', { name: DIALOG_MESSAGES.noNetwork.title })).toBeInTheDocument();
    } finally {
      stop();
      // back online: TanStack Query's online manager is one per module and heard the 'offline' too; left
      // offline, every later query in this file would wait paused for a connection
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });

  test('opens on a signed-out page too (the host is on every layout) and Escape closes it', async () => {
    const actors = createAppActors();
    renderRoute('/login', createTestServices(backend), actors);
    await screen.findByRole('heading', { level: 1 });
    open(actors, { name: 'no-network' });
    await screen.findByRole('dialog', { name: DIALOG_MESSAGES.noNetwork.title });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actors.dialogs.getSnapshot().value).toBe('idle');
  });
});

describe('api-error dialog (01 §8)', () => {
  test("shows the body's type as title and its message as text; Dismiss closes it", async () => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'api-error', payload: { title: 'Validation Error', message: 'The name field is required.' } });
    const dialog = await screen.findByRole('dialog', { name: 'Validation Error' });
    expect(dialog).toHaveAccessibleDescription('The name field is required.');
    expect(within(dialog).getByRole('button', { name: DIALOG_MESSAGES.apiError.retry })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: DIALOG_MESSAGES.apiError.dismiss }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test("defaults to 'Error' / 'Something went Wrong !' with 'Try Again' and 'Dismiss'", async () => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'api-error' });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveAccessibleDescription('Something went Wrong !');
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('subscription and limit dialogs (01 §4, §6, §8)', () => {
  test.each([
    ['subscription-pending', 'Subscription Pending'],
    ['subscription-expired', 'Subscription Expired'],
    ['subscription-cancelled', 'Subscription Cancelled'],
    ['subscription-overdue', 'Subscription Overdue'],
  ] as const)('%s is titled %s and Upgrade goes to /pricing', async (name, title) => {
    const { actors, history } = await renderSignedIn();
    open(actors, { name });
    const dialog = await screen.findByRole('dialog', { name: title });
    await userEvent.click(within(dialog).getByRole('button', { name: DIALOG_MESSAGES.upgrade }));
    await waitFor(() => expect(history.location.pathname).toBe('/pricing'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test.each([
    [undefined, 'Word Limit'],
    ['word', 'Word Limit'],
    ['image', 'Image Limit'],
    ['both', 'Word and Image Limit'],
    ['longBlog', 'Blog Outline Limit'],
  ] as const)('generate-limit of type %s is titled %s, with Upgrade now and Close', async (type, title) => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'generate-limit', payload: type ? { type } : undefined });
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByRole('button', { name: 'Upgrade now' })).toBeInTheDocument();
    await userEvent.click(closeButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test("outline-loading says 'Content still generating'", async () => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'outline-loading' });
    const dialog = await screen.findByRole('dialog', { name: 'Content still generating' });
    expect(dialog).toHaveAccessibleDescription('You cannot do this action as still content is generating.');
  });
});

describe('dialogs whose content comes with their feature', () => {
  test('still render an accessible dialog titled with their name', async () => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'export-blog' });
    const dialog = await screen.findByRole('dialog', { name: fallbackDialogTitle('export-blog') });
    expect(fallbackDialogTitle('export-blog')).toBe('Export blog');
    await userEvent.click(closeButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('dialog chain on close (01 §4)', () => {
  test('welcome leads to the offer dialog; an onboarded user stays put after it', async () => {
    const { actors, history } = await renderSignedIn();
    open(actors, { name: 'welcome' });
    const welcome = await screen.findByRole('dialog', { name: MISC_TEXT.welcome.title });
    await userEvent.click(closeButton(welcome));
    // the chain's next dialog is the offer (its texts are tested in dialogs-misc.test.tsx)
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('offer'));
    const offer = await screen.findByRole('dialog', { name: /offer/i });
    await userEvent.click(closeButton(offer));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/home');
  });

  test('the offer dialog closes to /onboarding for a user not onboarded with no stored flags', async () => {
    // new@demo.test: first login, not onboarded — the shell's start (features/onboarding/start.ts) opens welcome itself
    const { actors, history } = await renderSignedIn('new@demo.test');
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('welcome'), { timeout: 5000 });
    await userEvent.click(closeButton(await screen.findByRole('dialog', { name: MISC_TEXT.welcome.title }, { timeout: 5000 })));
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('offer'));
    await userEvent.click(closeButton(await screen.findByRole('dialog', { name: /offer/i })));
    await waitFor(() => expect(history.location.pathname).toBe('/onboarding'));
    expect(await screen.findByRole('heading', { name: ONBOARDING_TEXT.step1Title })).toBeInTheDocument();
  });
});
