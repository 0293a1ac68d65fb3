import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar, ProgressRing, clampPercent } from '@/ui/progress';

describe('ProgressBar (01 §9: bars cap at 100 %)', () => {
  it.each([
    [40, '40'],
    [100, '100'],
    [180, '100'],
    [-20, '0'],
    [Number.NaN, '0'],
  ])('value %s is shown as %s %%', (value, shown) => {
    render(<ProgressBar label="Usage" value={value} />);
    expect(screen.getByRole('progressbar', { name: 'Usage' })).toHaveAttribute('aria-valuenow', shown);
  });

  it('fills its range at most to 100 %', () => {
    const { container } = render(<ProgressBar label="Usage" value={250} />);
    const range = container.querySelector('[data-part="range"]') as HTMLElement;
    expect(range.style.width).toBe('100%');
  });

  it('shows its value as en-US percent text with no decimals, exactly as Intl would write it (without creating a formatter)', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
    for (const value of [0, 0.4, 0.5, 12.49, 12.5, 42, 99.4, 99.5, 100, 180]) {
      const { container, unmount } = render(<ProgressBar label="Usage" value={value} showValue />);
      expect(container.querySelector('[data-part="root"]')?.textContent).toContain(intl.format(clampPercent(value) / 100));
      unmount();
    }
  });

  it('clampPercent caps both ends', () => {
    expect(clampPercent(150)).toBe(100);
    expect(clampPercent(-1)).toBe(0);
    expect(clampPercent(Infinity)).toBe(100);
    expect(clampPercent(55.5)).toBe(55.5);
  });
});

describe('ProgressRing (01 §5: ignores values outside 0..100)', () => {
  it('shows an in-range value', () => {
    render(<ProgressRing label="Video progress" value={30} />);
    expect(screen.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute('aria-valuenow', '30');
  });

  it('ignores a value above 100 or below 0 and keeps the last valid one', () => {
    const { rerender } = render(<ProgressRing label="Video progress" value={30} />);
    rerender(<ProgressRing label="Video progress" value={140} />);
    expect(screen.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute('aria-valuenow', '30');
    rerender(<ProgressRing label="Video progress" value={-5} />);
    expect(screen.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute('aria-valuenow', '30');
    rerender(<ProgressRing label="Video progress" value={75} />);
    expect(screen.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute('aria-valuenow', '75');
  });

  it('starts at 0 when its first value is out of range', () => {
    render(<ProgressRing label="Video progress" value={400} />);
    expect(screen.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute('aria-valuenow', '0');
  });
});
