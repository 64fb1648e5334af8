import { APP_ID_HEADER } from '@latchkey/api';
import type { MiddlewareHandler } from 'hono';
import type { AppCache } from '../apps/cache.ts';
import { findApp } from '../apps/records.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/**
 * Resolves the calling app from the `latchkey-app-id` header into `c.get('app')`.
 *
 * @throws ApiError `invalid_data` (400) when the header is missing, `app_not_found` (404) for an
 *   unknown id, `invalid_origin` (403) when the request has an Origin the app does not allow.
 *   Requests without Origin (server to server) pass, and so do the API's own pages (the origin
 *   `selfOrigin`, e.g. a provider app's cross-app sign-in page). `allowOrigin` replaces the check
 *   (the wallet share routes accept only the wallet frame's own origin, the API origin).
 *   With `apps` (the server's `ctx.apps`) the row is read through that cache, else from `db`.
 */
export function requireApp(options: {
  db: Db;
  apps?: AppCache;
  allowOrigin?: (origin: string, app: AppRow) => boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.header(APP_ID_HEADER)?.trim();
    if (!id) throw new ApiError('invalid_data', `Missing ${APP_ID_HEADER} header`);
    const app = options.apps ? await options.apps.get(id) : await findApp(options.db, id);
    if (!app) throw new ApiError('app_not_found', 'App not found');
    c.set('app', app);
    const origin = c.req.header('origin');
    const allowed =
      options.allowOrigin ??
      ((o: string, a: AppRow) => a.allowedOrigins.includes(o) || o === c.get('selfOrigin'));
    if (origin !== undefined && !allowed(origin, app)) {
      throw new ApiError('invalid_origin', 'Origin not allowed for this app');
    }
    await next();
  };
}
