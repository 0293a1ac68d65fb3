import { configuredHttpsUrl } from '@/platform/configured-url';

/** The mobile app's store address (VITE_MOBILE_APP_URL, https only), or null: the promotion is then not shown. */
export function mobileAppUrl(env: Record<string, string | boolean | undefined>): string | null {
  return configuredHttpsUrl(env.VITE_MOBILE_APP_URL);
}
