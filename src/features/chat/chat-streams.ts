/**
 * One chat-stream actor per open conversation (machines/chat-stream.machine.ts), kept in a registry
 * per app services object rather than inside the page component, so a reply keeps streaming — and is
 * stored when it finishes — while the user looks at another conversation or page; the actor stops once
 * nothing shows it and it is idle. `useChatStream` is the only way components reach it, so the lead can
 * move the registry into the app-wide actors without touching a component.
 *
 * Beside the machine's own state the registry derives what the UI needs to say about the last reply:
 *   stopped (user stop: 01 §4 "ends the stream without saving"), interrupted (connection lost / server
 *   failure / reload — offered 'Regenerate'), limit (400 → chat-limit-exceeded, 01 §8), save-failed,
 *   stored (then the history refetch takes over).
 * The exchange in flight is mirrored to localStorage (chat-storage.ts) so a reload shows it as
 * interrupted instead of losing it.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import type { AppServices } from '@/core/services';
import { useServices } from '@/core/services';
import { useAppActors, type AppActors } from '@/state/app-actors';
import type { chatStreamMachine } from '@machines/chat-stream.machine';
import { CHAT_DEFAULT_TITLE, CHAT_LIMIT_HTTP_STATUS } from '@machines/constants';
import { provideChatStream } from '@/actors/chat-stream';
import { waitAfterStep } from '@/api/stream-relay';
import { invalidateChat } from './chat-queries';
import { loadInFlight, saveInFlight, type InFlightExchange } from './chat-storage';

type ChatActor = Actor<typeof chatStreamMachine>;
type ChatSnapshot = SnapshotFrom<typeof chatStreamMachine>;

export type ChatPhase = 'idle' | 'waiting' | 'streaming' | 'saving';
export type ChatOutcome = 'stopped' | 'interrupted' | 'limit' | 'save-failed' | 'stored' | null;

export interface LiveExchange {
  phase: ChatPhase;
  /** The message of the exchange shown live ('' when none). */
  input: string;
  output: string;
  outcome: ChatOutcome;
  /** When it was sent (epoch ms), to tell it apart from stored history. */
  startedAt: number;
  /** The machine's conversation title (it follows a rename and the re-fetch after the first store). */
  title: string;
  model: string | undefined;
}

/**
 * Beyond the spec: a stream that delivers nothing for this long is treated as cut off (shown as
 * interrupted with 'Regenerate'), so a dead connection never leaves an endless spinner.
 */
export const CHAT_STALL_MS = 60_000;
/**
 * How often the reply streamed so far is copied to localStorage while it streams. It is also copied at once when
 * the page is hidden or left (a reload, a navigation away, a tab switch: 'pagehide' and 'visibilitychange'), so a
 * reload keeps every word that was shown; this period only bounds what a crashed or killed tab loses. Each copy
 * writes the whole reply so far (a 20,000-word reply is ~120 KB, ≈ 5 ms of main thread here), so copying every
 * second cost ~60 ms of main thread over the 20,000-word benchmark stream; every 5 s costs a fifth of that.
 */
export const PERSIST_EVERY_MS = 5000;

const phaseOf = (s: ChatSnapshot): ChatPhase =>
  s.matches({ generating: 'awaitingFirstChunk' })
    ? 'waiting'
    : s.matches('generating')
      ? 'streaming'
      : s.matches('storing') || s.matches('refetchingTitle')
        ? 'saving'
        : 'idle';

interface Entry {
  actor: ChatActor;
  refs: number;
  /** a component showed it at least once (before that only the creation timer may drop it) */
  retained: boolean;
  state: LiveExchange;
  /**
   * `state` as the page shows it around the reply: the same object, except that while a reply streams a new
   * piece of text alone does not make a new one (the page, its queries, header and composer do not re-render per
   * piece; the reply's text reaches its own component through `useLiveText`).
   */
  frame: LiveExchange;
  listeners: Set<() => void>;
  stallTimer?: ReturnType<typeof setTimeout>;
  /** when the stream last showed life (`now()`): the stall timer checks it instead of being re-armed per chunk */
  lastActivity?: number;
  persistTimer?: ReturnType<typeof setTimeout>;
  teardown: () => void;
}

