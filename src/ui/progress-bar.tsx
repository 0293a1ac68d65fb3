import type { CSSProperties, HTMLAttributes } from 'react';
import { cx } from 'styled-system/css';
import { progress, type ProgressVariantProps } from 'styled-system/recipes';

/** Clamp to 0..100 (the bars' cap, 01 §9). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? 100 : 0;
  return Math.min(100, Math.max(0, value));
}

export type ProgressBarProps = Omit<HTMLAttributes<HTMLDivElement>, 'children'> &
  Pick<ProgressVariantProps, 'size'> & {
    /** 0..100, clamped (NaN → 0); `null` = indeterminate. */
    value: number | null;
    /** Accessible name of the progressbar (also shown above the bar unless `hideLabel`). */
    label: string;
    hideLabel?: boolean;
    /** Shows the percentage text. */
    showValue?: boolean;
  };

/**
 * The percentage as en-US writes it with no decimals ("42%"). Not Intl.NumberFormat: the page's first Intl
 * formatter costs ~25 ms (ICU start-up, measured in Chromium; ~100 ms at Lighthouse's 4× CPU slowdown), and this
 * module is evaluated on every signed-in first load (the shell's usage bar) where nothing else needs Intl yet.
 * Same result: the value is clamped to 0–100 and both round half up.
 */
const formatPercent = (value: number) => `${Math.round(value)}%`;

/**
 * A linear progress bar (spec 01 §5/§9: "Progress bars cap at 100 percent"): a `role="progressbar"` track with
 * aria-valuenow/min/max and the label as its accessible name, the range as wide as the value. Plain elements,
 * not Ark Progress (a bar has no interaction, so no state machine is needed — and the profile menu's credits
 * bar must not weigh on the shell's budget); the same recipe, parts and data-state as Ark's, so it looks the same
 * (including the 'complete' colour at 100 %). The ring (ui/progress.tsx) stays on Ark.
 */
export function ProgressBar({ value, label, hideLabel = false, showValue = false, size, className, ...props }: ProgressBarProps) {
  const safe = value === null ? null : clampPercent(value);
  const state = safe === null ? 'indeterminate' : safe === 100 ? 'complete' : 'loading';
  const classes = progress({ size, shape: 'linear' });
  const labelEl = (
    <span className={classes.label} data-scope="progress" data-part="label" style={hideLabel ? visuallyHidden : undefined}>
      {label}
    </span>
  );
  return (
    <div
      className={cx(classes.root, className)}
      data-scope="progress"
      data-part="root"
      data-state={state}
      data-max={100}
      data-value={safe ?? undefined}
      data-orientation="horizontal"
      style={{ '--percent': safe ?? undefined } as CSSProperties}
      {...props}
    >
      {(!hideLabel || showValue) && (
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: '0.5rem' }}>
          {labelEl}
          {showValue && (
            <span className={classes.valueText} data-scope="progress" data-part="value-text" aria-live="polite">
              {safe === null ? '' : formatPercent(safe)}
            </span>
          )}
        </div>
      )}
      {hideLabel && !showValue && labelEl}
      <div
        className={classes.track}
        data-scope="progress"
        data-part="track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={safe ?? undefined}
        data-state={state}
      >
        <div
          className={classes.range}
          data-scope="progress"
          data-part="range"
          data-state={state}
          data-orientation="horizontal"
          style={safe === null ? undefined : { width: `${safe}%` }}
        />
      </div>
    </div>
  );
}

/** The label kept for screen readers only (the ring in ./progress.tsx hides its label the same way). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
