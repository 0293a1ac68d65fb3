/**
 * The /chat screen and the sidebar chat list (01 §2 App shell / chat header, §3 Chat conversation,
 * §4 Chat, §7 Chat calls, §8, §9), rendered through the real router and QueryClient against the
 * in-process reference backend.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import type { AppServices } from '@/core/services';
import { CHAT_MESSAGES as T } from '@/features/chat/messages';
import { CHAT_LIST_MESSAGES as L } from '@/features/shell/messages';
import { loadDraft, saveInFlight } from '@/features/chat/chat-storage';
import { CHAT_COMPOSER_MAX_HEIGHT_PX, CHAT_LIMIT_MESSAGE, CHAT_RECENT_PAGE_SIZE } from '@machines/constants';

// the offline writer streams without pauses here (the seeding of many exchanges stays fast); the stop test
// holds the stream itself
const pace = process.env.AI_PACE_MS;
process.env.AI_PACE_MS = '0';
afterAll(() => {
  if (pace === undefined) delete process.env.AI_PACE_MS;
  else process.env.AI_PACE_MS = pace;
});
const backend = useTestBackend();

const composer = () => screen.findByRole('textbox', { name: T.composerLabel }, { timeout: 10_000 });
const location = (history: { location: { pathname: string; search: string } }) => history.location.pathname + history.location.search;
const chatHistory = () => screen.findByRole('region', { name: 'Chat History' }, { timeout: 10_000 });

/** A stream the test releases chunk by chunk: generateMessage's body is held until `release()`. */
function heldStreamFetch(services: { fetch: typeof fetch }) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const fetchFn: typeof fetch = async (input, init) => {
    const res = await services.fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes('/api/chat/generateMessage') || !res.ok || !res.body) return res;
    const reader = res.body.getReader();
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!first) await gate;
        first = false;
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { fetch: fetchFn, release: () => release() };
}

async function openChat(email = 'free@demo.test', path = '/chat', fetchFn?: typeof fetch) {
  const services = createTestServices(backend, fetchFn ? { fetch: fetchFn } : {});
  const user = await signInAs(services, email);
  const view = renderRoute(path, services);
  await composer();
  return { ...view, services, user };
}

/** Stores a conversation through the real calls (generate, then store); later calls are more recent. */
async function seedConversation(services: AppServices, title: string, inputs: string[] = [title]): Promise<string> {
  const cid = `c-${Math.random().toString(36).slice(2, 10)}`;
  for (const [i, input] of inputs.entries()) {
    const mid = `${cid}-m${i}`;
    const { data } = await services.api.POST('/api/chat/generateMessage', {
      body: { conversation_chat_id: cid, chat_message_id: mid, message_input: input, model: 'Standard' },
      parseAs: 'text',
    });
    const output = String(data)
      .split('\n')
      .filter((l) => l.startsWith('data: ') && !l.includes('[DONE]'))
      .map((l) => (JSON.parse(l.slice(6)) as { content: string }).content)
      .join('');
    await services.api.POST('/api/chat/storeMessage', {
      body: { conversation_chat_id: cid, chat_message_id: mid, chat_message_input: input, message_output: output },
    });
  }
  if (inputs[0] !== title) {
    await services.api.POST('/api/chat/updateConversationTitle', { body: { conversation_chat_id: cid, conversation_title: title } });
  }
  return cid;
}