export interface ChatStreamRegistry {
  /** The conversation's entry, created on first use (not retained: see retain/release). */
  ensure(conversationId: string, init: { title: string; model?: string }): Entry;
  retain(conversationId: string): void;
  release(conversationId: string): void;
  /** Gives an idle conversation's actor another model (the machine reads it from its input). */
  setModel(conversationId: string, model: string | undefined): Entry | undefined;
  get(conversationId: string): Entry | undefined;
}

export interface RegistryDeps {
  services: Pick<AppServices, 'api' | 'queryClient'>;
  dialogs: Pick<AppActors['dialogs'], 'send'>;
  userId: string | number;
  now?: () => number;
  /** Stately Inspect, as the app-wide actors were created with */
  inspect?: AppActors['inspect'];
  /** For tests: the provided machine (defaults to the real actors over services.api). */
  provide?: () => ReturnType<typeof provideChatStream>;
}

/** Two states differ in the streamed text only. */
function onlyTextChanged(a: LiveExchange, b: LiveExchange): boolean {
  for (const k of Object.keys(b) as (keyof LiveExchange)[]) if (k !== 'output' && a[k] !== b[k]) return false;
  return true;
}

export function createChatStreamRegistry(deps: RegistryDeps): ChatStreamRegistry {
  const entries = new Map<string, Entry>();
  const now = deps.now ?? (() => Date.now());
  const queryClient: QueryClient = deps.services.queryClient;

  function notify(e: Entry) {
    for (const l of e.listeners) l();
  }
  function setState(e: Entry, patch: Partial<LiveExchange>) {
    const before = e.state;
    e.state = { ...before, ...patch };
    if (!(before.phase === 'streaming' && e.state.phase === 'streaming' && onlyTextChanged(before, e.state))) e.frame = e.state;
    notify(e);
  }

  /** Creates (or, given an entry, re-creates) the conversation's actor and its wiring. */
  function start(cid: string, title: string, model: string | undefined, existing?: Entry): Entry {
    existing?.teardown();
    const machine = deps.provide ? deps.provide() : provideChatStream(deps.services.api);
    const actor = createActor(machine, {
      id: 'chatStream',
      input: { conversationId: cid, conversationTitle: title || CHAT_DEFAULT_TITLE, model },
      inspect: deps.inspect,
    });
    const restored = existing ? null : loadInFlight(deps.userId, cid);
    const initial: LiveExchange = restored
      ? { phase: 'idle', input: restored.input, output: restored.output, outcome: 'interrupted', startedAt: restored.startedAt, title, model }
      : { phase: 'idle', input: '', output: '', outcome: null, startedAt: 0, title, model };
    const e: Entry = existing ?? {
      actor,
      refs: 0,
      retained: false,
      listeners: new Set(),
      teardown: () => {},
      state: initial,
      frame: initial,
    };
    e.actor = actor;
    let prev: ChatPhase = 'idle';
    const persist = () => {
      e.persistTimer = undefined;
      // 'saving' too: a page left while the reply is being stored keeps all of it (if the store did land, the
      // history shows it and the copy is not shown: visibleLive in chat-page.tsx)
      if (e.state.phase === 'streaming' || e.state.phase === 'waiting' || e.state.phase === 'saving') {
        saveInFlight(deps.userId, cid, { input: e.state.input, output: e.state.output, startedAt: e.state.startedAt });
      }
    };
    // One timer per stall period rather than a new timer per chunk (a long reply arrives in hundreds of chunks):
    // it fires CHAT_STALL_MS after it was armed and, if the stream showed life meanwhile, waits out the rest.
    const checkStall = () => {
      e.stallTimer = undefined;
      const p = phaseOf(actor.getSnapshot());
      if (p !== 'waiting' && p !== 'streaming') return;
      const quiet = now() - (e.lastActivity ?? 0);
      if (quiet >= CHAT_STALL_MS) actor.send({ type: 'chat.error', message: 'The connection stalled.' });
      else e.stallTimer = setTimeout(checkStall, CHAT_STALL_MS - quiet);
    };
    const armStall = () => {
      e.lastActivity = now();
      if (!e.stallTimer) e.stallTimer = setTimeout(checkStall, CHAT_STALL_MS);
    };
    const sub = actor.subscribe((s) => {
      const phase = phaseOf(s);
      const ctx = s.context;
      const patch: Partial<LiveExchange> = { phase, title: ctx.conversationTitle, model: ctx.model };
      if (phase === 'waiting' || phase === 'streaming') {
        patch.input = ctx.messageInput;
        patch.output = ctx.messageOutput;
        if (prev === 'idle') {
          patch.outcome = null;
          patch.startedAt = now();
          saveInFlight(deps.userId, cid, { input: ctx.messageInput, output: '', startedAt: patch.startedAt } satisfies InFlightExchange);
        } else if (!e.persistTimer) {
          e.persistTimer = setTimeout(persist, PERSIST_EVERY_MS);
        }
        armStall();
      } else if (e.stallTimer) {
        clearTimeout(e.stallTimer);
        e.stallTimer = undefined;
      }
      if (phase === 'saving') patch.output = ctx.messageOutput;
      if (phase === 'idle' && prev !== 'idle') {
        if (e.persistTimer) clearTimeout(e.persistTimer);
        e.persistTimer = undefined;
        patch.output = ctx.messageOutput;
        const keep = () => saveInFlight(deps.userId, cid, { input: ctx.messageInput, output: ctx.messageOutput, startedAt: e.state.startedAt });
        if (prev === 'saving') {
          patch.outcome = ctx.error ? 'save-failed' : 'stored';
          if (ctx.error) keep();
          else saveInFlight(deps.userId, cid, null);
          void invalidateChat(queryClient, cid);
        } else if (ctx.error) {
          const limit = ctx.error.status === CHAT_LIMIT_HTTP_STATUS;
          patch.outcome = limit ? 'limit' : 'interrupted';
          if (limit) saveInFlight(deps.userId, cid, null);
          else keep();
        } else {
          // user stop (01 §4): ends without saving — nothing is kept for after a reload either
          patch.outcome = 'stopped';
          saveInFlight(deps.userId, cid, null);
        }
      }
      prev = phase;
      setState(e, patch);
      if (phase === 'idle') queueMicrotask(() => maybeDispose(cid));
    });
    // 01 §8: a 400 answer opens chat-limit-exceeded ('Chat Usage Limit Exhausted')
    const dialogSub = actor.on('chat.openDialog', ({ dialog }) => deps.dialogs.send({ type: 'dialog.open', dialog }));
    const onOffline = () => {
      const p = phaseOf(actor.getSnapshot());
      if (p === 'waiting' || p === 'streaming') actor.send({ type: 'chat.error', message: 'offline' });
    };
    // A reload, a navigation away or a tab switch copies the reply so far at once (see PERSIST_EVERY_MS).
    const persistNow = () => {
      if (e.persistTimer) clearTimeout(e.persistTimer);
      persist();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') persistNow();
    };
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', onOffline);
      window.addEventListener('pagehide', persistNow);
      document.addEventListener('visibilitychange', onVisibility);
    }
    e.teardown = () => {
      sub.unsubscribe();
      dialogSub.unsubscribe();
      if (typeof window !== 'undefined') {
        window.removeEventListener('offline', onOffline);
        window.removeEventListener('pagehide', persistNow);
        document.removeEventListener('visibilitychange', onVisibility);
      }
      if (e.stallTimer) clearTimeout(e.stallTimer);
      if (e.persistTimer) clearTimeout(e.persistTimer);
      e.stallTimer = e.persistTimer = undefined;
      actor.stop();
    };
    actor.start();
    return e;
  }

  /** Once idle with nobody showing it, a conversation's actor goes (a reply finishing in the background included). */
  function maybeDispose(cid: string, unretained = false) {
    const e = entries.get(cid);
    if (!e || e.refs > 0 || e.state.phase !== 'idle' || (!e.retained && !unretained)) return;
    e.teardown();
    entries.delete(cid);
  }

  return {
    ensure(cid, init) {
      let e = entries.get(cid);
      if (!e) {
        e = start(cid, init.title, init.model);
        entries.set(cid, e);
        // created during a render that may never commit: dropped later unless retained by then
        setTimeout(() => maybeDispose(cid, true), 10_000);
      }
      return e;
    },
    retain(cid) {
      const e = entries.get(cid);
      if (e) {
        e.refs++;
        e.retained = true;
      }
    },
    release(cid) {
      const e = entries.get(cid);
      if (!e) return;
      e.refs = Math.max(0, e.refs - 1);
      queueMicrotask(() => maybeDispose(cid));
    },
    setModel(cid, model) {
      const e = entries.get(cid);
      if (!e || e.state.phase !== 'idle' || e.actor.getSnapshot().context.model === model) return e;
      const title = e.actor.getSnapshot().context.conversationTitle;
      start(cid, title, model, e);
      setState(e, { model });
      return e;
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
    if (!r) byUser.set(key, (r = createChatStreamRegistry({ services, dialogs, userId, inspect })));
    return r;
  }, [services, dialogs, inspect, userId]);
}

