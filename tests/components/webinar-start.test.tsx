import { describe, expect, it } from 'vitest';
import { formatWebinarStart } from '@/features/shell/webinar-button';

describe("the webinar button's start time", () => {
  it('is written in en-US in the local time zone: weekday, 12-hour clock, minutes, AM/PM', () => {
    expect(formatWebinarStart(new Date(2026, 0, 8, 14, 30).getTime())).toBe('Thu 2:30 PM');
    expect(formatWebinarStart(new Date(2026, 0, 9, 0, 5).getTime())).toBe('Fri 12:05 AM');
    expect(formatWebinarStart(new Date(2026, 0, 12, 12, 0).getTime())).toBe('Mon 12:00 PM');
    expect(formatWebinarStart(Number.NaN)).toBe('');
  });

  it('says what Intl would say for en-US (which also writes a narrow space before AM/PM)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });
    for (let h = 0; h < 24 * 7; h += 5) {
      const ms = new Date(2026, 2, 2, h, (h * 7) % 60).getTime();
      expect(formatWebinarStart(ms)).toBe(intl.format(ms).replace(/\s/g, ' '));
    }
  });
});
