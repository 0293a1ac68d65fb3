/**
 * The chat machine's glue to the page (machines/chat-stream.machine.ts decides everything about a reply):
 *  - a registry of one chat actor per open conversation, kept per app services object and user rather than inside
 *    the page component, so a reply keeps streaming — and is stored when it finishes — while the user looks at
 *    another conversation or page; an actor goes once nothing shows it and nothing is being sent;
 *  - the actor's slots filled (src/actors/chat-stream.ts, the gate through src/state/gate.ts), what it emits carried
 *    out (kept in the browser: chat-storage.ts; dialogs; the history refetched), and the browser's own events sent
 *    to it (offline; the page being left or hidden, when the reply so far is kept at once);
 *  - `useLiveText`, the one component per reply that re-renders as its text streams, at a rendering budget.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { createActor, type Actor } from 'xstate';
import type { AppServices } from '@/core/services';
import { useServices } from '@/core/services';
import { useAppActors, type AppActors } from '@/state/app-actors';
import { runGate } from '@/state/gate';
import { chatStreamMachine, selectBusy, selectPhase, type ChatGateOutput, type ChatPhase } from '@machines/chat-stream.machine';
import { CHAT_DEFAULT_TITLE } from '@machines/constants';
import { provideChatStream } from '@/actors/chat-stream';
import { waitAfterStep } from '@/api/stream-relay';
import { invalidateChat } from './chat-queries';
import { loadDraft, loadInFlight, loadNewChatId, saveDraft, saveInFlight, saveNewChatId } from './chat-storage';

export type ChatActor = Actor<typeof chatStreamMachine>;

interface Entry {
  conversationId: string;
  actor: ChatActor;
  /** the reply's text as it streams (useLiveText) */
  text: LiveText;
  /** mounted components showing it */
  refs: number;
  started: boolean;
  /** starts the actor and its browser listeners */
  start(): void;
  teardown(): void;
}

interface ChatStreamRegistry {
  /**
   * The conversation's actor, created (not started) on first use. It starts when a component that shows it is
   * mounted (retain): one made for a render that never commits is never started, and the next `ensure` of another
   * conversation forgets it (an actor never started holds no timer and no listener).
   */
  ensure(conversationId: string, init: { title: string }): Entry;
  retain(entry: Entry): void;
  release(entry: Entry): void;
  get(conversationId: string): Entry | undefined;
}

interface RegistryDeps {
  services: Pick<AppServices, 'api' | 'queryClient'>;
  dialogs: Pick<AppActors['dialogs'], 'send'>;
  userId: string | number;
  /** the subscription gate for a chat (01 §4); it shows its own dialog when it blocks */
  checkGate: () => Promise<ChatGateOutput>;
  /** Stately Inspect, as the app-wide actors were created with */
  inspect?: AppActors['inspect'];
  /** For tests: the provided machine (defaults to the real actors over services.api). */
  provide?: () => ReturnType<typeof provideChatStream>;
}

