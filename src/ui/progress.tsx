import { Progress } from '@ark-ui/react/progress';
import { useRef, type ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { progress } from 'styled-system/recipes';
import { visuallyHidden } from './progress-bar';

/**
 * Progress. Spec 01 §5/§9: "Progress bars cap at 100 percent; the progress ring ignores values outside 0 to 100."
 *  - <ProgressBar value={n} />: n is clamped to 0..100 (NaN → 0); `null` = indeterminate. Plain elements
 *    (./progress-bar.tsx), re-exported here.
 *  - <ProgressRing value={n} /> (Ark Progress, role=progressbar): a value outside 0..100 (or NaN) is ignored —
 *    the ring keeps the last valid value it showed (0 when it never had one).
 */
export { ProgressBar, clampPercent, type ProgressBarProps } from './progress-bar';

const { withProvider, withContext } = createStyleContext(progress);

export const Root = withProvider(Progress.Root, 'root');
export const Label = withContext(Progress.Label, 'label');
export const ValueText = withContext(Progress.ValueText, 'valueText');
export const Track = withContext(Progress.Track, 'track');
export const Range = withContext(Progress.Range, 'range');
export const Circle = withContext(Progress.Circle, 'circle');
export const CircleTrack = withContext(Progress.CircleTrack, 'circleTrack');
export const CircleRange = withContext(Progress.CircleRange, 'circleRange');

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

