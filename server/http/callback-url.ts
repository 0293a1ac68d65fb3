/**
 * callback_url (the WordPress connect flow, 01 §2): a sign-in reply with one carries a fresh fe_token for the
 * client to hand to that address, so it is honoured only for an address the operator trusts: an http(s) URL
 * without credentials on the app's own origin or on a host named in CALLBACK_HOSTS (comma-separated host names,
 * e.g. `blog.example.com,shop.example.org`). Anything else (javascript:, data:, another site) is ignored: the
 * sign-in succeeds as without it, with no fe_token and no callbackurl.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { origin } from './util';

export function callbackHosts(env: Record<string, string | undefined>): string[] {
  return (env.CALLBACK_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** The callback URL when it may receive a token, else undefined (module comment). */
export function acceptedCallbackUrl(c: Context<AppEnv>, raw: string | undefined): string | undefined {
  if (!raw || /[\s\\]/.test(raw)) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  if (u.username || u.password) return undefined;
  const { config } = c.get('deps');
  if (u.origin === origin(c)) return raw;
  return callbackHosts(config.env).includes(u.hostname.toLowerCase()) ? raw : undefined;
}
