import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useInitialFocus } from '@/ui/initial-focus';

/**
 * The sign-in pages' first field is focused once the page has painted (src/ui/initial-focus.ts), not during React's
 * commit as autoFocus does. Simulated time: one animation frame, then the timer after it.
 */
function Form() {
  const first = useInitialFocus<HTMLInputElement>();
  return (
    <form>
      <input aria-label="Email" ref={first} />
      <input aria-label="Password" />
    </form>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the first field’s focus', () => {
  it('comes after the first frame, not in the commit', async () => {
    render(<Form />);
    expect(screen.getByLabelText('Email')).not.toHaveFocus();
    await act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByLabelText('Email')).not.toHaveFocus(); // the frame itself: layout and paint
    await act(() => vi.runOnlyPendingTimers());
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('is not taken from a field the visitor is already in', async () => {
    render(<Form />);
    screen.getByLabelText('Password').focus();
    await act(() => vi.advanceTimersToNextFrame());
    await act(() => vi.runOnlyPendingTimers());
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('is dropped when the page goes away first', async () => {
    const { unmount } = render(<Form />);
    unmount();
    await act(() => vi.advanceTimersToNextFrame());
    await act(() => vi.runOnlyPendingTimers());
    expect(vi.getTimerCount()).toBe(0);
    expect(document.activeElement).toBe(document.body);
  });
});
