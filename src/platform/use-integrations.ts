import { useEffect } from 'react';
import type { components } from '@contract/schema.gen';
import { analytics } from './analytics';
import { whenIdle } from './idle-queue';
import { loadSupportWidget, supportWidgetSrc, wantsSupportWidget } from './support-widget';

type User = components['schemas']['User'];

/** Idle at most 3 s late; without idle callbacks (Safari, jsdom) in the next task. */
const IDLE = { timeoutMs: 3000, fallbackMs: 1 };

/**
 * Third-party parts for the signed-in user (01 §4): the analytics identity and, for paid plans, the support
 * widget. Both off unless configured; neither runs in impersonation (an admin's session must not be recorded,
 * or a support chat opened, under the user's identity). They start when the browser is idle so they never
 * compete with the first render.
 */
export function useSignedInIntegrations(user: User | undefined, impersonating: boolean) {
  useEffect(() => {
    if (!user || impersonating) return;
    return whenIdle(window, () => void analytics.identify(user), IDLE);
  }, [user, impersonating]);

  const planId = user?.user_subscription.plan_id;
  useEffect(() => {
    const src = supportWidgetSrc(import.meta.env as Record<string, string | boolean | undefined>);
    if (!wantsSupportWidget(planId, impersonating) || !src) return;
    return whenIdle(window, () => void loadSupportWidget(src, document), IDLE);
  }, [planId, impersonating]);
}
