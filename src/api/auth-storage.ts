/**
 * The bearer token is kept in local storage with its login time (spec 01 §4 Authentication).
 * A storage port so the client and tests can use any Storage.
 */
export interface StoredAuth {
  token: string;
  /** epoch ms of the sign-in */
  loginTime: number;
}

const KEY = 'auth';

export interface TokenStore {
  get(): StoredAuth | null;
  set(auth: StoredAuth): void;
  clear(): void;
}

export function createTokenStore(storage: Storage | undefined = globalThis.localStorage): TokenStore {
  return {
    get() {
      try {
        const raw = storage?.getItem(KEY);
        if (!raw) return null;
        const parsed = JSON.parse(raw) as StoredAuth;
        return typeof parsed?.token === 'string' && parsed.token ? parsed : null;
      } catch {
        return null;
      }
    },
    set(auth) {
      storage?.setItem(KEY, JSON.stringify(auth));
    },
    clear() {
      storage?.removeItem(KEY);
    },
  };
}
