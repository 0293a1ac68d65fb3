import { describe, expect, test, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors, stopAppActors, type AppActors } from '@/state/app-actors';
import { AppProviders } from '@/app/app';
import { DialogHost } from '@/app/dialog-host';
import type { DialogRequest } from '@machines/dialogs';
import { EXPLORE_TEXT, MISC_TEXT, OFFER_TEXT } from '@/features/dialogs/messages';
import { aspectRatioOf } from '@/features/dialogs/media-dialogs';
import { embedUrl, isVideoFile } from '@/features/dialogs/video-player';

const backend = useTestBackend();

const open = (actors: AppActors, dialog: DialogRequest) => act(() => actors.dialogs.send({ type: 'dialog.open', dialog }));
const findDialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 5000 });
const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const location = (history: { location: { pathname: string; search: string } }) => history.location.pathname + history.location.search;

async function renderSignedIn(email = 'free@demo.test') {
  const actors = createAppActors();
  const services = createTestServices(backend);
  await signInAs(services, email);
  const view = renderRoute('/home', services, actors);
  await screen.findByRole('complementary', { name: 'Sidebar' }, { timeout: 10_000 });
  return { ...view, actors, services };
}

describe('welcome and product-demo (01 §2 welcome with video, product-demo; 02 §2)', () => {
  test("welcome shows the tour's poster; 'Get Started' leads to the offer dialog (01 §4 chain)", async () => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'welcome' });
    const dialog = await findDialog(MISC_TEXT.welcome.title);
    expect(dialog).toHaveAccessibleDescription(MISC_TEXT.welcome.body);
    // no tour address configured in tests: a poster that says so, never a broken player
    expect(within(dialog).getByRole('button', { name: MISC_TEXT.player.play(MISC_TEXT.welcome.videoTitle) })).toBeDisabled();
    expect(within(dialog).getByText(MISC_TEXT.player.unavailable)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: MISC_TEXT.welcome.start }));
    const offer = await findDialog('Limited Time Offer');
    await userEvent.click(within(offer).getByRole('button', { name: OFFER_TEXT.later }));
    await gone();
  });

  test('product-demo plays its video on demand; Cancel goes to the video gallery', async () => {
    const { actors, history } = await renderSignedIn();
    open(actors, { name: 'product-demo', payload: { thumbnailUrl: '/thumb.png', videoUrl: '/demo.mp4', contentType: 'UGC Ads' } });
    const dialog = await findDialog(MISC_TEXT.productDemo.title);
    expect(dialog).toHaveAccessibleDescription(MISC_TEXT.productDemo.body('UGC Ads'));
    expect(dialog.querySelector('video')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: MISC_TEXT.player.play(MISC_TEXT.productDemo.title) }));
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/demo.mp4');
    expect(video).toHaveAttribute('poster', '/thumb.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location(history)).toBe('/video-generator?type=gallery'));
    await gone();
  });

  test('video URLs: files play natively, video-host pages in their embeddable player', () => {
    expect(isVideoFile('https://cdn.test/a.mp4?x=1')).toBe(true);
    expect(isVideoFile('https://cdn.test/stream', 'video/webm')).toBe(true);
    expect(isVideoFile('https://www.youtube.com/watch?v=abc')).toBe(false);
    expect(embedUrl('https://www.youtube.com/watch?v=abc')).toBe('https://www.youtube-nocookie.com/embed/abc?autoplay=1');
    expect(embedUrl('https://youtu.be/abc')).toBe('https://www.youtube-nocookie.com/embed/abc?autoplay=1');
    expect(embedUrl('https://vimeo.com/123')).toBe('https://player.vimeo.com/video/123?autoplay=1');
  });
});

describe('image-viewer and model-viewer (01 §2)', () => {
  test('image-viewer shows the image at its aspect (square by default) with Download', async () => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'image-viewer', payload: { imageUrl: '/media/cat.png' } });
    const dialog = await findDialog(MISC_TEXT.imageViewer.title);
    const img = within(dialog).getByRole('img', { name: MISC_TEXT.imageViewer.alt });
    expect(img).toHaveAttribute('src', '/media/cat.png');
    expect(img.style.aspectRatio).toBe('1 / 1');
    expect(within(dialog).getByRole('button', { name: MISC_TEXT.imageViewer.download })).toBeEnabled();
    expect(aspectRatioOf('landscape')).toBe('16 / 9');
    expect(aspectRatioOf('portrait')).toBe('9 / 16');
    expect(aspectRatioOf('4:3')).toBe('4 / 3');
  });

  test('model-viewer lists Model A, B and C with their credits per image', async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'model-viewer' });
    const dialog = await findDialog(MISC_TEXT.modelViewer.title);
    for (const m of ['Model A', 'Model B', 'Model C']) expect(await within(dialog).findByText(m)).toBeInTheDocument();
    expect(await within(dialog).findByText(MISC_TEXT.modelViewer.perImage('1'))).toBeInTheDocument();
  });
});

