import { useEffect, useSyncExternalStore } from 'react';
import { loadWhenIdle } from '@/platform/idle-queue';

export interface DeferredModule<M> {
  /** Starts loading (once at a time); resolves with the module. A failed load is forgotten, so the next call retries. */
  preload(): Promise<M>;
  /** The module once loaded, else null — without starting the load (unlike rendering a `lazy()` component). */
  useModule(): M | null;
}

/**
 * A dynamically imported module that components render from once it is there and that the app can load
 * early (at an idle moment) or on demand (the first interaction). Not `React.lazy`: rendering a lazy
 * component is what starts its load, so it cannot show a stand-in *until* something asks for the real
 * part; and a lazy component keeps a rejected import for good, where a chunk that failed offline must be
 * tried again on the next interaction.
 */
export function deferredModule<M>(load: () => Promise<M>): DeferredModule<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  const get = () => loaded;
  return {
    preload() {
      if (loaded) return Promise.resolve(loaded);
      pending ??= load().then(
        (m) => {
          loaded = m;
          pending = null;
          listeners.forEach((l) => l());
          return m;
        },
        (error: unknown) => {
          pending = null; // not cached: the next preload() imports again
          throw error;
        },
      );
      return pending;
    },
    useModule() {
      return useSyncExternalStore(subscribe, get, get);
    },
  };
}

/**
 * Loads the given modules once `after` has resolved (App's quiet moment after the first route:
 * `AppActors.afterFirstRoute`), one at a time through the idle queue (src/platform/idle-queue.ts) — so a component
 * mounted later (a shell shown after signing in) still lets its own route's code go first. A failed load (offline) is
 * left alone: the next `preload()` retries. `modules` must be the same on every render (module-level constants).
 */
export function usePreloadAfter(after: Promise<void>, ...modules: DeferredModule<unknown>[]) {
  useEffect(() => {
    let live = true;
    void after.then(() => {
      // each in its turn in the idle queue; a shell that has gone by then loads nothing
      for (const m of modules) void loadWhenIdle(() => (live ? m.preload() : Promise.resolve())).catch(() => {});
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [after, ...modules]);
}
