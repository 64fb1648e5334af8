/**
 * The request primitive of the API client (issue 11), on its own so that each login method's
 * typed calls (`methods/<id>/api.ts`) import it without importing `createApiClient`.
 */

/** Parameters of {@link ApiRequest} (`ApiClient.request`). */
export type ApiRequestParameters = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path from `ROUTES`, e.g. `/api/v1/users/me`. */
  path: string;
  /** JSON body. */
  body?: unknown;
  /**
   * Retry on network errors and 5xx. Defaults to true for GET and for `POST /api/v1/sessions`,
   * false otherwise: code sends and code checks are never retried. A refresh is retried after
   * a timeout too: the server answers a just-rotated token again with the same successor.
   */
  retry?: boolean;
  /** Bearer token to send instead of `getAccessToken()`; `null` sends none. */
  accessToken?: string | null;
  /**
   * Lets the request outlive the page (`fetch`'s `keepalive`): a logout still reaches the
   * server when the user closes the tab or navigates away right after it. Small bodies only.
   */
  keepalive?: boolean;
};

/**
 * One request to the Latchkey API: JSON in, the answer's JSON (typed `T`, not checked) out.
 * @throws {ApiError} on a non-2xx answer; {TimeoutError}, {NetworkError} (spec section 9).
 */
export type ApiRequest = <T>(parameters: ApiRequestParameters) => Promise<T>;

/** Overrides the bearer token of one call: a token, or `null` to send none. */
export type BearerOption = { accessToken?: string | null };

/**
 * A typed `POST` of a JSON body `B` to `path`, answering `R`: never retried, with an optional
 * bearer override. `B` and `R` are inferred from the method's API type, so a method's
 * `api.ts` is one line per route: `sendEmailCode: postTo(request, ROUTES.passwordlessInit)`.
 *
 * @param request - The client's request primitive.
 * @param path - A path from `ROUTES`.
 * @returns `(body, options?) => Promise<R>`; throws as {@link ApiRequest}.
 */
export function postTo<B, R>(
  request: ApiRequest,
  path: string,
): (body: B, options?: BearerOption) => Promise<R> {
  return (body, options = {}) => request<R>({ method: 'POST', path, body, ...options });
}

/**
 * The routes of a method's typed calls (`methods/<id>/api.ts`): each call name of `Calls` to
 * the path (from `ROUTES`) it `POST`s to with {@link postTo}.
 */
export type ApiRoutes<Calls> = { readonly [Name in keyof Calls]: string };
