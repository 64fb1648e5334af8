/**
 * Captcha (issue 6; spec sections 4, 5, 7): `captchaGate` checks the `token` of unauthenticated
 * login init calls when the app has `captcha_enabled`; `captchaRoutes` serves ALTCHA challenges.
 * STUB: filled in by the captcha work.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';

/** Options of the captcha pieces. */
export interface CaptchaOptions {
  /** Turnstile's siteverify endpoint. Default https://challenges.cloudflare.com/turnstile/v0/siteverify. */
  turnstileSiteverifyUrl?: string;
}

/** Refuses unauthenticated login init calls without a valid captcha token (stub: lets all pass). */
export function captchaGate(
  _ctx: ServerContext,
  _options: CaptchaOptions = {},
): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    await next();
  };
}

/** `GET /api/v1/captcha/altcha/challenge` (stub: no routes yet). */
export function captchaRoutes(_ctx: ServerContext, _options: CaptchaOptions = {}): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