export function createChatStreamRegistry(deps: RegistryDeps): ChatStreamRegistry {
  const entries = new Map<string, Entry>();
  const { userId } = deps;

  function create(cid: string, title: string): Entry {
    const machine = deps.provide ? deps.provide() : provideChatStream(deps.services.api, { checkGate: deps.checkGate });
    const actor = createActor(machine, {
      id: 'chatStream',
      input: {
        conversationId: cid,
        conversationTitle: title || CHAT_DEFAULT_TITLE,
        draft: loadDraft(userId, cid),
        restored: loadInFlight(userId, cid),
      },
      inspect: deps.inspect,
    });
    const offs = [
      actor.on('chat.persist', ({ exchange }) => saveInFlight(userId, cid, exchange)),
      actor.on('chat.persistDraft', ({ text }) => saveDraft(userId, cid, text)),
      actor.on('chat.openDialog', ({ dialog }) => deps.dialogs.send({ type: 'dialog.open', dialog })),
      actor.on('chat.stored', () => {
        // a new conversation stops being "the new chat" once an exchange of it is stored
        if (loadNewChatId(userId) === cid) saveNewChatId(userId, null);
        void invalidateChat(deps.services.queryClient, cid);
      }),
      // the store may have landed all the same: the history says
      actor.on('chat.storeFailed', () => void invalidateChat(deps.services.queryClient, cid)),
      actor.subscribe((s) => {
        if (e.refs === 0 && !selectBusy(s)) queueMicrotask(() => maybeDispose(cid));
      }),
    ];
    const onOffline = () => actor.send({ type: 'chat.offline' });
    const flush = () => actor.send({ type: 'chat.flush' });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const e: Entry = {
      conversationId: cid,
      actor,
      text: liveTextOf(actor),
      refs: 0,
      started: false,
      start: () => {
        e.started = true;
        window.addEventListener('offline', onOffline);
        window.addEventListener('pagehide', flush);
        document.addEventListener('visibilitychange', onVisibility);
        actor.start();
      },
      teardown: () => {
        offs.forEach((o) => o.unsubscribe());
        if (e.started) {
          window.removeEventListener('offline', onOffline);
          window.removeEventListener('pagehide', flush);
          document.removeEventListener('visibilitychange', onVisibility);
        }
        actor.stop();
      },
    };
    return e;
  }

  /** Once nothing shows it and nothing is being sent, a conversation's actor goes (a reply finished in the background included). */
  function maybeDispose(cid: string) {
    const e = entries.get(cid);
    if (!e || !e.started || e.refs > 0 || selectBusy(e.actor.getSnapshot())) return;
    e.teardown();
    entries.delete(cid);
  }

  return {
    ensure(cid, init) {
      let e = entries.get(cid);
      if (!e) {
        for (const [other, o] of entries) if (!o.started) entries.delete(other);
        e = create(cid, init.title);
        entries.set(cid, e);
      }
      return e;
    },
    retain(e) {
      // forgotten meanwhile (another conversation's render came first): it is the one shown, so it is kept
      if (!entries.has(e.conversationId)) entries.set(e.conversationId, e);
      e.refs++;
      if (!e.started) e.start();
    },
    release(e) {
      e.refs = Math.max(0, e.refs - 1);
      queueMicrotask(() => maybeDispose(e.conversationId));
    },
    get: (cid) => entries.get(cid),
  };
}

const registries = new WeakMap<object, Map<string, ChatStreamRegistry>>();

function useRegistry(userId: string | number): ChatStreamRegistry {
  const services = useServices();
  const { dialogs, inspect } = useAppActors();
  return useMemo(() => {
    let byUser = registries.get(services);
    if (!byUser) registries.set(services, (byUser = new Map()));
    const key = String(userId);
    let r = byUser.get(key);
    if (!r) {
      const checkGate = () => runGate(services, { dialogs, inspect }, 'chat');
      byUser.set(key, (r = createChatStreamRegistry({ services, dialogs, userId, inspect, checkGate })));
    }
    return r;
  }, [services, dialogs, inspect, userId]);
}

/**
 * The chat actor of one conversation, for the page to select from (`useSelector(actor, selectReply, shallowEqual)`)
 * and send events to, and the reply's streamed text for its own component (useLiveText). `title` is the
 * conversation's title as loaded (the machine re-fetches an 'Untitled' one's after the first store).
 */
export function useChatActor(userId: string | number | undefined, conversationId: string, opts: { title: string }): { actor: ChatActor; text: LiveText } {
  const registry = useRegistry(userId ?? 'anonymous');
  const entry = registry.ensure(conversationId, opts);
  useEffect(() => {
    registry.retain(entry);
    return () => registry.release(entry);
  }, [registry, entry]);
  const { actor, text } = entry;
  useEffect(() => {
    if (opts.title) actor.send({ type: 'chat.title', title: opts.title });
  }, [actor, opts.title]);
  return { actor, text };
}

/** Where a reply's text is read from as it streams (useLiveText). */
export interface LiveText {
  subscribe(cb: () => void): () => void;
  get(): { phase: ChatPhase; output: string };
}