/** Where the live reply's text is read from as it streams (useLiveText). */
export interface LiveText {
  subscribe(cb: () => void): () => void;
  get(): LiveExchange;
}

export interface ChatStream {
  /** The exchange, except that while a reply streams its `output` is the text as of the last other change. */
  live: LiveExchange;
  /** The streamed text, for the reply's own component (useLiveText). */
  text: LiveText;
  /** Starts a generation (the caller ran the subscription gate first). */
  send(message: string): void;
  /** User stop (only effective once the first chunk arrived, 01 §4). */
  stop(): void;
  /** Forgets the stopped / interrupted exchange shown under the history. */
  dismiss(): void;
  /** Keeps the machine's title current (rename, title loaded). */
  setTitle(title: string): void;
}

/**
 * How often a streaming reply is re-rendered at most. Not a spec constant (the spec says nothing about it): a
 * rendering budget, measured with tests/bench/chat-stream.spec.ts (20,000 words in 200 chunks, main-thread busy
 * time ÷ one render of the whole reply): once per animation frame 17.1, every 150 ms 6.8, every 300 ms 5.4.
 * 150 ms keeps the text moving about seven times a second (smooth enough to read along) at well under half the
 * cost of per-frame rendering. What remains (traces of 2026-11-25): each render costs ≈ 11 ms on this machine —
 * React and the forced scroll layout ≈ 4–5 ms, style, layout, paint and commit of the frame ≈ 6 ms — flat over
 * the stream (it does not grow with the reply), so ~75 renders make most of the figure. With no intermediate
 * render at all (interval 100 s) the ratio was 6.2 in busy time but 2.8 in CPU time on 2026-11-25, and 3.4–4.1 in
 * busy time but 1.6–1.9 in CPU time on 2026-11-26: the busy-time figure also counts the main thread waiting for one
 * of the machine's 2 cores and the scheduler's ~0.25 ms per task over the stream's ~1,600 tasks (network reads,
 * frames), so on this machine it stays over 3 even with a single render (in that run the 'Thinking…' spinner
 * stayed up, as the streaming phase was never shown). Every 300 ms gave a CPU ratio of 3.7–5.2; on 2026-11-27
 * (side builds, busy-time ratio, two runs each) 300 ms 3.85–4.56, 400 ms 3.54–4.32, 500 ms 3.25–4.35: the gate is
 * not met even at two renders a second, the text would move in jumps, so the interval stays. Since the seventh
 * session (2026-11-27) only the reply's own component re-renders (useLiveText) and the chunks reach the page through
 * the stream relay's worker (src/api/stream-relay.ts): a streaming render costs ≈ 7.5 ms of CPU here (React and the
 * layout read ≈ 4 ms, the frame's pre-paint, paint, layerize and commit ≈ 3.4 ms), the stream 5–7 % less than before.
 * Since the eleventh session a reply arriving faster than anyone reads is shown less often (STREAM_FAST_CHARS_PER_S).
 */
