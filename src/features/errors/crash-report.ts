import type { ApiClient } from '@/api/client';
import type { components } from '@contract/schema.gen';

type CrashReport = components['schemas']['CrashReportRequest'];
type User = components['schemas']['User'];

/** Longest stack sent (the report is a diagnosis aid, not a dump; the request body limit is 1 MB). */
export const CRASH_STACK_MAX_CHARS = 8000;

/**
 * The crash report of 01 §7 (POST /logs/log-crash-report {metadata, error}; "an error-logging call sends url,
 * user, subscription, error name, message and stack"). Nothing sensitive leaves the browser: the url is
 * origin + path only (query strings carry reset and verification tokens, hashes carry ID tokens), the user is
 * the id alone (no email or name), the subscription only its plan, status and billing period.
 */
export function buildCrashReport(error: unknown, context: { href: string; user?: User | null }): CrashReport {
  let url: string;
  try {
    const u = new URL(context.href);
    url = u.origin + u.pathname;
  } catch {
    url = '';
  }
  const sub = context.user?.user_subscription;
  const err =
    error instanceof Error
      ? { name: error.name || 'Error', message: error.message || String(error), stack: error.stack?.slice(0, CRASH_STACK_MAX_CHARS) }
      : { name: 'Error', message: String(error ?? 'Unknown error') || 'Unknown error' };
  // The contract types user and subscription as open objects (`type: object`, no listed properties).
  const metadata = {
    url,
    user: context.user ? { id: context.user.id } : null,
    subscription: sub ? { plan_id: sub.plan_id, status: sub.status, payment_frequency: sub.payment_frequency } : null,
    userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : undefined,
  } as unknown as CrashReport['metadata'];
  return {
    metadata,
    error: err.stack ? err : { name: err.name, message: err.message },
  };
}

/** Errors already reported (StrictMode renders error pages twice; a crash is logged once). */
const reported = new WeakSet<object>();

/** Posts the crash (signed out: with a crash-report token); never throws (a failing report must not crash the crash page). */
export async function reportCrash(api: ApiClient, error: unknown, context: { href: string; user?: User | null }): Promise<void> {
  if (error && typeof error === 'object') {
    if (reported.has(error)) return;
    reported.add(error);
  }
  try {
    // Signed out (no user): the server takes a report only with a crash-report token it handed out.
    const crashToken = context.user ? undefined : (await api.POST('/logs/crash-report-token')).data?.token;
    await api.POST('/logs/log-crash-report', {
      body: buildCrashReport(error, context),
      params: crashToken ? { header: { 'X-Crash-Report-Token': crashToken } } : {},
    });
  } catch {
    // The server could not take the report: nothing more to do from the browser.
  }
}
