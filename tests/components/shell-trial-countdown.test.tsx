/**
 * 01 §4 Trial countdown: ends 3 days 5 h 30 min after created_at; shows days, hours, minutes and seconds;
 * ticks each second; hides when zero or past; shown only for plan_id 1 when its flag is on.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import type { AppServices } from '@/core/services';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrialCountdown } from '@/features/shell/trial-countdown';
import { TRIAL_LENGTH_MS } from '@machines/constants';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';

const NOW = Date.parse('2025-03-05T10:00:00Z');
const timer = () => screen.queryByRole('timer');
const digits = () => timer()?.textContent?.replace(/\s+/g, ' ');

describe('TrialCountdown (simulated time)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows days, hours, minutes and seconds left and ticks each second', () => {
    // signed up 1 hour ago: 3 d 4 h 30 min left
    render(<TrialCountdown createdAt={new Date(NOW - 3_600_000).toISOString()} planId={1} enabled />);
    expect(digits()).toContain('3d04h30m00s');
    act(() => vi.advanceTimersByTime(1000));
    expect(digits()).toContain('3d04h29m59s');
    act(() => vi.advanceTimersByTime(60_000));
    expect(digits()).toContain('3d04h28m59s');
  });

  it('is not announced every second: aria-live off, with a minute-precision label', () => {
    render(<TrialCountdown createdAt={new Date(NOW - 3_600_000).toISOString()} planId={1} enabled />);
    const t = timer()!;
    expect(t).toHaveAttribute('aria-live', 'off');
    expect(t).toHaveAccessibleName('Free trial ends in 3 days, 4 hours and 30 minutes');
    act(() => vi.advanceTimersByTime(5000));
    expect(t).toHaveAccessibleName('Free trial ends in 3 days, 4 hours and 29 minutes');
  });

  it('says what it counts: the free trial, 3 days 5 h 30 min from sign-up (issue 33, finding 4)', () => {
    render(<TrialCountdown createdAt={new Date(NOW - 3_600_000).toISOString()} planId={1} enabled />);
    const t = timer()!;
    expect(t).toHaveTextContent(/^Free trial/);
    expect(t).toHaveAccessibleDescription('Your free trial of Wordsmith AI lasts 3 days, 5 hours and 30 minutes from sign-up.');
  });

  it('ends exactly 3 days 5 h 30 min after created_at and then hides', () => {
    render(<TrialCountdown createdAt={new Date(NOW - TRIAL_LENGTH_MS + 2000).toISOString()} planId={1} enabled />);
    expect(digits()).toContain('0d00h00m02s');
    act(() => vi.advanceTimersByTime(1000));
    expect(digits()).toContain('0d00h00m01s');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).not.toBeInTheDocument();
  });

  it('is hidden when already past, for paid plans and when its flag is off', () => {
    const { rerender } = render(<TrialCountdown createdAt={new Date(NOW - TRIAL_LENGTH_MS).toISOString()} planId={1} enabled />);
    expect(timer()).not.toBeInTheDocument();
    rerender(<TrialCountdown createdAt={new Date(NOW).toISOString()} planId={2} enabled />);
    expect(timer()).not.toBeInTheDocument();
    rerender(<TrialCountdown createdAt={new Date(NOW).toISOString()} planId={1} enabled={false} />);
    expect(timer()).not.toBeInTheDocument();
    rerender(<TrialCountdown createdAt={new Date(NOW).toISOString()} planId={1} enabled />);
    expect(digits()).toContain('3d05h30m00s');
  });
});

/** The shell's flags (GET /api/app-flags) have arrived, so a missing countdown is not just "not loaded yet". */
async function flagsLoaded(services: AppServices) {
  const key = services.$api.queryOptions('get', '/api/app-flags').queryKey;
  await waitFor(() => expect(services.queryClient.getQueryData(key)).toMatchObject({ data: { trialCountdown: true } }));
}

describe('trial countdown in the shell', () => {
  const backend = useTestBackend();
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('shows in the header for a free user who signed up minutes ago; not once the trial is over, not for Plus', async () => {
    // new@demo.test: plan 1, created 5 minutes ago
    const fresh = createTestServices(backend);
    await signInAs(fresh, 'new@demo.test');
    let view = renderRoute('/home', fresh);
    // the first render transforms the lazy routes: allow it time
    const banner = await screen.findByRole('banner', {}, { timeout: 15_000 });
    const t = await screen.findByRole('timer', { name: /^Free trial ends in 3 days, 5 hours and 2\d minutes$/ });
    expect(banner).toContainElement(t);
    view.unmount();
    localStorage.clear();

    // free@demo.test signed up 21 days ago: the trial is over
    const old = createTestServices(backend);
    await signInAs(old, 'free@demo.test');
    view = renderRoute('/home', old);
    await screen.findByRole('button', { name: /^Upgrade/ }, { timeout: 15_000 });
    await flagsLoaded(old);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    view.unmount();
    localStorage.clear();

    const plus = createTestServices(backend);
    await signInAs(plus, 'plus@demo.test');
    renderRoute('/home', plus);
    await screen.findByRole('button', { name: 'Upgrade' }, { timeout: 15_000 });
    await flagsLoaded(plus);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
