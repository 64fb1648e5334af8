/**
 * One structured log line per HTTP request (issue 12): request id, method, route pattern,
 * status and duration. Built from libraries: Hono's `requestId` middleware (honours a safe
 * incoming `X-Request-Id`, else a random UUID, and echoes it), Hono's `routePath` (the matched
 * route's pattern) and pino.
 *
 * What is logged is an allow-list of those five fields: never the raw path (it carries ids),
 * the query string, headers (authorization, cookies), bodies (codes, passwords, shares) or
 * tokens. A line looks like
 * `{"level":30,"time":...,"pid":...,"hostname":"...","requestId":"...","method":"POST","route":"/api/v1/passwordless/init","status":200,"durationMs":4.21,"msg":"request"}`.
 */
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { Logger } from './logger.ts';

/** The request id header, read and echoed. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Longest incoming request id kept, in characters. An incoming id is kept only when it is 1-128
 * characters of `A-Z a-z 0-9 _ - =` (Hono's `requestId` check); anything else is replaced.
 */
export const REQUEST_ID_MAX_LENGTH = 128;

/** The fields of one request line (besides pino's own). */
export interface RequestLogFields {
  /** The incoming `X-Request-Id` when safe, else a random UUID; also the response header. */
  requestId: string;
  /** The HTTP method. */
  method: string;
  /**
   * The pattern of the route that answered, e.g. `/api/v1/apps/:appId`; a request no route
   * matched (404) or that a middleware answered (CORS preflight) shows that middleware's
   * pattern, `/*`.
   */
  route: string;
  /** The response status. */
  status: number;
  /** Time from the request reaching this middleware to the response being ready, in ms (2 decimals). */
  durationMs: number;
}

/**
 * The request-log middleware factory. Mount it first (`app.use(requestLogger(logger))`) so its
 * duration covers the other middleware. Lines are `info`, or `error` for a 5xx answer.
 *
 * @param logger the pino logger lines go to (see `createLogger`).
 * @returns a Hono middleware that sets `c.get('requestId')` and the `X-Request-Id` header.
 */
export function requestLogger(logger: Logger): MiddlewareHandler {
  const assignId = requestId({
    headerName: REQUEST_ID_HEADER,
    limitLength: REQUEST_ID_MAX_LENGTH,
  });
  return async (c, next) => {
    const started = performance.now();
    let threw = false;
    try {
      await assignId(c, next);
    } catch (error) {
      // Only an error the app's onError did not turn into a response gets here.
      threw = true;
      throw error;
    } finally {
      // A route that wrote the Node response itself (the OpenID Connect provider, issue 21)
      // answers RESPONSE_ALREADY_SENT: its real status is on the Node response.
      const written = c.res.headers.has('x-hono-already-sent')
        ? c.env?.outgoing?.statusCode
        : undefined;
      const status = threw ? 500 : (written ?? c.res.status);
      const fields: RequestLogFields = {
        requestId: (c.get('requestId') as string | undefined) ?? '',
        method: c.req.method,
        route: routePath(c),
        status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      };
      if (status >= 500) logger.error(fields, 'request');
      else logger.info(fields, 'request');
    }
  };
}
