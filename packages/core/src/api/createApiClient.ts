import {
  type AcceptTermsRequest,
  type AccountUpdateResponse,
  API_REQUEST_RETRIES,
  API_TIMEOUT_MS,
  APP_ID_HEADER,
  CLIENT_HEADER,
  DPOP_HEADER,
  type ForkSessionResponse,
  type RefreshRequest,
  ROUTES,
  SESSION_ROUTES,
  type ServerAppConfig,
  type SessionResponse,
  type UserResponse,
} from '@latchkey/api';
import { LatchkeyError } from '../errors/base.ts';
import { NetworkError, parseApiError, TimeoutError } from '../errors/request.ts';
import { type MethodApis, methodApis } from './methods/index.ts';
import {
  type ApiRequest,
  type ApiRequestParameters,
  type BearerOption,
  postTo,
} from './request.ts';

export type { ApiRequest, ApiRequestParameters, BearerOption } from './request.ts';
export type { MethodApis } from './methods/index.ts';

/** Value of the `latchkey-client` header. */
export const CLIENT_NAME = 'latchkey-core:0.1.0';
/** First delay between retries, in ms; doubles after each retry (250, 500, 1000). */
export const RETRY_BASE_DELAY_MS = 250;
/**
 * Longest wait before a retry that a `Retry-After` header can ask for, in ms: a longer one
 * (a misconfigured proxy, a far-off HTTP date) is cut to this, so retries stay bounded.
 */
export const MAX_RETRY_AFTER_MS = 5_000;

/** Parameters of {@link createApiClient}. */
export type CreateApiClientParameters = {
  /** The app id, sent as the `latchkey-app-id` header. */
  appId: string;
  /** Base URL of the Latchkey API, e.g. `http://localhost:8787` (a trailing slash is ignored). */
  apiUrl: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Timeout of each attempt, in ms. Default 20000 (spec section 9). */
  timeoutMs?: number;
  /**
   * Extra attempts for retriable requests on network errors and 5xx (a 503's `Retry-After` is
   * honoured, up to {@link MAX_RETRY_AFTER_MS}). Default 3 (spec section 9).
   */
  retries?: number;
  /** First delay between retries, in ms (doubles each time). Default 250. */
  retryDelayMs?: number;
  /** Returns the access token to send as `Authorization: Bearer`, or null for none. */
  getAccessToken?: () => string | null;
  /**
   * The `DPoP` proof for a login call (`SESSION_ROUTES`) to `htu`, from the wallet frame's key,
   * or null to send none (issue 10). Asked once per attempt. `serverNowMs` is the server's clock
   * as last seen in a response's `Date` header (the proof's `iat` must be within 300 s of it, so
   * a device clock that is off still works).
   */
  loginProof?: (htu: string, serverNowMs: number) => Promise<string | null>;
};

/** A typed client of the Latchkey API (spec section 7). Every method may throw {@link ApiError},
 * {@link TimeoutError} or {@link NetworkError}. */
export type ApiClient = ApiSessionCalls & MethodApis;

/**
 * The method-neutral part of {@link ApiClient}: the request primitive, app config, sessions,
 * the user and terms. Each login method's typed calls ({@link MethodApis}) live in
 * `methods/<id>/api.ts` and join through the API registry `api/methods/index.ts` (issue 11).
 */
