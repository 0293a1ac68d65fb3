import { useEffect } from 'react';
import type { components } from '../api/schema.gen';
import { analytics } from './analytics';
import { loadSupportWidget, supportWidgetSrc, wantsSupportWidget } from './support-widget';

type User = components['schemas']['User'];

/**
 * Third-party parts for the signed-in user (01 §4): the analytics identity and, for paid plans, the support
 * widget. Both off unless configured; neither runs in impersonation (an admin's session must not be recorded,
 * or a support chat opened, under the user's identity). They start when the browser is idle so they never
 * compete with the first render.
 */
export function useSignedInIntegrations(user: User | undefined, impersonating: boolean) {
  useEffect(() => {
    if (!user || impersonating) return;
    return whenIdle(() => void analytics.identify(user));
  }, [user, impersonating]);

  const planId = user?.user_subscription.plan_id;
  useEffect(() => {
    const src = supportWidgetSrc(import.meta.env as Record<string, string | boolean | undefined>);
    if (!wantsSupportWidget(planId, impersonating) || !src) return;
    return whenIdle(() => void loadSupportWidget(src, document));
  }, [planId, impersonating]);
}

function whenIdle(run: () => void): () => void {
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(run, { timeout: 3000 });
    return () => w.cancelIdleCallback!(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}
