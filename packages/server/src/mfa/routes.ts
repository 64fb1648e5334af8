/**
 * MFA routes (issue 15; spec section 7): TOTP enrolment (`init`, `enroll`), verification and
 * removal, under `/api/v1/mfa/...`. Every route is a custody route: `Authorization: DPoP` and a
 * proof by the session's wallet frame key (`requireDpop`), so only the frame, never the host page
 * or a token thief, can enrol, verify or remove. Answers are `no-store`.
 */
import {
  MFA_ROUTES,
  type MfaVerifyResponse,
  mfaCodeRequest,
  mfaUnenrollRequest,
  type TotpEnrollmentInitResponse,
  type UserResponse,
} from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { readJson } from '../middleware/request.ts';
import { requireDpop } from '../sessions/dpop.ts';
import type { AccessClaims } from '../sessions/service.ts';
import { loadUser } from '../users/service.ts';
import {
  initTotpEnrollment,
  type MfaSession,
  submitTotpEnrollment,
  unenrollMfa,
  verifyTotp,
} from './service.ts';

/** The MFA routes, mounted by `createServer`. */
export function mfaRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  // The frame runs on the API's own origin; a browser Origin of another site is refused (a
  // courtesy check only: the DPoP proof is what authenticates).
  const selfOrigin = new URL(ctx.publicUrl).origin;
  const frameApp = requireApp({
    db: ctx.db,
    apps: ctx.apps,
    allowOrigin: (origin) => origin === selfOrigin,
  });
  const user = requireDpop(ctx);

  const sessionOf = (app: { id: string }, auth: AccessClaims): MfaSession => ({
    appId: app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
  });

  const answerUser = async (userId: string): Promise<UserResponse> => {
    const wire = await loadUser(ctx.db, userId);
    if (!wire) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    return { user: wire };
  };

  r.post(MFA_ROUTES.mfaTotpInit, frameApp, user, async (c) => {
    const { secret, authUrl } = await initTotpEnrollment(
      ctx,
      c.get('app'),
      sessionOf(c.get('app'), c.get('auth')),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ secret, auth_url: authUrl } satisfies TotpEnrollmentInitResponse);
  });

  r.post(MFA_ROUTES.mfaTotpEnroll, frameApp, user, async (c) => {
    const { code } = await readJson(c, mfaCodeRequest);
    const s = sessionOf(c.get('app'), c.get('auth'));
    await submitTotpEnrollment(ctx, c.get('app'), s, code);
    c.header('Cache-Control', 'no-store');
    return c.json(await answerUser(s.userId));
  });

  r.post(MFA_ROUTES.mfaTotpVerify, frameApp, user, async (c) => {
    const { code } = await readJson(c, mfaCodeRequest);
    const untilMs = await verifyTotp(ctx, sessionOf(c.get('app'), c.get('auth')), code);
    c.header('Cache-Control', 'no-store');
    return c.json({ verified_until: Math.floor(untilMs / 1000) } satisfies MfaVerifyResponse);
  });

  r.post(MFA_ROUTES.mfaUnenroll, frameApp, user, async (c) => {
    const { method } = await readJson(c, mfaUnenrollRequest);
    const s = sessionOf(c.get('app'), c.get('auth'));
    await unenrollMfa(ctx, s, method);
    c.header('Cache-Control', 'no-store');
    return c.json(await answerUser(s.userId));
  });

  return r;
}
