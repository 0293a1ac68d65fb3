/**
 * Defaults of third-party integrations that both the browser app and the production server read
 * (the server's CSP must allow what the app will contact). Kept here, below both, so the server never
 * imports browser code.
 */

/** PostHog's US cloud: the analytics host when only a key is configured (src/platform/analytics.ts, server/security-headers.ts). */
export const DEFAULT_ANALYTICS_HOST = 'https://us.i.posthog.com';
