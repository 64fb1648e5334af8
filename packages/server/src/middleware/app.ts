import { APP_ID_HEADER } from '@latchkey/api';
import type { MiddlewareHandler } from 'hono';
import { findApp } from '../apps/service.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * Resolves the calling app from the `latchkey-app-id` header into `c.get('app')`.
 *
 * @throws ApiError `invalid_data` (400) when the header is missing, `app_not_found` (404) for an
 *   unknown id, `invalid_origin` (403) when the request has an Origin the app does not allow.
 *   Requests without Origin (server to server) pass.
 */
export function requireApp(options: { db: Db }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.header(APP_ID_HEADER)?.trim();
    if (!id) throw new ApiError('invalid_data', `Missing ${APP_ID_HEADER} header`);
    const app = await findApp(options.db, id);
    if (!app) throw new ApiError('app_not_found', 'App not found');
    c.set('app', app);
    const origin = c.req.header('origin');
    if (origin !== undefined && !app.allowedOrigins.includes(origin)) {
      throw new ApiError('invalid_origin', 'Origin not allowed for this app');
    }
    await next();
  };
}
