import { useEffect } from 'react';
import { deferredModule } from '../../ui/deferred-module';

/**
 * The shell's menus — the profile menu of the sidebar footer and the per-conversation menus of the chat list —
 * are Ark Menu with its positioner (floating-ui), dismissable layer and focus tracking: about 40 KB gzip the
 * first route does not need to show itself (bundle budget, tests/e2e/bundle-budget.spec.ts). Their triggers
 * render as plain stand-in buttons (ui/menu-placeholder.ts) until this module is there; it loads at the quiet
 * moment after the first route (`usePreloadShellMenus`), or as soon as the user reaches for a trigger.
 */
export const shellMenus = deferredModule(() => import('./shell-menu-parts'));

/**
 * Loads the menus once the app's first route has settled (`afterFirstRoute`, the moment the dialog host loads —
 * see src/app/app.tsx) and the browser is idle: a shell mounted later (after signing in) still lets its own
 * route's code go first. A failed load (offline) is left to the stand-ins, which retry on interaction.
 */
export function usePreloadShellMenus(afterFirstRoute: Promise<void>) {
  useEffect(() => {
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    let live = true;
    let idleId: number | undefined;
    const load = () => void shellMenus.preload().catch(() => {});
    void afterFirstRoute.then(() => {
      if (!live) return;
      if (w.requestIdleCallback) idleId = w.requestIdleCallback(load, { timeout: 2000 });
      else load();
    });
    return () => {
      live = false;
      if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
    };
  }, [afterFirstRoute]);
}
