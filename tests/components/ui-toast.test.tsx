import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_DURATION_MS, TOAST_DURATION_MS, Toaster, snackbar, toast, toaster } from '@/ui/toast';

describe('toasts (01 §8: toasts 3000 ms, snackbar 6000 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    act(() => toaster.remove());
    vi.useRealTimers();
  });

  it('uses the spec durations', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(SNACKBAR_DURATION_MS).toBe(6000);
  });

  it('shows a success toast and hides it after 3000 ms', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Blog Posted');
    });
    expect(await screen.findByText('Blog Posted')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000 - 500);
    });
    expect(screen.getByText('Blog Posted')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.queryByText('Blog Posted')).not.toBeInTheDocument();
  });

  it('an error toast also lasts 3000 ms', () => {
    const id = toast.error('Something went wrong');
    const created = toaster.getVisibleToasts().find((t) => t.id === id);
    expect(created?.type).toBe('error');
    expect(created?.duration).toBe(3000);
  });

  it('a snackbar stays for 6000 ms', async () => {
    render(<Toaster />);
    act(() => {
      snackbar('Operation failed. Please try again!!!', { type: 'error' });
    });
    expect(await screen.findByText('Operation failed. Please try again!!!')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(screen.getByText('Operation failed. Please try again!!!')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.queryByText('Operation failed. Please try again!!!')).not.toBeInTheDocument();
  });

  it('can be dismissed with its labelled close button', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
    });
    await screen.findByText('Saved');
    act(() => {
      screen.getByRole('button', { name: 'Dismiss notification' }).click();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