export const STREAM_RENDER_INTERVAL_MS = 150;

/**
 * A reply arriving faster than this (characters a second: about 650 words, ten times a fast model and a hundred
 * times reading speed — a fast provider, or the benchmark's 2,000 words a second) is shown at most every
 * STREAM_RENDER_INTERVAL_FAST_MS instead: at that speed nobody reads along, each 150 ms step already brings a
 * screenful or more and the view jumps anyway, so the extra renders only cost main-thread time (each ≈ 4–5 ms of
 * fixed work here, whatever the amount of new text: tests/bench/chat-stream.spec.ts). Not spec constants. A
 * stream that slows down below the rate is shown every STREAM_RENDER_INTERVAL_MS again from its next step.
 */
export const STREAM_FAST_CHARS_PER_S = 4000;
export const STREAM_RENDER_INTERVAL_FAST_MS = 500;

/** The wait before the next render of a streaming reply, given the last step's new characters and its duration. */
export function nextRenderInterval(stepChars: number, stepMs: number): number {
  return waitAfterStep(stepChars, stepMs, STREAM_RENDER_INTERVAL_MS, { perS: STREAM_FAST_CHARS_PER_S, interval: STREAM_RENDER_INTERVAL_FAST_MS });
}

const IDLE: LiveExchange = { phase: 'idle', input: '', output: '', outcome: null, startedAt: 0, title: '', model: undefined };

