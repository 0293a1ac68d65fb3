import { deferredModule } from '@/ui/deferred-module';

/**
 * The shell's menus — the profile menu of the sidebar footer and the per-conversation menus of the chat list —
 * are Ark Menu with its positioner (floating-ui), dismissable layer and focus tracking: about 40 KB gzip the
 * first route does not need to show itself (bundle budget, tests/e2e/bundle-budget.spec.ts). Their triggers
 * render as plain stand-in buttons (ui/menu-placeholder.ts) until this module is there; it loads at the quiet
 * moment after the first route (the shell's `usePreloadAfter`), or as soon as the user reaches for a trigger.
 */
export const shellMenus = deferredModule(() => import('./shell-menu-parts'));