/** Only the host (no shell): the test is the only one to hear the dialog manager's `dialog.confirmed`. */
function renderHostOnly(actors: AppActors = createAppActors(), reload = vi.fn(), services = createTestServices(backend)) {
  const navigate = vi.fn();
  render(
    <AppProviders services={services} actors={actors}>
      <DialogHost navigate={navigate} reload={reload} />
    </AppProviders>,
  );
  return { actors, navigate, reload };
}

/** A signed-in conversation on the backend (one exchange), for the delete-chat dialog to delete. */
async function seedConversation(services: ReturnType<typeof createTestServices>): Promise<string> {
  const cid = `c-${Math.random().toString(36).slice(2, 10)}`;
  const mid = `${cid}-m0`;
  const { data } = await services.api.POST('/api/chat/generateMessage', {
    body: { conversation_chat_id: cid, chat_message_id: mid, message_input: 'Hello', model: 'Standard' },
    parseAs: 'text',
  });
  const output = String(data)
    .split('\n')
    .filter((l) => l.startsWith('data: ') && !l.includes('[DONE]'))
    .map((l) => (JSON.parse(l.slice(6)) as { content: string }).content)
    .join('');
  await services.api.POST('/api/chat/storeMessage', {
    body: { conversation_chat_id: cid, chat_message_id: mid, chat_message_input: 'Hello', message_output: output },
  });
  return cid;
}

/**
 * Signed-in services whose DELETE /api/chat/deleteMessage waits for `release()` (and then fails if asked to), so the
 * dialog can be seen while the deletion runs. `release()` first waits for the request to arrive.
 */
async function servicesWithHeldDelete() {
  const real = backendFetch(backend);
  let held: (() => void) | null = null;
  let onArrival: (() => void) | null = null;
  let fail = false;
  const services = createTestServices(backend, {
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      if (req.method === 'DELETE' && new URL(req.url).pathname === '/api/chat/deleteMessage') {
        await new Promise<void>((go) => {
          held = go;
          onArrival?.();
        });
        if (fail) return Response.json({ message: 'Server Error' }, { status: 500 });
      }
      return real(req);
    },
  });
  // the deletion's code loads on demand, so the request may not be out yet: wait for it, then let it through
  const release = async () => {
    if (!held) await new Promise<void>((r) => (onArrival = r));
    const go = held!;
    held = null;
    onArrival = null;
    await act(async () => go());
  };
  await signInAs(services, 'plus@demo.test');
  return { services, release, failNext: (f: boolean) => void (fail = f) };
}

const conversationIds = async (services: ReturnType<typeof createTestServices>) =>
  ((await services.api.GET('/api/chat/conversations', {})).data?.data ?? []).map((c) => c.conversation_chat_id);

