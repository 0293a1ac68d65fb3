/** Handler types derived from the generated OpenAPI types (never written by hand). */
import type { paths, components } from '../openapi/generated/schema.gen';

export type Schemas = components['schemas'];
export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Op<P extends ApiPath, M extends Method> = NonNullable<paths[P][M & keyof paths[P]]>;

/** The JSON request body of an operation. */
export type JsonBody<P extends ApiPath, M extends Method> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The JSON response body of an operation for a status code. */
export type JsonResponse<P extends ApiPath, M extends Method, S extends number> =
  Op<P, M> extends { responses: infer R }
    ? S extends keyof R
      ? R[S] extends { content: { 'application/json': infer B } }
        ? B
        : never
      : never
    : never;

/** The query parameters of an operation. */
export type QueryParams<P extends ApiPath, M extends Method> =
  Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