/** A chat actor's streamed text. */
export function liveTextOf(actor: ChatActor): LiveText {
  return {
    subscribe(cb) {
      const sub = actor.subscribe(() => cb());
      return () => sub.unsubscribe();
    },
    get: () => {
      const s = actor.getSnapshot();
      return { phase: selectPhase(s), output: s.context.messageOutput };
    },
  };
}

/**
 * How often a streaming reply is re-rendered at most. Not a spec constant: a rendering budget, measured with
 * tests/bench/chat-stream.spec.ts (20,000 words in 200 chunks, main-thread busy time ÷ one render of the whole
 * reply). Once per animation frame cost about three times as much as every 150 ms, and longer intervals saved
 * little more while the text moved in visible jumps; 150 ms keeps it moving about seven times a second, smooth
 * enough to read along. Each render costs a fixed few milliseconds (React, the scroll layout read, the frame),
 * whatever the amount of new text, so the number of renders is what counts.
 */
export const STREAM_RENDER_INTERVAL_MS = 150;

/**
 * A reply arriving faster than this (characters a second: about 650 words, ten times a fast model and a hundred
 * times reading speed) is shown at most every STREAM_RENDER_INTERVAL_FAST_MS instead: at that speed nobody reads
 * along, each 150 ms step already brings a screenful or more, so the extra renders only cost main-thread time. Not
 * spec constants. A stream that slows down below the rate is shown every STREAM_RENDER_INTERVAL_MS again from its
 * next step.
 */
export const STREAM_FAST_CHARS_PER_S = 4000;
export const STREAM_RENDER_INTERVAL_FAST_MS = 500;

/** The wait before the next render of a streaming reply, given the last step's new characters and its duration. */
export function nextRenderInterval(stepChars: number, stepMs: number): number {
  return waitAfterStep(stepChars, stepMs, STREAM_RENDER_INTERVAL_MS, { perS: STREAM_FAST_CHARS_PER_S, interval: STREAM_RENDER_INTERVAL_FAST_MS });
}

const NO_TEXT: LiveText = { subscribe: () => () => {}, get: () => ({ phase: 'idle', output: '' }) };

/**
 * The live reply's text, for the component that shows it (null without a source). While a reply streams it
 * re-renders at most once per STREAM_RENDER_INTERVAL_MS, or STREAM_RENDER_INTERVAL_FAST_MS while it arrives faster
 * than STREAM_FAST_CHARS_PER_S (pieces can arrive every few ms, and each render of a long reply costs script,
 * style, layout and paint); the first piece and any other change are shown at once. Only this component
 * re-renders per piece: the page around it selects the reply without its streaming text (selectReply).
 */
export function useLiveText(source: LiveText | null): string | null {
  const src = source ?? NO_TEXT;
  const subscribe = useCallback(
    (cb: () => void) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let last = -Infinity;
      /** the phase when the text was last shown: the first piece (waiting → streaming) is shown at once */
      let shownPhase: ChatPhase | null = null;
      /** the length of the text last shown, and the wait before the next render (see nextRenderInterval) */
      let shownLength = 0;
      let interval = STREAM_RENDER_INTERVAL_MS;
      const flush = () => {
        timer = null;
        const now = performance.now();
        const { phase, output } = src.get();
        interval = phase === 'streaming' && shownPhase === 'streaming' ? nextRenderInterval(output.length - shownLength, now - last) : STREAM_RENDER_INTERVAL_MS;
        last = now;
        shownPhase = phase;
        shownLength = output.length;
        cb();
      };
      const listener = () => {
        if (src.get().phase === 'streaming' && shownPhase === 'streaming') {
          if (timer) return;
          const wait = last + interval - performance.now();
          if (wait <= 0) flush();
          else timer = setTimeout(flush, wait);
          return;
        }
        if (timer) clearTimeout(timer);
        flush();
      };
      const unsubscribe = src.subscribe(listener);
      return () => {
        unsubscribe();
        if (timer) clearTimeout(timer);
      };
    },
    [src],
  );
  const output = useSyncExternalStore(subscribe, () => src.get().output, () => '');
  return source ? output : null;
}
