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
