/**
 * The free plan's trial countdown (01 §4 "Trial countdown", 01 §9 "Trial length 3 days 5 h 30 min from signup"),
 * driven by machines/trial-countdown.machine.ts: ends 3 days 5 hours 30 minutes after the user's created_at,
 * shows days, hours, minutes and seconds, ticks each second, hides when zero or past, shown only for plan_id 1
 * when its flag is on (GET /api/app-flags trialCountdown).
 *
 * Accessibility: a role="timer" (implicitly aria-live="off", set explicitly too) whose accessible label has
 * minute precision; the ticking digits are hidden from assistive technology, so nothing is announced every second.
 * When the tab comes back into view the machine is re-anchored to the real clock (timers sleep in background tabs).
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { selectTrialCountdown, trialCountdownMachine } from '@machines/trial-countdown.machine';
import { countdownParts } from '@machines/time-parts';
import { TRIAL_LENGTH_MS } from '@machines/constants';
import { TRIAL_MESSAGES as M } from './messages';

export interface TrialCountdownProps {
  /** user.created_at (ISO date-time) */
  createdAt: string;
  planId: number;
  /** the flag that turns the countdown on */
  enabled: boolean;
}

const box = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '9',
  px: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'warning.default/40',
  bg: 'warning.subtle',
  color: 'warning.text',
  fontSize: 'xs',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
});
const label = css({ fontWeight: 'semibold' });
const endsIn = css({ display: { base: 'none', xl: 'inline' } });
const srOnly = css({ srOnly: true });
const trial = countdownParts(TRIAL_LENGTH_MS);
const digits = css({ display: 'inline-flex', gap: '1', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', fontSize: 'sm' });
const unit = css({ fontSize: 'xs', fontWeight: 'medium', opacity: 0.85, ml: '0.5' });

const pad = (n: number) => String(n).padStart(2, '0');

export function TrialCountdown({ createdAt, planId, enabled }: TrialCountdownProps) {
  const created = Date.parse(createdAt);
  if (!Number.isFinite(created)) return null;
  // A changed input (plan, flag, account) starts a new countdown.
  return <Countdown key={`${created}-${planId}-${enabled}`} createdAt={created} planId={planId} enabled={enabled} />;
}

function Countdown({ createdAt, planId, enabled }: { createdAt: number; planId: number; enabled: boolean }) {
  const actor = useActorRef(trialCountdownMachine, { input: { createdAt, now: Date.now(), planId, enabled } });
  const parts = useSelector(actor, selectTrialCountdown, (a, b) =>
    a === b || (!!a && !!b && a.days === b.days && a.hours === b.hours && a.minutes === b.minutes && a.seconds === b.seconds),
  );

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'trial.sync', now: Date.now() });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);

  if (!parts) return null;
  const { days, hours, minutes, seconds } = parts;
  return (
    <div
      role="timer"
      aria-live="off"
      aria-atomic="false"
      aria-label={M.label(days, hours, minutes)}
      aria-describedby="trial-countdown-about"
      title={M.about(trial.days, trial.hours, trial.minutes)}
      className={box}
      data-testid="trial-countdown"
    >
      <span aria-hidden="true">
        <span className={label}>{M.freeTrial}</span> <span className={endsIn}>{M.endsIn}</span>
      </span>
      <span className={digits} aria-hidden="true">
        <span>
          {days}
          <span className={unit}>d</span>
        </span>
        <span>
          {pad(hours)}
          <span className={unit}>h</span>
        </span>
        <span>
          {pad(minutes)}
          <span className={unit}>m</span>
        </span>
        <span>
          {pad(seconds)}
          <span className={unit}>s</span>
        </span>
      </span>
      <span id="trial-countdown-about" className={srOnly}>
        {M.about(trial.days, trial.hours, trial.minutes)}
      </span>
    </div>
  );
}