/**
 * The chat stream of one conversation. `model` is the chosen text model ('Elite', or undefined for the
 * server default); the machine takes it as input, so an idle actor is re-created when it changes.
 */
export function useChatStream(userId: string | number | undefined, conversationId: string, opts: { title: string; model?: string }): ChatStream {
  const uid = userId ?? 'anonymous';
  const registry = useRegistry(uid);
  const entry = registry.ensure(conversationId, opts);
  useEffect(() => {
    registry.retain(conversationId);
    return () => registry.release(conversationId);
  }, [registry, conversationId]);

  // The page re-renders when the exchange changes in anything but the streamed text (a phase, an outcome, the
  // title): `entry.frame` (see Entry). The text itself reaches the reply's own component through useLiveText.
  const text = useMemo(() => liveTextOf(entry), [entry]);
  const live = useSyncExternalStore(text.subscribe, () => entry.frame, () => IDLE);

  const { title, model } = opts;
  useEffect(() => {
    if (title && title !== entry.actor.getSnapshot().context.conversationTitle) entry.actor.send({ type: 'chat.title', title });
  }, [entry, title]);

  const send = useCallback(
    (message: string) => {
      registry.setModel(conversationId, model);
      entry.actor.send({ type: 'chat.send', message });
    },
    [entry, model, registry, conversationId],
  );
  const stop = useCallback(() => entry.actor.send({ type: 'chat.stop' }), [entry]);
  const dismiss = useCallback(() => {
    saveInFlight(uid, conversationId, null);
    entry.state = entry.frame = { ...entry.state, input: '', output: '', outcome: null };
    for (const l of entry.listeners) l();
  }, [entry, uid, conversationId]);
  const setTitle = useCallback((t: string) => entry.actor.send({ type: 'chat.title', title: t }), [entry]);
  return { live, text, send, stop, dismiss, setTitle };
}

/** A registry entry's streamed text, as useLiveText reads it. */
export function liveTextOf(entry: { listeners: Set<() => void>; state: LiveExchange }): LiveText {
  return {
    subscribe(cb) {
      entry.listeners.add(cb);
      return () => void entry.listeners.delete(cb);
    },
    get: () => entry.state,
  };
}

const NO_TEXT: LiveText = { subscribe: () => () => {}, get: () => IDLE };

/**
 * The live reply's text, for the component that shows it (null without a source). While a reply streams it
 * re-renders at most once per STREAM_RENDER_INTERVAL_MS, or STREAM_RENDER_INTERVAL_FAST_MS while it arrives faster
 * than STREAM_FAST_CHARS_PER_S (chunks can arrive every few ms, and each render of a long
 * reply costs script, style, layout and paint); the first piece and any other change are shown at once. Only
 * this component re-renders per piece: the page around it does not (ChatStream.live).
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
