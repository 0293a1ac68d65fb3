import { describe, expect, test, vi } from 'vitest';
import { createApiClient, APP_HEADER_NAME, APP_HEADER_VALUE } from '@/api/client';
import { ApiError, NetworkError } from '@/api/errors';
import type { TokenStore, StoredAuth } from '@/api/auth-storage';

function memoryTokens(initial: StoredAuth | null = { token: 'tok-1', loginTime: 0 }): TokenStore {
  let value = initial;
  return { get: () => value, set: (v) => void (value = v), clear: () => void (value = null) };
}

function respond(status: number, body: unknown) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('api client middleware', () => {
  test('every call carries the bearer token, the application header and asks for JSON', async () => {
    const fetch = respond(200, { status: 'ok' });
    const api = createApiClient({ baseUrl: 'http://api.test', fetch, tokens: memoryTokens() });
    await api.GET('/api/health');
    const req = fetch.mock.calls[0][0] as Request;
    expect(req.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(req.headers.get(APP_HEADER_NAME)).toBe(APP_HEADER_VALUE);
    expect(req.headers.get('Accept')).toBe('application/json');
  });

  test('a failed call rejects with the server’s body as a typed ApiError', async () => {
    const body = { message: 'The given data was invalid.', type: 'validation', errors: { email: ['The email field is required.'] } };
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: respond(422, body), tokens: memoryTokens() });
    const error = await api.POST('/api/auth/login', { body: { email: '', password: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: body.message, type: 'validation', errors: body.errors });
    expect((error as ApiError).fieldError('email')).toBe('The email field is required.');
  });

  test('a network failure raises the no-network event and rejects with NetworkError', async () => {
    const onNetworkError = vi.fn();
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      tokens: memoryTokens(),
      onNetworkError,
    });
    await expect(api.GET('/api/health')).rejects.toBeInstanceOf(NetworkError);
    expect(onNetworkError).toHaveBeenCalledOnce();
  });

  test('an aborted call is not a network failure', async () => {
    const onNetworkError = vi.fn();
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: async () => {
        throw new DOMException('aborted', 'AbortError');
      },
      tokens: memoryTokens(),
      onNetworkError,
    });
    await expect(api.GET('/api/health')).rejects.toMatchObject({ name: 'AbortError' });
    expect(onNetworkError).not.toHaveBeenCalled();
  });

  describe('401 answers: reported to the session, never decided here (the policy is machines/session.machine.ts)', () => {
    // the same facts at every time and for every message: the client neither clears the token nor navigates
    const cases = [
      { at: 0, message: 'Token expired.' },
      { at: 4999, message: 'Unauthenticated.' },
      { at: 5000, message: 'Token expired.' },
      { at: 65_000, message: 'Unauthenticated.' },
      { at: 65_000, message: 'Something else' },
    ] as const;
    for (const c of cases) {
      test(`'${c.message}' ${c.at} ms after page load → reported with the call and the time; the token stays`, async () => {
        let now = 1_000_000;
        const tokens = memoryTokens();
        const onUnauthorized = vi.fn();
        const api = createApiClient({ baseUrl: 'http://api.test', fetch: respond(401, { message: c.message }), tokens, now: () => now, pageLoadedAt: now, onUnauthorized });
        now += c.at;
        await expect(api.GET('/api/auth/getUser')).rejects.toMatchObject({ status: 401, message: c.message });
        expect(onUnauthorized.mock.calls).toEqual([
          [{ message: c.message, request: { method: 'GET', path: '/api/auth/getUser', withToken: true }, sinceLoadMs: c.at }],
        ]);
        expect(tokens.get()).toEqual({ token: 'tok-1', loginTime: 0 });
      });
    }

    test('a wrong password on sign-in is reported as it is (no token, the sign-in path); the session machine ignores it', async () => {
      const tokens = memoryTokens(null);
      const onUnauthorized = vi.fn();
      const api = createApiClient({ baseUrl: 'http://api.test', fetch: respond(401, { message: 'Invalid credentials.' }), tokens, onUnauthorized, now: () => 10 ** 9, pageLoadedAt: 0 });
      await expect(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).toHaveBeenCalledWith({
        message: 'Invalid credentials.',
        request: { method: 'POST', path: '/api/auth/login', withToken: false },
        sinceLoadMs: 10 ** 9,
      });
    });

    test('other failures are not reported', async () => {
      const onUnauthorized = vi.fn();
      const api = createApiClient({ baseUrl: 'http://api.test', fetch: respond(403, { message: 'Forbidden' }), tokens: memoryTokens(), onUnauthorized });
      await expect(api.GET('/api/auth/getUser')).rejects.toMatchObject({ status: 403 });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });
});
