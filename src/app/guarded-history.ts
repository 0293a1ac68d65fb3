import { createContext, useContext, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { HistoryRouterProps, Location, Path, To } from 'react-router-dom';

/**
 * The app's history: react-router's own browser (or, in tests, memory) history, with the one thing the
 * declarative router lacks — a blocker, for the navigation guard of 01 §4 / 03 §4.
 *
 * Why not react-router's data router and its `useBlocker`: the data router (loaders, actions, fetchers,
 * revalidation) is ~17 KB gzip of the first route's JavaScript, and the app used it only for lazy routes,
 * redirects, an error element and this blocker; the first route has a 150 KB budget (issue 6,
 * tests/bench/bundle-size.spec.ts). The behaviour kept is the data router's:
 *  - every push and replace (links, navigate(), the dialog host) asks the blocker function first; a
 *    blocked one is held until `proceed()` (which performs it) or `reset()` (which drops it);
 *  - back/forward (a POP) cannot be prevented by the browser, so a blocked POP is undone at once with
 *    `go(-delta)` (the router never sees it), and `proceed()` goes the same `delta` again;
 *  - one blocker at a time (the navigation guard is mounted once per signed-in shell);
 *  - a navigation made while the blocker function runs is not asked about (it is the blocker's own answer).
 */
export type History = HistoryRouterProps['history'];

export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Path;
  historyAction: 'PUSH' | 'REPLACE' | 'POP';
}
export type BlockerFunction = (args: BlockerArgs) => boolean;

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Path; proceed(): void; reset(): void };

export interface GuardedHistory extends History {
  /** Sets the blocker function (one at a time); returns a function that removes it. */
  block(fn: BlockerFunction): () => void;
  /** The blocker's state: 'blocked' while a navigation waits for proceed() or reset(). */
  readonly blocker: Blocker;
  /** Called whenever `blocker` changes. */
  subscribeBlocker(onChange: () => void): () => void;
}

type Update = Parameters<Parameters<History['listen']>[0]>[0];

const UNBLOCKED: Blocker = { state: 'unblocked' };

export function createGuardedHistory(base: History): GuardedHistory {
  const listeners = new Set<(update: Update) => void>();
  const blockerListeners = new Set<() => void>();
  let blockerFn: BlockerFunction | null = null;
  let blocker: Blocker = UNBLOCKED;
  /** the location the router was last told about (for a POP, the browser is already elsewhere) */
  let current: Location = base.location;
  /** pops this wrapper caused itself: the undo of a blocked POP (not shown), its proceed (shown, unasked) */
  const ownPops: Array<'undo' | 'proceed'> = [];

  const setBlocker = (next: Blocker) => {
    blocker = next;
    for (const fn of [...blockerListeners]) fn();
  };
  const emit = (update: Update) => {
    current = update.location;
    for (const fn of [...listeners]) fn(update);
  };
  const pathOf = (to: To): Path => {
    const url = base.createURL(to);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  };
  /** the blocker function is running */
  let asking = false;
  const asks = (nextLocation: Path, historyAction: BlockerArgs['historyAction']): boolean => {
    // A navigation started while the blocker function runs is that function's own doing (the guard's listener
    // navigating on the machine's say-so) and is not asked about again: asking again could only start it again,
    // without end (a frozen tab — see NavigationGuard's layout effects for how that once happened).
    if (blockerFn === null || asking) return false;
    asking = true;
    try {
      return blockerFn({ currentLocation: current, nextLocation, historyAction });
    } finally {
      asking = false;
    }
  };
  const hold = (location: Path, perform: () => void) =>
    setBlocker({
      state: 'blocked',
      location,
      proceed() {
        if (blocker.state !== 'blocked') return;
        setBlocker(UNBLOCKED);
        perform();
      },
      reset() {
        if (blocker.state === 'blocked') setBlocker(UNBLOCKED);
      },
    });

  let unlistenBase: (() => void) | null = null;
  const ensureListening = () => {
    if (unlistenBase) return;
    unlistenBase = base.listen((update) => {
      if (update.action !== 'POP') {
        emit(update);
        return;
      }
      const own = ownPops.shift();
      if (own === 'undo') return; // back where the router already is
      if (own === 'proceed' || update.delta == null || !asks(pathOf(update.location), 'POP')) {
        emit(update);
        return;
      }
      const delta = update.delta;
      const location = update.location;
      ownPops.push('undo');
      base.go(-delta);
      hold({ pathname: location.pathname, search: location.search, hash: location.hash }, () => {
        ownPops.push('proceed');
        base.go(delta);
      });
    });
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push(to, state) {
      const next = pathOf(to);
      if (asks(next, 'PUSH')) hold(next, () => base.push(to, state));
      else base.push(to, state);
    },
    replace(to, state) {
      const next = pathOf(to);
      if (asks(next, 'REPLACE')) hold(next, () => base.replace(to, state));
      else base.replace(to, state);
    },
    go: (delta) => base.go(delta),
    listen(listener) {
      ensureListening();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    block(fn) {
      blockerFn = fn;
      return () => {
        if (blockerFn !== fn) return;
        blockerFn = null;
        if (blocker.state === 'blocked') setBlocker(UNBLOCKED);
      };
    },
    get blocker() {
      return blocker;
    },
    subscribeBlocker(onChange) {
      blockerListeners.add(onChange);
      return () => {
        blockerListeners.delete(onChange);
      };
    },
  };
}

export const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

export function useGuardedHistory(): GuardedHistory {
  const history = useContext(GuardedHistoryContext);
  if (!history) throw new Error('useGuardedHistory: render inside <AppRouter> (src/app/app-router.tsx)');
  return history;
}

/**
 * react-router's `useBlocker`, for the guarded history: `shouldBlock` is asked on every navigation
 * (the latest function, so it may close over render state); returns the blocker's current state.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useGuardedHistory();
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useLayoutEffect(() => history.block((args) => latest.current(args)), [history]);
  return useSyncExternalStore(
    (onChange) => history.subscribeBlocker(onChange),
    () => history.blocker,
    () => history.blocker,
  );
}
