/**
 * Captcha (issue 6; spec sections 4, 5, 7): `captchaRequired` checks the `token` of
 * unauthenticated login init calls when the app has `captcha_enabled` (one per gated route); `captchaRoutes` serves ALTCHA challenges.
 * Verification itself lives in `./service.ts`.
 */
import { APP_ID_HEADER, CAPTCHA_GATED_ROUTES, parseCaptchaSiteKey, ROUTES } from '@latchkey/api';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { clientIp, readBody } from '../middleware/request.ts';
import { bearerToken, verifyAccessToken } from '../sessions/service.ts';
import { type CaptchaOptions, createAltchaChallenge, verifyCaptchaToken } from './service.ts';

export type { AltchaOptions, CaptchaOptions } from './service.ts';

/** The login init calls the gate guards (spec section 4): the method contracts' list. */
export { CAPTCHA_GATED_ROUTES } from '@latchkey/api';

/** `token` of a JSON body, or undefined (malformed bodies are left to the handler). */
function tokenOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && 'token' in body) {
      const { token } = body as { token: unknown };
      return typeof token === 'string' ? token : undefined;
    }
  } catch {
    // Not JSON: no token.
  }
  return undefined;
}

/**
 * The captcha check of one login init route (issue 6; spec section 4), a Hono middleware
 * factory: `createServer` puts it on each method's `captchaGatedRoutes` (`app.use(path, ...)`).
 * For a `POST` from an app with `captcha_enabled`, without a valid `Authorization: Bearer`
 * access token of that app (link calls of a logged-in user skip it), it reads `token` from the
 * JSON body and verifies it before the handler runs. The body stays readable for the handler
 * (Hono caches `c.req.text()`). Other methods pass through.
 *
 * Requests without the app header or for an unknown app pass through; the handler answers them.
 *
 * @throws ApiError `invalid_captcha` (400) for a missing, wrong, expired or reused token;
 *   `captcha_failure` (400) when the provider cannot be reached (fails closed).
 */
export function captchaRequired(
  ctx: ServerContext,
  options: CaptchaOptions = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const appId = c.req.header(APP_ID_HEADER)?.trim();
    if (!appId) return next();
    const app = await ctx.apps.get(appId);
    if (!app || !app.captchaEnabled) return next();
    // A foreign Origin is refused by the route's `requireApp` anyway: spend no token on it.
    const origin = c.req.header('origin');
    if (origin !== undefined && !app.allowedOrigins.includes(origin)) return next();
    const bearer = bearerToken(c.req.header('authorization'));
    if (bearer) {
      try {
        await verifyAccessToken(ctx, app.id, bearer);
        return next();
      } catch {
        // Not a valid session of this app: treated as a login, so the captcha applies.
      }
    }
    const token = tokenOf(await readBody(c));
    await verifyCaptchaToken(ctx, app, token, clientIp(c, ctx.trustProxy), options);
    await next();
  };
}

/**
 * The captcha gate as one global middleware: {@link captchaRequired} on the paths in `routes`
 * (default: every method's, {@link CAPTCHA_GATED_ROUTES}), everything else passes. Kept for
 * callers that mount it by hand; `createServer` mounts {@link captchaRequired} per route.
 *
 * @throws as {@link captchaRequired}.
 */
export function captchaGate(
  ctx: ServerContext,
  options: CaptchaOptions = {},
  routes: readonly string[] = CAPTCHA_GATED_ROUTES,
): MiddlewareHandler<AppEnv> {
  const gated = new Set(routes);
  const required = captchaRequired(ctx, options);
  return (c, next) => (gated.has(c.req.path) ? required(c, next) : next());
}

/**
 * `GET /api/v1/captcha/altcha/challenge` (header `latchkey-app-id`): a fresh ALTCHA challenge
 * (see `AltchaChallenge` in @latchkey/api), `Cache-Control: no-store`.
 *
 * @throws ApiError `invalid_data` (400) when the app's captcha site key is not `a:`;
 *   the `requireApp` errors (missing header, unknown app, foreign origin).
 */
export function captchaRoutes(ctx: ServerContext, options: CaptchaOptions = {}): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(ROUTES.altchaChallenge, requireApp({ db: ctx.db, apps: ctx.apps }), async (c) => {
    const app = c.get('app');
    let altcha: boolean;
    try {
      altcha = parseCaptchaSiteKey(app.captchaSiteKey).provider === 'altcha';
    } catch {
      altcha = false;
    }
    if (!altcha) throw new ApiError('invalid_data', 'This app does not use the ALTCHA captcha');
    c.header('Cache-Control', 'no-store');
    return c.json(await createAltchaChallenge(ctx, app, options.altcha));
  });
  return r;
}