describe('sending (01 §4 Chat)', () => {
  test('Enter sends; the reply streams as Markdown, is stored, and the new conversation gets its title in the header and the sidebar', async () => {
    const { history } = await openChat();
    // /chat with no conversation opens a new chat and puts its id in the URL
    await waitFor(() => expect(location(history)).toMatch(/^\/chat\?id=/));
    const box = await composer();
    await userEvent.type(box, 'Plan a trip to Rome{Enter}');
    expect(box).toHaveValue('');
    const conversation = screen.getByRole('region', { name: T.messagesLabel });
    expect(await within(conversation).findByText('Plan a trip to Rome', {}, { timeout: 10_000 })).toBeInTheDocument();
    // the offline writer answers in Markdown: a heading and a list appear as elements
    await screen.findByRole('heading', { level: 3 }, { timeout: 10_000 });
    // stored → the title is re-fetched (01 §4) and shown in the header and the chat list
    const heading = await screen.findByRole('heading', { level: 1, name: /Plan a trip to Rome/ }, { timeout: 10_000 });
    expect(heading).toBeInTheDocument();
    const list = await chatHistory();
    await within(list).findByRole('link', { name: 'Plan a trip to Rome' }, { timeout: 10_000 });
    expect(within(list).getByRole('link', { name: 'Plan a trip to Rome' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: T.copy })).toBeInTheDocument();
  });

  test('when the stored history takes over the streamed reply, its rendered Markdown stays (no second render of a long reply)', async () => {
    // the stream is held after its first piece, so the reply is seen live first
    const held = heldStreamFetch({ fetch: backendFetch(backend) });
    const { history } = await openChat('free@demo.test', '/chat', held.fetch);
    await waitFor(() => expect(location(history)).toMatch(/^\/chat\?id=/));
    await userEvent.type(await composer(), 'Plan a trip to Rome{Enter}');
    const conversation = screen.getByRole('region', { name: T.messagesLabel });
    await waitFor(() => expect(conversation.querySelector('[data-live-exchange] [data-md-block]')).not.toBeNull(), { timeout: 10_000 });
    const firstBlock = conversation.querySelector('[data-md-block]');
    held.release();
    // stored and re-fetched: the exchange is now the history's, shown once, with the same DOM
    await waitFor(() => expect(conversation.querySelector('[data-chat-message]')).not.toBeNull(), { timeout: 10_000 });
    expect(conversation.querySelector('[data-live-exchange]')).toBeNull();
    expect(conversation.querySelectorAll('article')).toHaveLength(1);
    expect(conversation.querySelector('[data-md-block]')).toBe(firstBlock);
  });

  test('Shift+Enter makes a new line; the composer grows up to 168 px; the draft survives leaving and coming back', async () => {
    const { history, user } = await openChat();
    await waitFor(() => expect(location(history)).toMatch(/^\/chat\?id=/));
    const id = new URLSearchParams(history.location.search).get('id')!;
    const box = await composer();
    expect(box).toHaveAccessibleDescription(T.composerHint);
    expect(box.style.maxHeight).toBe(`${CHAT_COMPOSER_MAX_HEIGHT_PX}px`);
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('first line\nsecond line');
    expect(screen.queryByText('first line', { selector: 'article *' })).toBeNull();
    expect(loadDraft(user.id, id)).toBe('first line\nsecond line');
    act(() => history.push('/home'));
    expect(await screen.findByRole('heading', { name: /Welcome back, / })).toBeInTheDocument();
    act(() => history.push('/chat'));
    // back on /chat: still the unsaved new chat, with its draft
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('id')).toBe(id));
    expect(await composer()).toHaveValue('first line\nsecond line');
  });

  test('stop is disabled until the first chunk; a stop ends the reply without saving it', async () => {
    // the client's fetch is wrapped: the generate stream is held after its first piece
    const held = heldStreamFetch({ fetch: backendFetch(backend) });
    const { services, history } = await openChat('free@demo.test', '/chat', held.fetch);
    await waitFor(() => expect(location(history)).toMatch(/^\/chat\?id=/));
    const id = new URLSearchParams(history.location.search).get('id')!;
    await userEvent.type(await composer(), 'Tell me about tea{Enter}');
    const stop = await screen.findByRole('button', { name: T.stop }, { timeout: 10_000 });
    // the first chunk arrives: stop becomes usable
    await waitFor(() => expect(stop).toBeEnabled(), { timeout: 10_000 });
    await userEvent.click(stop);
    expect(await screen.findByText(T.stopped)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.regenerate })).toBeInTheDocument();
    held.release();
    // nothing was stored: the conversation does not exist on the server
    const res = await services.api.GET('/api/chat/conversations/{conversation_chat_id}', { params: { path: { conversation_chat_id: id } } }).catch((e) => e);
    expect(res.status).toBe(404);
  });

  test('free-words-out: the chat shows "Chat Usage Limit Exhausted" and keeps the message', async () => {
    await openChat('free-words-out@demo.test');
    const box = await composer();
    await userEvent.type(box, 'Write a poem{Enter}');
    expect(await screen.findByRole('dialog', { name: CHAT_LIMIT_MESSAGE }, { timeout: 10_000 })).toBeInTheDocument();
    expect(box).toHaveValue('Write a poem');
  });
});

describe('history (01 §3 chat_history paged)', () => {
  test('a reply interrupted by a reload shows as interrupted and can be regenerated', async () => {
    const services = createTestServices(backend);
    const me = await signInAs(services, 'free@demo.test');
    saveInFlight(me.id, 'lost-1', { input: 'Explain SEO basics', output: 'SEO is', startedAt: Date.now() - 1000 });
    renderRoute('/chat?id=lost-1', services);
    expect(await screen.findByText(T.interrupted, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: T.messagesLabel })).getByText('Explain SEO basics')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.regenerate }));
    await screen.findByRole('heading', { level: 1, name: /Explain SEO basics/ }, { timeout: 10_000 });
    expect(screen.queryByText(T.interrupted)).toBeNull();
  });

  test('older pages load on demand above the newest messages', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'pro@demo.test');
    const cid = await seedConversation(services, 'Numbers', Array.from({ length: 22 }, (_, i) => `Message number ${i}`));
    renderRoute(`/chat?id=${cid}`, services);
    await screen.findByText('Message number 21', {}, { timeout: 10_000 });
    expect(screen.queryByText('Message number 0')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: T.loadEarlier }));
    await screen.findByText('Message number 0', {}, { timeout: 10_000 });
    // oldest first, newest at the bottom
    const texts = [...document.querySelectorAll('[data-chat-message]')].map((a) => a.textContent ?? '');
    expect(texts[0]).toContain('Message number 0');
    expect(texts.at(-1)).toContain('Message number 21');
    expect(screen.queryByRole('button', { name: T.loadEarlier })).toBeNull();
  });
});

