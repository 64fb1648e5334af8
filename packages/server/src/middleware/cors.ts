/**
 * CORS per app (design.md; spec section 7). A real request carries `latchkey-app-id`, and only
 * that app's allowed origins get `Access-Control-Allow-Origin`. A preflight carries no header
 * values, so it is answered for any origin that some app allows; the real request is then
 * checked against its own app by {@link requireApp} (403 `invalid_origin`).
 */
import { APP_ID_HEADER, CLIENT_HEADER } from '@latchkey/api';
import { arrayContains } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/index.ts';
import { apps } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Request headers a browser may send cross-origin. */
export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  APP_ID_HEADER,
  CLIENT_HEADER,
  // Login calls carry the wallet frame's DPoP proof (issue 10).
  'dpop',
];
const MAX_AGE_S = 600;

/** True when some app lists `origin` among its allowed origins. */
export async function anyAppAllowsOrigin(db: Db, origin: string): Promise<boolean> {
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(arrayContains(apps.allowedOrigins, [origin]))
    .limit(1);
  return rows.length > 0;
}

/**
 * The CORS middleware factory. Answers preflights (204, or 403 `invalid_origin` for an origin
 * no app allows) and adds `Access-Control-Allow-Origin: <origin>`,
 * `Access-Control-Allow-Credentials: true` and `Vary: Origin` to answers for allowed origins.
 */
export function cors(options: { db: Db }): MiddlewareHandler<AppEnv> {
  const { db } = options;
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin) {
      await next();
      c.res.headers.append('Vary', 'Origin');
      return;
    }
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (!(await anyAppAllowsOrigin(db, origin))) {
        throw new ApiError('invalid_origin', 'Origin not allowed');
      }
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Credentials', 'true');
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      c.header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
      c.header('Access-Control-Max-Age', String(MAX_AGE_S));
      c.header('Vary', 'Origin');
      return c.body(null, 204);
    }
    await next();
    const app = c.get('app');
    const allowed = app
      ? app.allowedOrigins.includes(origin)
      : await anyAppAllowsOrigin(db, origin);
    c.res.headers.append('Vary', 'Origin');
    if (allowed) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
      // `Date`: the client reads the server's clock from it for DPoP proofs (issue 10).
      c.res.headers.set('Access-Control-Expose-Headers', 'Retry-After, Date');
    }
  };
}
