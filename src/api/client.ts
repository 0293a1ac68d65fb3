import createClient, { type Client, type Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from '@contract/schema.gen';
import { ApiError, NetworkError, toErrorBody } from './errors';
import { createTokenStore, type TokenStore } from './auth-storage';
import type { UnauthorizedReport } from '@machines/session.machine';

/** The application header sent with every call (spec 01 §7; openapi securitySchemes.appHeader). */
export const APP_HEADER_NAME = 'X-Application';
export const APP_HEADER_VALUE = 'writer-web';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** '' (same origin) by default; VITE_API_BASE_URL points the app at a real backend. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  tokens?: TokenStore;
  /** ms clock, injectable for tests */
  now?: () => number;
  /** when the page loaded (ms on the same clock as now): a 401 report says how long after it the answer came */
  pageLoadedAt?: number;
  /**
   * Told of every 401 answer, with what the session machine needs to decide (01 §4, §8): the message, the call and
   * the time since the page loaded. The client decides nothing: it neither clears the token nor navigates — the
   * session machine does both (machines/session.machine.ts); the app forwards this report to it.
   */
  onUnauthorized?: (report: UnauthorizedReport) => void;
  /** Told when a call could not reach the server at all (the app opens the no-network dialog). */
  onNetworkError?: (error: NetworkError) => void;
}

function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The client middleware, in request order: bearer token + app header + JSON accept on the way out;
 * on the way back every non-2xx becomes a thrown ApiError carrying the server's body, a 401 being
 * reported first (`onUnauthorized`); a fetch that never reached the server becomes a NetworkError.
 */
export function createApiMiddleware(opts: Required<Pick<ApiClientOptions, 'tokens' | 'now' | 'pageLoadedAt'>> & ApiClientOptions): Middleware {
  return {
    onRequest({ request }) {
      const auth = opts.tokens.get();
      if (auth) request.headers.set('Authorization', `Bearer ${auth.token}`);
      request.headers.set(APP_HEADER_NAME, APP_HEADER_VALUE);
      if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return undefined;
      const body = toErrorBody(response.status, await readBody(response), response.statusText);
      if (response.status === 401) {
        opts.onUnauthorized?.({
          message: body.message,
          request: { method: request.method, path: schemaPath, withToken: request.headers.has('Authorization') },
          sinceLoadMs: opts.now() - opts.pageLoadedAt,
        });
      }
      throw new ApiError(response.status, body);
    },
    onError({ error }) {
      if (error instanceof ApiError || isAbort(error)) return error as Error;
      const networkError = new NetworkError(error);
      opts.onNetworkError?.(networkError);
      return networkError;
    },
  };
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const now = options.now ?? (() => Date.now());
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    fetch: options.fetch,
  });
  client.use(
    createApiMiddleware({
      ...options,
      tokens: options.tokens ?? createTokenStore(),
      now,
      pageLoadedAt: options.pageLoadedAt ?? now(),
    }),
  );
  return client;
}

/** Hooks (useQuery / queryOptions) keyed by method + path + params, on a given client. */
export function createQueryHooksFor(client: ApiClient) {
  return createQueryHooks(client);
}
