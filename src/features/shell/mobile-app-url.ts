/** The mobile app's store address (VITE_MOBILE_APP_URL, https only), or null: the promotion is then not shown. */
export function mobileAppUrl(env: Record<string, string | boolean | undefined>): string | null {
  const raw = typeof env.VITE_MOBILE_APP_URL === 'string' ? env.VITE_MOBILE_APP_URL.trim() : '';
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
