/**
 * Colour mode: 'light' | 'dark' | 'system' (default). The choice is stored in localStorage
 * 'color-mode'; the resolved mode is applied as a `dark`/`light` class and `data-theme` on <html>
 * (the Panda `dark` condition matches `.dark &, [data-theme=dark] &`). 'system' follows
 * prefers-color-scheme and updates live.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark' | 'system';
export type ResolvedColorMode = 'light' | 'dark';

export const COLOR_MODE_STORAGE_KEY = 'color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
let mediaCleanup: (() => void) | null = null;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function getStoredColorMode(): ColorMode {
  const value = storage()?.getItem(COLOR_MODE_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function getSystemColorMode(): ResolvedColorMode {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveColorMode(mode: ColorMode = getStoredColorMode()): ResolvedColorMode {
  return mode === 'system' ? getSystemColorMode() : mode;
}

/** Applies the resolved mode to <html>. */
export function applyColorMode(mode: ColorMode = getStoredColorMode()): ResolvedColorMode {
  const resolved = resolveColorMode(mode);
  if (typeof document !== 'undefined') {
    const root = document.documentElement;
    root.classList.toggle('dark', resolved === 'dark');
    root.classList.toggle('light', resolved === 'light');
    root.dataset.theme = resolved;
    root.style.colorScheme = resolved;
  }
  return resolved;
}

function emit() {
  for (const listener of listeners) listener();
}

/** Stores the choice ('system' removes it) and applies it. */
export function setColorMode(mode: ColorMode): void {
  const store = storage();
  if (mode === 'system') store?.removeItem(COLOR_MODE_STORAGE_KEY);
  else store?.setItem(COLOR_MODE_STORAGE_KEY, mode);
  applyColorMode(mode);
  emit();
}

/**
 * Call once before the first render (src/main.tsx): applies the stored/system mode and keeps
 * following the OS setting while the choice is 'system'. Returns a cleanup.
 */
export function initColorMode(): () => void {
  applyColorMode();
  if (!mediaCleanup && typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => {
      if (getStoredColorMode() === 'system') {
        applyColorMode('system');
        emit();
      }
    };
    media.addEventListener?.('change', onChange);
    const onStorage = (e: StorageEvent) => {
      if (e.key === COLOR_MODE_STORAGE_KEY) {
        applyColorMode();
        emit();
      }
    };
    window.addEventListener('storage', onStorage);
    mediaCleanup = () => {
      media.removeEventListener?.('change', onChange);
      window.removeEventListener('storage', onStorage);
      mediaCleanup = null;
    };
  }
  return () => mediaCleanup?.();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: { mode, resolved, setMode, toggle }. `toggle` flips between light and dark. */
export function useColorMode() {
  const mode = useSyncExternalStore(subscribe, getStoredColorMode, () => 'system' as ColorMode);
  const resolved = useSyncExternalStore(subscribe, () => resolveColorMode(), () => 'light' as ResolvedColorMode);
  const toggle = useCallback(() => setColorMode(resolveColorMode() === 'dark' ? 'light' : 'dark'), []);
  return { mode, resolved, setMode: setColorMode, toggle };
}
