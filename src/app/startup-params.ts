/**
 * Start-up query parameters (01 §2 "Start-up behaviour"): callback_url, domain, impersonateToken,
 * impersonateMode, brand_id. Read once in main.tsx before anything else runs:
 *  - impersonateToken: "a token in the URL logs in as that user" (01 §6) — stored as the session's token;
 *  - impersonateMode: remembered for the tab (sessionStorage 'impersonateMode' = '1', read by the header's
 *    'Switch to Old UI' link) and the app goes to /home;
 *  - callback_url / domain: the WordPress connection flow — remembered for the tab and the app goes to
 *    /connectWordPress ("If a callback exists it redirects to the WordPress connect page");
 *  - brand_id: remembered for the tab (the brand the user works in).
 * Every one of them leaves the address bar at once (history.replaceState), so the impersonation token never
 * stays in the URL, the history or a shared link (issue "Quality gates": tokens never appear in URLs).
 */
export const STARTUP_KEYS = {
  impersonateMode: 'impersonateMode',
  callbackUrl: 'callback_url',
  domain: 'domain',
  brandId: 'brand_id',
} as const;

const PARAMS = ['callback_url', 'domain', 'impersonateToken', 'impersonateMode', 'brand_id'] as const;

export interface StartupOutcome {
  /** the URL to show instead (the same path without the start-up parameters, or the redirect target) */
  replaceWith: string | null;
  /** a bearer token to sign in with */
  token: string | null;
}

export function readStartupParams(href: string, session: Pick<Storage, 'setItem'>): StartupOutcome {
  const url = new URL(href);
  const q = url.searchParams;
  if (!PARAMS.some((p) => q.has(p))) return { replaceWith: null, token: null };

  const token = q.get('impersonateToken')?.trim() || null;
  const impersonate = q.has('impersonateMode') && q.get('impersonateMode') !== '0' && q.get('impersonateMode') !== 'false';
  const callback = q.get('callback_url');
  const domain = q.get('domain');
  const brand = q.get('brand_id');
  if (impersonate || token) session.setItem(STARTUP_KEYS.impersonateMode, '1');
  if (callback) session.setItem(STARTUP_KEYS.callbackUrl, callback);
  if (domain) session.setItem(STARTUP_KEYS.domain, domain);
  if (brand) session.setItem(STARTUP_KEYS.brandId, brand);

  for (const p of PARAMS) q.delete(p);
  let path = url.pathname;
  if (callback) path = '/connectWordPress';
  else if (impersonate || token) path = '/home';
  const rest = q.toString();
  return { replaceWith: `${path}${rest ? `?${rest}` : ''}${url.hash}`, token };
}