describe('delete-chat (01 §2; the dialog manager deletes, the opener hears `dialog.confirmed`)', () => {
  test('kind chat: Delete deletes the conversation, busy until the server answered, then closes and tells the opener', async () => {
    const { services, release } = await servicesWithHeldDelete();
    const id = await seedConversation(services);
    const actors = createAppActors({ services });
    const confirmed = vi.fn();
    actors.dialogs.on('dialog.confirmed', confirmed);
    renderHostOnly(actors, vi.fn(), services);
    open(actors, { name: 'delete-chat', payload: { kind: 'chat', id } });
    const dialog = await findDialog(MISC_TEXT.deleteChat.chat.title);
    expect(dialog).toHaveAccessibleDescription(MISC_TEXT.deleteChat.chat.body);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(confirmed).not.toHaveBeenCalled();
    await release();
    await gone();
    expect(confirmed).toHaveBeenCalledWith({ type: 'dialog.confirmed', dialog: { name: 'delete-chat', payload: { kind: 'chat', id } } });
    expect(await conversationIds(services)).not.toContain(id);
    stopAppActors(actors);
  });

  test('a failed delete keeps the dialog open with an error; Delete again retries; Cancel closes without deleting', async () => {
    const { services, release, failNext } = await servicesWithHeldDelete();
    const id = await seedConversation(services);
    const actors = createAppActors({ services });
    const confirmed = vi.fn();
    actors.dialogs.on('dialog.confirmed', confirmed);
    renderHostOnly(actors, vi.fn(), services);
    open(actors, { name: 'delete-chat', payload: { kind: 'chat', id } });
    const dialog = await findDialog(MISC_TEXT.deleteChat.chat.title);
    failNext(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await release();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went Wrong !');
    // the retry fails again, then Cancel
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    await release();
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await gone();
    expect(confirmed).not.toHaveBeenCalled();
    expect(await conversationIds(services)).toContain(id);
    stopAppActors(actors);
  });

  test('kind blog (its feature is not in this build): Delete closes and announces the confirmation', async () => {
    const services = createTestServices(backend);
    const actors = createAppActors({ services });
    const confirmed = vi.fn();
    actors.dialogs.on('dialog.confirmed', confirmed);
    renderHostOnly(actors, vi.fn(), services);
    open(actors, { name: 'delete-chat', payload: { kind: 'blog', id: 7 } });
    const dialog = await findDialog(MISC_TEXT.deleteChat.blog.title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await gone();
    expect(confirmed).toHaveBeenCalledWith({ type: 'dialog.confirmed', dialog: { name: 'delete-chat', payload: { kind: 'blog', id: 7 } } });
    stopAppActors(actors);
  });
});

describe('logout confirmation (01 §2, §4)', () => {
  test("'Log out' runs the session's logout: the server token is revoked, the local one dropped, the page goes to /", async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    const redirect = vi.fn();
    const actors = createAppActors({ services, platform: { redirect } });
    renderRoute('/home', services, actors);
    await screen.findByRole('complementary', { name: 'Sidebar' }, { timeout: 10_000 });

    open(actors, { name: 'logout' });
    await userEvent.click(within(await findDialog(MISC_TEXT.logout.title)).getByRole('button', { name: 'Cancel' }));
    await gone();
    expect(services.tokens.get()).not.toBeNull();

    const token = services.tokens.get()!.token;
    open(actors, { name: 'logout' });
    await userEvent.click(within(await findDialog(MISC_TEXT.logout.title)).getByRole('button', { name: MISC_TEXT.logout.confirm }));
    await waitFor(() => expect(services.tokens.get()).toBeNull());
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(redirect.mock.calls[0][0]).toBe('/');
    const res = await backend.app.fetch(
      new Request('http://localhost:3000/api/auth/getUser', { headers: { Authorization: `Bearer ${token}`, 'X-Application': 'writer-web' } }),
    );
    expect(res.status).toBe(401);
  });
});

describe('prompts-error (01 §2, §8) — the host with a reload double', () => {
  test("'Something went wrong. Please try again.' by default; Refresh reloads, Close closes", async () => {
    const { actors, reload } = renderHostOnly();
    open(actors, { name: 'prompts-error', payload: { message: '', reload: true } });
    const dialog = await findDialog('Error');
    expect(dialog).toHaveAccessibleDescription('Something went wrong. Please try again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await gone();

    open(actors, { name: 'prompts-error', payload: { message: 'The prompt could not be loaded.', reload: false } });
    const plain = await findDialog('Error');
    expect(plain).toHaveAccessibleDescription('The prompt could not be loaded.');
    expect(within(plain).queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });
});

describe('promotions and explore (01 §2)', () => {
  test("realtime-blog-promo: 'Try Now' goes to /blog-writer, 'Not Now' dismisses", async () => {
    const { actors, history } = await renderSignedIn();
    open(actors, { name: 'realtime-blog-promo' });
    await userEvent.click(within(await findDialog(MISC_TEXT.realtime.title)).getByRole('button', { name: 'Not Now' }));
    await gone();
    expect(history.location.pathname).toBe('/home');
    open(actors, { name: 'realtime-blog-promo' });
    await userEvent.click(within(await findDialog(MISC_TEXT.realtime.title)).getByRole('button', { name: 'Try Now' }));
    await waitFor(() => expect(history.location.pathname).toBe('/blog-writer'));
    await gone();
  });

  test('explore-features: a grid of tools, the Coming Soon ones disabled; a tool opens its page', async () => {
    const { actors, history } = await renderSignedIn();
    open(actors, { name: 'explore-features' });
    const dialog = await findDialog(EXPLORE_TEXT.featuresTitle);
    const soon = within(dialog).getAllByRole('button', { name: /Coming Soon/ });
    expect(soon).toHaveLength(EXPLORE_TEXT.tools.filter((t) => t.comingSoon).length);
    for (const b of soon) expect(b).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /^AI Chat/ }));
    await waitFor(() => expect(history.location.pathname).toBe('/chat'));
    await gone();
  });

  test('explore-greetings greets the user by first name', async () => {
    const { actors } = await renderSignedIn();
    open(actors, { name: 'explore-greetings' });
    const dialog = await findDialog(/you're all set!/);
    await waitFor(() => expect(dialog).toHaveAccessibleName(/^Hi \S+, you're all set!$/));
    expect(within(dialog).getAllByRole('button', { name: /Coming Soon/ }).length).toBeGreaterThan(0);
  });

  test("reward: 'See Rewards' goes to /rewards", async () => {
    const { actors, history } = await renderSignedIn('rewards@demo.test');
    open(actors, { name: 'reward' });
    await userEvent.click(within(await findDialog(MISC_TEXT.reward.title)).getByRole('button', { name: MISC_TEXT.reward.go }));
    await waitFor(() => expect(history.location.pathname).toBe('/rewards'));
  });
});
