/** Error bodies of spec 01 §8 (ErrorBody in openapi/components/schemas.yaml). */
export const MSG = {
  unauthenticated: 'Unauthenticated.',
  tokenExpired: 'Token expired.',
  invalid: 'The given data was invalid.',
  notFound: 'Not Found',
  tooLarge: 'The request body is too large (limit 1 MB).',
  server: 'Server Error',
  /** openapi/paths/auth.yaml login 401: "Wrong email or password (message 'Invalid credentials.')". */
  invalidCredentials: 'Invalid credentials.',
} as const;

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 422 | 455 | 500 | 503,
    message: string,
    readonly extra: { type?: string; errors?: FieldErrors } = {},
  ) {
    super(message);
  }
  body() {
    return { message: this.message, ...this.extra };
  }
}

export function validationError(errors: FieldErrors, message: string = MSG.invalid): HttpError {
  return new HttpError(422, message, { type: 'validation', errors });
}
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const unauthenticated = () => new HttpError(401, MSG.unauthenticated);

/**
 * PostgreSQL data exceptions that only a request's own values cause: a number out of a column's range
 * (22003, e.g. an integer id of 2^40 in a body whose schema sets no maximum), a string longer than its column
 * (22001), a number PostgreSQL cannot read as its column's type (22P02, e.g. -1e+21 for an integer: JSON Schema's
 * "integer" accepts it), a NUL or other character PostgreSQL cannot store (22021, 22P05). They are answered as invalid
 * data (422) instead of a server error; the failed statement's transaction is rolled back as for any error.
 */
const CLIENT_DATA_SQLSTATES = new Set(['22003', '22001', '22P02', '22021', '22P05']);
export function clientDataError(err: unknown): HttpError | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CLIENT_DATA_SQLSTATES.has(code))
      return validationError({ body: ['A value is out of range or contains characters that cannot be stored.'] });
  }
  return undefined;
}
