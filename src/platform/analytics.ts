import type { components } from '@contract/schema.gen';
import { DEFAULT_ANALYTICS_HOST } from '@machines/integrations';

type User = components['schemas']['User'];

/**
 * Analytics identify (01 §4 Authentication): "The signed-in user is identified to analytics with id, email, name,
 * plan title, plan status and payment frequency (analytics autocapture off, session recording on)."
 *
 * A small adapter so the rest of the app never touches the vendor: off (a no-op) unless VITE_POSTHOG_KEY is set
 * at build time. The spec names no vendor; PostHog is the one whose options match the spec's wording (autocapture,
 * session recording). Its "full/no-external" build is used: session replay is bundled and no script is ever
 * fetched from a third-party origin, so the production CSP only has to allow the analytics host for requests
 * (server/security-headers.ts). That build is large (~240 KB gzip) — it is imported only when analytics is
 * configured, after sign-in, when the browser is idle, and never counts against the first-route budgets.
 */

/**
 * What the adapter needs from the vendor: the two calls it makes. No reset on log out: the vendor keeps its
 * identity in localStorage only, and logging out clears stored local data and reloads the page (01 §4,
 * src/actors/session.ts), which forgets it.
 */
export interface AnalyticsVendor {
  init(key: string, config: AnalyticsVendorConfig): unknown;
  identify(distinctId: string, properties: Record<string, string>): void;
}

export interface AnalyticsVendorConfig {
  api_host: string;
  autocapture: false;
  disable_session_recording: false;
  capture_pageview: boolean;
  persistence: 'localStorage';
  person_profiles: 'identified_only';
  disable_surveys: true;
}

export interface AnalyticsSettings {
  key: string;
  host: string;
}


/** Reads the build-time settings; null (analytics off) without a key. */
export function analyticsSettings(env: Record<string, string | boolean | undefined>): AnalyticsSettings | null {
  const key = typeof env.VITE_POSTHOG_KEY === 'string' ? env.VITE_POSTHOG_KEY.trim() : '';
  if (!key) return null;
  const host = typeof env.VITE_POSTHOG_HOST === 'string' && env.VITE_POSTHOG_HOST.trim() ? env.VITE_POSTHOG_HOST.trim() : DEFAULT_ANALYTICS_HOST;
  return { key, host };
}

/** The vendor options the spec asks for: autocapture off, session recording on. */
export function vendorConfig(settings: AnalyticsSettings): AnalyticsVendorConfig {
  return {
    api_host: settings.host,
    autocapture: false,
    disable_session_recording: false,
    // Pageviews are not named by the spec; 'autocapture off' is read as "nothing captured on its own".
    capture_pageview: false,
    // Kept in localStorage only, so logging out (which clears stored local data, 01 §4) forgets the identity too.
    persistence: 'localStorage',
    person_profiles: 'identified_only',
    disable_surveys: true,
  };
}

/** The identity of 01 §4: id, email, name, plan title, plan status and payment frequency. */
export function identityOf(user: Pick<User, 'id' | 'email' | 'name' | 'user_subscription'>): { id: string; properties: Record<string, string> } {
  const sub = user.user_subscription;
  return {
    id: String(user.id),
    properties: {
      email: user.email,
      name: user.name,
      plan_title: sub.plan.title,
      plan_status: sub.status,
      payment_frequency: sub.payment_frequency,
    },
  };
}

export interface Analytics {
  /** Identify the signed-in user; repeated calls with the same identity send nothing. */
  identify(user: Pick<User, 'id' | 'email' | 'name' | 'user_subscription'>): Promise<void>;
}

/**
 * The adapter. `load` imports the vendor (a dynamic import in the app, a recording double in tests). With no
 * settings every call is a no-op and the vendor is never loaded. A vendor that fails to load (blocked by an
 * ad blocker, offline) is ignored: analytics must never break the app.
 */
export function createAnalytics(settings: AnalyticsSettings | null, load: () => Promise<AnalyticsVendor>): Analytics {
  let vendor: Promise<AnalyticsVendor | null> | null = null;
  let last = '';
  const ready = () => {
    vendor ??= load()
      .then((v) => {
        v.init(settings!.key, vendorConfig(settings!));
        return v;
      })
      .catch(() => null);
    return vendor;
  };
  return {
    async identify(user) {
      if (!settings) return;
      const { id, properties } = identityOf(user);
      const signature = JSON.stringify([id, properties]);
      if (signature === last) return;
      last = signature;
      (await ready())?.identify(id, properties);
    },
  };
}

/** The app's instance: PostHog's strict-CSP build, loaded on first identify. */
export const analytics: Analytics = createAnalytics(
  analyticsSettings(import.meta.env as Record<string, string | boolean | undefined>),
  async () => (await import('posthog-js/full/no-external')).default as unknown as AnalyticsVendor,
);
