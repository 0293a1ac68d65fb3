import { API_ERROR_DEFAULT_MESSAGE } from '@machines/constants';
/** The error body every failed call carries (openapi components/schemas/ErrorBody). */
export interface ApiErrorBody {
  message: string;
  type?: string;
  errors?: Record<string, string[]>;
}

/** A call the server answered with a non-2xx status: carries the server's own body. */
export class ApiError extends Error implements ApiErrorBody {
  readonly name = 'ApiError';
  readonly type?: string;
  readonly errors?: Record<string, string[]>;
  constructor(
    readonly status: number,
    body: ApiErrorBody,
  ) {
    super(body.message);
    this.type = body.type;
    this.errors = body.errors;
  }
  /** The first message for a field, as forms show it. */
  fieldError(field: string): string | undefined {
    return this.errors?.[field]?.[0];
  }
}

/** The request never reached the server (offline, DNS, connection refused). */
export class NetworkError extends Error {
  readonly name = 'NetworkError';
  constructor(readonly cause?: unknown) {
    super('Network request failed');
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Turn any body a server sent into the error body shape, never losing its message. */
export function toErrorBody(status: number, raw: unknown, statusText = ''): ApiErrorBody {
  if (raw && typeof raw === 'object' && typeof (raw as { message?: unknown }).message === 'string') {
    const r = raw as ApiErrorBody;
    return { message: r.message, type: r.type, errors: r.errors };
  }
  if (typeof raw === 'string' && raw.trim()) return { message: raw.trim().slice(0, 500) };
  // 01 §8: a server failure without a message shows the default 'Something went Wrong !'
  if (status >= 500) return { message: API_ERROR_DEFAULT_MESSAGE };
  return { message: statusText || `Request failed with status ${status}` };
}
