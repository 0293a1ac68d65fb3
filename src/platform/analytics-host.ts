/** PostHog's US cloud: the analytics host when only a key is configured (src/platform/analytics.ts, server/security-headers.ts). */
export const DEFAULT_ANALYTICS_HOST = 'https://us.i.posthog.com';