export type ApiSessionCalls = {
  /** Base URL without trailing slash. */
  readonly apiUrl: string;
  /** Low-level request: JSON in, JSON out; non-2xx becomes an `ApiError`. */
  request: ApiRequest;
  /** `GET /api/v1/apps/{appId}`. Retried. */
  getAppConfig(): Promise<ServerAppConfig>;
  /** `POST /api/v1/sessions`. Retried. Omit `refresh_token` to use the refresh cookie. */
  refreshSession(
    parameters?: RefreshRequest,
    options?: { accessToken?: string | null },
  ): Promise<SessionResponse>;
  /**
   * `POST /api/v1/sessions/fork` (issue 21): rotates the caller's session and starts a second
   * one of the same user. Not retried (a repeat would start a third session). Omit
   * `refresh_token` to use the refresh cookie.
   */
  forkSession(
    parameters?: RefreshRequest,
    options?: { accessToken?: string | null },
  ): Promise<ForkSessionResponse>;
  /** `POST /api/v1/sessions/logout`, with `keepalive` (it outlives the page). Not retried. */
  logout(parameters?: RefreshRequest, options?: { accessToken?: string | null }): Promise<void>;
  /** `GET /api/v1/users/me`. Retried. */
  getMe(options?: { accessToken?: string | null }): Promise<UserResponse>;
  /** `POST /api/v1/users/me/accept_terms` (bearer token, empty body). Never retried. */
  acceptTerms(
    parameters: AcceptTermsRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
};

/**
 * Creates the HTTP client of the Latchkey API (spec sections 7 and 9).
 *
 * Each attempt is aborted after `timeoutMs` (default 20000 ms) with a {@link TimeoutError}.
 * Network errors and 5xx answers are retried up to `retries` times (default 3, with
 * 250/500/1000 ms back-off, or longer when the answer's `Retry-After` asks for it, capped at
 * {@link MAX_RETRY_AFTER_MS}) for GET and `POST /api/v1/sessions` only. A timed-out refresh
 * (`POST /api/v1/sessions`) is retried with the same token, as its answer may have been lost
 * after the server rotated it (the server's reuse interval answers it with the same successor);
 * other timeouts are not retried.
 * Every request sends `latchkey-app-id`, `credentials: 'include'` and, when a token is held,
 * `Authorization: Bearer`.
 *
 * @param parameters - See {@link CreateApiClientParameters}.
 * @returns An {@link ApiClient}.
 * @throws {ApiError} on a non-2xx answer, parsed from `{ error, code }`.
 * @throws {TimeoutError} code `client_request_timeout` after `timeoutMs`.
 * @throws {NetworkError} code `network_error` when `fetch` rejects after the retries.
 * @example
 * const api = createApiClient({ appId, apiUrl: 'http://localhost:8787' });
 * const config = await api.getAppConfig();
 */
export function createApiClient(parameters: CreateApiClientParameters): ApiClient {
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '');
  const timeoutMs = parameters.timeoutMs ?? API_TIMEOUT_MS;
  const retries = parameters.retries ?? API_REQUEST_RETRIES;
  const retryDelayMs = parameters.retryDelayMs ?? RETRY_BASE_DELAY_MS;

  async function attempt(p: ApiRequestParameters): Promise<Response> {
    const doFetch = parameters.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = {
      accept: 'application/json',
      [APP_ID_HEADER]: parameters.appId,
      [CLIENT_HEADER]: CLIENT_NAME,
    };
    const token =
      p.accessToken !== undefined ? p.accessToken : (parameters.getAccessToken?.() ?? null);
    if (token) headers.authorization = `Bearer ${token}`;
    if (p.body !== undefined) headers['content-type'] = 'application/json';
    if (parameters.loginProof && p.method === 'POST' && SESSION_ROUTES.includes(p.path)) {
      const proof = await parameters.loginProof(`${apiUrl}${p.path}`, Date.now() + serverOffsetMs);
      if (proof) headers[DPOP_HEADER] = proof;
    }
    const label = `${p.method} ${p.path}`;
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
        reject(new TimeoutError({ timeoutMs, request: label }));
      }, timeoutMs);
    });
    try {
      // Race as well as abort: a fetch that ignores the signal still times out.
      return await Promise.race([
        doFetch(`${apiUrl}${p.path}`, {
          method: p.method,
          headers,
          credentials: 'include',
          body: p.body === undefined ? undefined : JSON.stringify(p.body),
          signal: controller.signal,
          ...(p.keepalive ? { keepalive: true } : {}),
        }),
        timeout,
      ]);
    } catch (error) {
      if (error instanceof TimeoutError) throw error;
      if (timedOut) throw new TimeoutError({ timeoutMs, request: label, cause: error });
      throw new NetworkError({ request: label, cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Server clock minus this device's, in ms, from the latest `Date` header (1 s precision). */
  let serverOffsetMs = 0;
  function observeServerClock(response: Response) {
    const date = Date.parse(response.headers?.get?.('date') ?? '');
    if (!Number.isNaN(date)) serverOffsetMs = date - Date.now();
  }

  async function request<T>(p: ApiRequestParameters): Promise<T> {
    const isRefresh = p.method === 'POST' && p.path === ROUTES.sessions;
    const isLogin =
      parameters.loginProof !== undefined && p.method === 'POST' && SESSION_ROUTES.includes(p.path);
    let proofRetried = false;
    const retriable = p.retry ?? (p.method === 'GET' || p.path === ROUTES.sessions);
    const label = `${p.method} ${p.path}`;
    for (let attemptIndex = 0; ; attemptIndex++) {
      const canRetry = retriable && attemptIndex < retries;
      let response: Response;
      try {
        response = await attempt(p);
      } catch (error) {
        if (
          canRetry &&
          (error instanceof NetworkError || (isRefresh && error instanceof TimeoutError))
        ) {
          await sleep(retryDelayMs * 2 ** attemptIndex);
          continue;
        }
        throw error;
      }
      if (response.status >= 500 && canRetry) {
        await response.body?.cancel().catch(() => {});
        const asked = retryAfterMs(response.headers.get('retry-after'), Date.now());
        const backoff = retryDelayMs * 2 ** attemptIndex;
        await sleep(
          asked === undefined ? backoff : Math.max(backoff, Math.min(asked, MAX_RETRY_AFTER_MS)),
        );
        continue;
      }
      observeServerClock(response);
      const body = await readJson(response);
      if (!response.ok) {
        const error = parseApiError(response.status, body, response.headers, label);
        // A login proof refused (e.g. its iat, by a device clock that is off): the server has not
        // looked at the credentials yet, so one more try with a proof on the server's clock.
        if (isLogin && !proofRetried && error.code === 'invalid_dpop_proof') {
          proofRetried = true;
          attemptIndex--;
          continue;
        }
        throw error;
      }
      return body as T;
    }
  }

  return {
    apiUrl,
    request,
    getAppConfig: () =>
      request<ServerAppConfig>({ method: 'GET', path: ROUTES.appConfig(parameters.appId) }),
    refreshSession: (body = {}, options = {}) =>
      request<SessionResponse>({ method: 'POST', path: ROUTES.sessions, body, ...options }),
    forkSession: (body = {}, options = {}) =>
      request<ForkSessionResponse>({ method: 'POST', path: ROUTES.sessionsFork, body, ...options }),
    logout: async (body = {}, options = {}) => {
      // keepalive: the session ends on the server even when the page closes right after.
      await request<unknown>({
        method: 'POST',
        path: ROUTES.logout,
        body,
        keepalive: true,
        ...options,
      });
    },
    getMe: (options = {}) =>
      request<UserResponse>({ method: 'GET', path: ROUTES.usersMe, ...options }),
    ...methodApis(request),
    acceptTerms: postTo(request, ROUTES.acceptTerms),
  };
}

async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new LatchkeyError('Could not read the API answer.', {
      code: 'network_error',
      cause: error,
    });
  }
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    if (response.ok) {
      throw new LatchkeyError('The API answered with invalid JSON.', {
        code: 'invalid_response',
        details: text.slice(0, 200),
      });
    }
    return undefined;
  }
}

/**
 * The wait a `Retry-After` header asks for, in ms: delay-seconds (`"2"`) or an HTTP date
 * (relative to `nowMs`, at least 0). Undefined when absent or unreadable.
 */
function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
