/**
 * Analytics identify and the support widget (01 §1, §4): off unless configured; identify sends id, email,
 * name, plan title, plan status and payment frequency with autocapture off and session recording on; the
 * widget loads for paid plans (plan_id not 1) only, never in impersonation.
 * The analytics vendor is the edge this test controls: a recording double stands in for PostHog.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { analyticsSettings, createAnalytics, identityOf, vendorConfig, type AnalyticsVendor } from '@/platform/analytics';
import { DEFAULT_ANALYTICS_HOST } from '@machines/integrations';
import { SUPPORT_WIDGET_SCRIPT_ID, loadSupportWidget, supportWidgetSrc, wantsSupportWidget } from '@/platform/support-widget';
import { IMPERSONATION_STORAGE_KEY } from '@/features/shell/header';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';

const backend = useTestBackend();

function recordingVendor() {
  const calls: { init: unknown[][]; identify: unknown[][] } = { init: [], identify: [] };
  const vendor: AnalyticsVendor = {
    init: (...args) => void calls.init.push(args),
    identify: (...args) => void calls.identify.push(args),
  };
  return { calls, vendor };
}

const plusUser = {
  id: 7,
  email: 'plus@demo.test',
  name: 'Paula Plus',
  user_subscription: { plan_id: 2, status: 'active', payment_frequency: 'monthly', plan: { id: 2, title: 'Plus' } },
} as unknown as Parameters<typeof identityOf>[0];

describe('analytics identify (01 §4)', () => {
  it('is off without a key: nothing is loaded or sent', async () => {
    expect(analyticsSettings({})).toBeNull();
    expect(analyticsSettings({ VITE_POSTHOG_KEY: '  ' })).toBeNull();
    const load = vi.fn(async () => recordingVendor().vendor);
    await createAnalytics(null, load).identify(plusUser);
    expect(load).not.toHaveBeenCalled();
  });

  it('with a key: autocapture off, session recording on, and the six facts of the spec', async () => {
    const settings = analyticsSettings({ VITE_POSTHOG_KEY: 'phc_test' });
    expect(settings).toEqual({ key: 'phc_test', host: DEFAULT_ANALYTICS_HOST });
    const { calls, vendor } = recordingVendor();
    await createAnalytics(settings, async () => vendor).identify(plusUser);
    expect(calls.init).toHaveLength(1);
    expect(calls.init[0][0]).toBe('phc_test');
    expect(calls.init[0][1]).toMatchObject({ api_host: DEFAULT_ANALYTICS_HOST, autocapture: false, disable_session_recording: false });
    expect(calls.identify).toEqual([
      ['7', { email: 'plus@demo.test', name: 'Paula Plus', plan_title: 'Plus', plan_status: 'active', payment_frequency: 'monthly' }],
    ]);
  });

  it('sends an identity once, and again when the plan changes', async () => {
    const { calls, vendor } = recordingVendor();
    const a = createAnalytics({ key: 'k', host: 'https://eu.example.test' }, async () => vendor);
    await a.identify(plusUser);
    await a.identify({ ...plusUser });
    expect(calls.identify).toHaveLength(1);
    const pro = { ...plusUser, user_subscription: { ...plusUser.user_subscription, plan_id: 3, plan: { id: 3, title: 'Pro' } } };
    await a.identify(pro as typeof plusUser);
    expect(calls.identify).toHaveLength(2);
    expect(calls.identify[1][1]).toMatchObject({ plan_title: 'Pro' });
    expect(calls.init).toHaveLength(1);
  });

  it('a vendor that cannot load (blocked, offline) never breaks the app', async () => {
    const a = createAnalytics({ key: 'k', host: 'https://x.test' }, () => Promise.reject(new Error('blocked')));
    await expect(a.identify(plusUser)).resolves.toBeUndefined();
  });

  it('keeps the identity in localStorage only, which logging out clears', () => {
    expect(vendorConfig({ key: 'k', host: 'https://x.test' }).persistence).toBe('localStorage');
  });
});

describe('support chat widget (01 §1: paid users, plan_id not 1)', () => {
  afterEach(() => {
    document.getElementById(SUPPORT_WIDGET_SCRIPT_ID)?.remove();
    sessionStorage.clear();
    vi.unstubAllEnvs();
  });

  it('is wanted for plans other than 1, never in impersonation', () => {
    expect(wantsSupportWidget(1, false)).toBe(false);
    expect(wantsSupportWidget(2, false)).toBe(true);
    expect(wantsSupportWidget(3, false)).toBe(true);
    expect(wantsSupportWidget(5, false)).toBe(true);
    expect(wantsSupportWidget(2, true)).toBe(false);
    expect(wantsSupportWidget(undefined, false)).toBe(false);
  });

  it('takes only an https address (or loopback), never javascript: or plain http elsewhere', () => {
    expect(supportWidgetSrc({})).toBeNull();
    expect(supportWidgetSrc({ VITE_SUPPORT_WIDGET_SRC: 'javascript:alert(1)' })).toBeNull();
    expect(supportWidgetSrc({ VITE_SUPPORT_WIDGET_SRC: 'http://widget.example.com/w.js' })).toBeNull();
    expect(supportWidgetSrc({ VITE_SUPPORT_WIDGET_SRC: 'https://widget.example.com/w.js' })).toBe('https://widget.example.com/w.js');
  });

  it('adds one external async script, however often it is asked', () => {
    expect(loadSupportWidget('https://widget.example.com/w.js', document)).toBe(true);
    expect(loadSupportWidget('https://widget.example.com/w.js', document)).toBe(false);
    const scripts = document.querySelectorAll(`#${SUPPORT_WIDGET_SCRIPT_ID}`);
    expect(scripts).toHaveLength(1);
    const s = scripts[0] as HTMLScriptElement;
    expect(s.src).toBe('https://widget.example.com/w.js');
    expect(s.async).toBe(true);
    expect(s.textContent).toBe('');
  });

  /**
   * jsdom has no requestIdleCallback, so the hook schedules its work with setTimeout(…, 1) when the shell
   * mounts; a timer queued after it with the same delay runs after it (timers of equal delay run in order).
   * Not a sleep: it waits for exactly that queued work, so an absence asserted after it is real.
   */
  const afterIdleWork = () => new Promise((r) => setTimeout(r, 1));

  async function shellFor(email: string) {
    const services = createTestServices(backend);
    await signInAs(services, email);
    const view = renderRoute('/home', services);
    await screen.findByRole('complementary', { name: 'Sidebar' });
    return view;
  }

  it('in the app: loaded for plus@, not for free@, not in impersonation', async () => {
    vi.stubEnv('VITE_SUPPORT_WIDGET_SRC', 'https://widget.example.com/w.js');
    const free = await shellFor('free@demo.test');
    await afterIdleWork();
    expect(document.getElementById(SUPPORT_WIDGET_SCRIPT_ID)).toBeNull();
    free.unmount();

    const plus = await shellFor('plus@demo.test');
    await waitFor(() => expect(document.getElementById(SUPPORT_WIDGET_SCRIPT_ID)).toHaveAttribute('src', 'https://widget.example.com/w.js'));
    plus.unmount();
    document.getElementById(SUPPORT_WIDGET_SCRIPT_ID)?.remove();

    sessionStorage.setItem(IMPERSONATION_STORAGE_KEY, '1');
    await shellFor('plus@demo.test');
    await afterIdleWork();
    expect(document.getElementById(SUPPORT_WIDGET_SCRIPT_ID)).toBeNull();
  });

  it('in the app without an address: nothing is loaded', async () => {
    vi.stubEnv('VITE_SUPPORT_WIDGET_SRC', '');
    await shellFor('plus@demo.test');
    await afterIdleWork();
    expect(document.getElementById(SUPPORT_WIDGET_SCRIPT_ID)).toBeNull();
  });
});
