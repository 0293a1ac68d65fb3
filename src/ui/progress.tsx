import { Progress } from '@ark-ui/react/progress';
import { useRef, type ComponentProps } from 'react';
import { createStyleContext } from '../../styled-system/jsx';
import { progress } from '../../styled-system/recipes';

/**
 * Progress (Ark Progress, role=progressbar). Spec 01 §5/§9: "Progress bars cap at 100 percent; the
 * progress ring ignores values outside 0 to 100."
 *  - <ProgressBar value={n} />: n is clamped to 0..100 (NaN → 0); `null` = indeterminate.
 *  - <ProgressRing value={n} />: a value outside 0..100 (or NaN) is ignored — the ring keeps the last
 *    valid value it showed (0 when it never had one).
 */
const { withProvider, withContext } = createStyleContext(progress);

export const Root = withProvider(Progress.Root, 'root');
export const Label = withContext(Progress.Label, 'label');
export const ValueText = withContext(Progress.ValueText, 'valueText');
export const Track = withContext(Progress.Track, 'track');
export const Range = withContext(Progress.Range, 'range');
export const Circle = withContext(Progress.Circle, 'circle');
export const CircleTrack = withContext(Progress.CircleTrack, 'circleTrack');
export const CircleRange = withContext(Progress.CircleRange, 'circleRange');

/** Clamp to 0..100 (the bars' cap, 01 §9). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? 100 : 0;
  return Math.min(100, Math.max(0, value));
}

/** Whether a ring accepts the value (01 §5: values outside 0..100 are ignored). */
export function isRingValue(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}

type SharedProps = Omit<ComponentProps<typeof Root>, 'value' | 'defaultValue' | 'min' | 'max' | 'shape'> & {
  /** Accessible name of the progressbar (also shown above the bar unless `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  /** Shows the percentage text. */
  showValue?: boolean;
};

export type ProgressBarProps = SharedProps & { value: number | null };

export function ProgressBar({ value, label, hideLabel = false, showValue = false, ...props }: ProgressBarProps) {
  const safe = value === null ? null : clampPercent(value);
  return (
    <Root value={safe} min={0} max={100} shape="linear" {...props}>
      {(!hideLabel || showValue) && (
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: '0.5rem' }}>
          <Label style={hideLabel ? visuallyHidden : undefined}>{label}</Label>
          {showValue && <ValueText />}
        </div>
      )}
      {hideLabel && !showValue && <Label style={visuallyHidden}>{label}</Label>}
      <Track aria-label={label}>
        <Range />
      </Track>
    </Root>
  );
}

export type ProgressRingProps = SharedProps & { value: number | null | undefined };

export function ProgressRing({ value, label, hideLabel = true, showValue = false, ...props }: ProgressRingProps) {
  const last = useRef(0);
  if (isRingValue(value)) last.current = value;
  return (
    <Root value={last.current} min={0} max={100} shape="ring" {...props}>
      <Label style={hideLabel ? visuallyHidden : undefined}>{label}</Label>
      <Circle aria-label={label}>
        <CircleTrack />
        <CircleRange />
      </Circle>
      {showValue && <ValueText />}
    </Root>
  );
}

const visuallyHidden = {
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
