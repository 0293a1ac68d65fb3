import { PLAN_ID } from '@machines/constants';
import { configuredHttpsUrl } from './configured-url';

/**
 * The support chat widget (01 §1 "A support chat widget is loaded for paid users (plan_id not 1)", 01 §4
 * "Paid users get the support chat widget"). The spec names no vendor, so the loader is generic: the widget's
 * script address comes from VITE_SUPPORT_WIDGET_SRC at build time (off when unset) and is added once as an
 * external async script — never inline, so the CSP needs only the widget's origin (server/security-headers.ts).
 *
 * Choices: the widget is not loaded in impersonation (an admin looking at a user's account must not open
 * conversations as that user); it is not unloaded when a plan ends mid-page — chat widgets cannot be torn
 * down cleanly, and the next page load (logging out reloads the page) leaves it out.
 */

export const SUPPORT_WIDGET_SCRIPT_ID = 'support-widget-script';

export function supportWidgetSrc(env: Record<string, string | boolean | undefined>): string | null {
  return configuredHttpsUrl(env.VITE_SUPPORT_WIDGET_SRC, { loopback: true });
}

/** 01 §1: paid users are those whose plan_id is not 1. */
export function wantsSupportWidget(planId: number | undefined, impersonating: boolean): boolean {
  return planId !== undefined && planId !== PLAN_ID.free && !impersonating;
}

/** Adds the widget's script once; returns whether it was added by this call. */
export function loadSupportWidget(src: string | null, doc: Document): boolean {
  if (!src || doc.getElementById(SUPPORT_WIDGET_SCRIPT_ID)) return false;
  const script = doc.createElement('script');
  script.id = SUPPORT_WIDGET_SCRIPT_ID;
  script.src = src;
  script.async = true;
  script.referrerPolicy = 'strict-origin-when-cross-origin';
  doc.body.appendChild(script);
  return true;
}
