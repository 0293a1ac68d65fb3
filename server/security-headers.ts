import type { MiddlewareHandler } from 'hono';
import { DEFAULT_ANALYTICS_HOST } from '../machines/integrations';

/** The origin of a configured address, or null when unset or not an http(s) URL. */
function originOf(raw: string | undefined): string | null {
  if (!raw?.trim()) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The CSP. Third parties are allowed only when configured (the same variables the app is built with):
 * the analytics host (VITE_POSTHOG_HOST, or PostHog's default when only VITE_POSTHOG_KEY is set) for requests —
 * its strict-CSP build loads no scripts (src/platform/analytics.ts) — and the support widget's origin
 * (VITE_SUPPORT_WIDGET_SRC) for its script, its requests, its frames and its images.
 */
export function contentSecurityPolicy(env: Record<string, string | undefined>): string {
  const analytics = env.VITE_POSTHOG_KEY?.trim() ? (originOf(env.VITE_POSTHOG_HOST) ?? DEFAULT_ANALYTICS_HOST) : null;
  const widget = originOf(env.VITE_SUPPORT_WIDGET_SRC);
  const extra = (...origins: (string | null)[]) => origins.filter(Boolean).map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra(widget)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(widget)}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(analytics, widget)}`,
    ...(widget ? [`frame-src${extra(widget)}`] : []),
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Security headers for the production server (HSTS when it is served over https). The CSP allows no inline scripts;
 * inline styles are allowed because Ark UI positions popovers with style attributes.
 * The backend's own HTML pages (hosted sign-in, test checkout) use external-free markup and forms only.
 */
export function securityHeaders(env: Record<string, string | undefined> = process.env): MiddlewareHandler {
  const csp = contentSecurityPolicy(env);
  // Served over https (the configured public URL, or the request itself): browsers keep to https for a year.
  const httpsPublic = env.PUBLIC_URL?.trim().toLowerCase().startsWith('https://') ?? false;
  return async (c, next) => {
    await next();
    if (httpsPublic || new URL(c.req.url).protocol === 'https:') c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  };
}