describe('sidebar chat list (01 §2)', () => {
  test(`shows the ${CHAT_RECENT_PAGE_SIZE} most recent with 'Show More' / 'Show Recent'`, async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    for (let i = 0; i < 12; i++) await seedConversation(services, `Topic ${String(i).padStart(2, '0')} ideas`);
    renderRoute('/home', services);
    const list = await chatHistory();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(CHAT_RECENT_PAGE_SIZE), { timeout: 10_000 });
    // most recent first
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Topic 11 ideas');
    await userEvent.click(within(list).getByRole('button', { name: L.showMore }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(12), { timeout: 10_000 });
    await userEvent.click(within(list).getByRole('button', { name: L.showRecent }));
    expect(within(list).getAllByRole('link')).toHaveLength(CHAT_RECENT_PAGE_SIZE);
  });

  test('no toggle at 9 conversations or fewer', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    for (let i = 0; i < 2; i++) await seedConversation(services, `Short list ${i}`);
    renderRoute('/home', services);
    const list = await chatHistory();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2), { timeout: 10_000 });
    expect(within(list).queryByRole('button', { name: L.showMore })).toBeNull();
  });

  test('Rename is inline and submits on Enter or blur; an empty title keeps the old one; Delete asks first', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    const cid = await seedConversation(services, 'Marketing plan for bakery');
    renderRoute('/home', services);
    const list = await chatHistory();
    await within(list).findByRole('link', { name: 'Marketing plan for bakery' }, { timeout: 10_000 });

    await userEvent.click(within(list).getByRole('button', { name: L.options('Marketing plan for bakery') }));
    await userEvent.click(await screen.findByRole('menuitem', { name: L.rename }));
    const input = await within(list).findByRole('textbox', { name: L.renameLabel });
    await userEvent.clear(input);
    await userEvent.type(input, 'Bakery launch{Enter}');
    await within(list).findByRole('link', { name: 'Bakery launch' });
    const { data } = await services.api.GET('/api/chat/conversations', {});
    expect(data!.data[0].conversation_title).toBe('Bakery launch');

    // empty → keeps the old title (blur submits); the menu works from the keyboard too
    within(list).getByRole('button', { name: L.options('Bakery launch') }).focus();
    await userEvent.keyboard('{Enter}');
    // opened from the keyboard, the first item (Rename) is highlighted (the menu highlights it once it is open)
    const renameItem = await screen.findByRole('menuitem', { name: L.rename });
    await waitFor(() => expect(renameItem).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(await within(list).findByRole('textbox', { name: L.renameLabel }));
    await userEvent.click(document.body);
    expect(await within(list).findByRole('link', { name: 'Bakery launch' })).toBeInTheDocument();

    // Delete opens the delete-chat dialog; confirming deletes it
    within(list).getByRole('button', { name: L.options('Bakery launch') }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: L.delete });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: L.rename })).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: L.delete })).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Bakery launch' })).toBeNull(), { timeout: 10_000 });
    // The link can leave the list while the list refetches, before the DELETE has answered: wait for the server to
    // have deleted it (checked by its id: the backend is shared by this file's tests), then the link stays gone.
    await waitFor(
      async () => {
        const after = await services.api.GET('/api/chat/conversations', {});
        expect(after.data!.data.map((c) => c.conversation_chat_id)).not.toContain(cid);
      },
      { timeout: 10_000 },
    );
    const gone = await services.api.GET('/api/chat/conversations/{conversation_chat_id}', { params: { path: { conversation_chat_id: cid } } }).catch((e) => e);
    expect(gone.status).toBe(404);
    expect(within(list).queryByRole('link', { name: 'Bakery launch' })).toBeNull();
  });
});

describe('chat header (01 §2: "an Upgrade button")', () => {
  test("the chat header's Upgrade button behaves as the app header's (01 §4): plan 1 opens the upgrade dialog", async () => {
    const { actors, history } = await openChat('free@demo.test');
    // the app header's button reads the offer ('Upgrade: …'); the chat header's reads 'Upgrade'
    await userEvent.click(await screen.findByRole('button', { name: T.upgrade }, { timeout: 10_000 }));
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('pricing'));
    expect(history.location.pathname).toBe('/chat');
  });

  test('Pro on yearly payment sees no Upgrade button in the chat header', async () => {
    await openChat('pro-yearly@demo.test');
    expect(screen.getByRole('button', { name: T.newChat })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Upgrade/ })).toBeNull();
  });
});
