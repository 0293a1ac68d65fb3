import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_MODE_STORAGE_KEY, applyColorMode, initColorMode, setColorMode, useColorMode } from '@/ui/color-mode';

function mockSystemDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: dark && query.includes('dark'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.className = '';
  delete document.documentElement.dataset.theme;
});

describe('color mode', () => {
  it('follows prefers-color-scheme when nothing is stored', () => {
    mockSystemDark(true);
    const cleanup = initColorMode();
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    cleanup();
  });

  it('defaults to light when the system is light', () => {
    mockSystemDark(false);
    applyColorMode();
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("stores an explicit choice under 'color-mode' and 'system' clears it", () => {
    mockSystemDark(false);
    setColorMode('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    setColorMode('system');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBeNull();
    expect(document.documentElement).toHaveClass('light');
  });

  it('the hook toggles between light and dark', async () => {
    mockSystemDark(false);
    function Toggle() {
      const { resolved, toggle } = useColorMode();
      return <button onClick={toggle}>Mode: {resolved}</button>;
    }
    render(<Toggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Mode: light' }));
    expect(screen.getByRole('button', { name: 'Mode: dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    act(() => setColorMode('light'));
    expect(screen.getByRole('button', { name: 'Mode: light' })).toBeInTheDocument();
  });
});
