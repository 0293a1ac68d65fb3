/**
 * Safe access to the browser storage that keeps the user's unsent work ('draft:<userId>:…' keys, which the
 * session keeps across sign-outs — src/actors/session.ts). Storage may be disabled (privacy mode) or full:
 * reads then give null and writes do nothing, so losing a draft copy never breaks the feature using it.
 */

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function safeStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string, store: KeyValueStore | null = safeStorage()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value`, or removes the key for null or ''. */
export function writeStored(key: string, value: string | null, store: KeyValueStore | null = safeStorage()) {
  try {
    if (value === null || value === '') store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled
  }
}
