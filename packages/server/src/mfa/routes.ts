/**
 * MFA routes (issue 15; spec section 7) under `/api/v1/mfa/...`: TOTP, SMS and passkey
 * enrolment, verification, and removal. Every route but the passkey options is a custody route:
 * `Authorization: DPoP` and a proof by the session's wallet frame key (`requireDpop`), so only
 * the frame, never the host page or a token thief, can enrol, verify or remove. The passkey
 * options (`POST /api/v1/mfa/passkeys/init`) are asked by the host page with its bearer token,
 * because the WebAuthn ceremony runs there. Answers are `no-store`.
 */
import {
  MFA_PASSKEY_INIT_ROUTE,
  MFA_ROUTES,
  mfaPasskeysEnrollRequest,
  mfaPasskeyVerifyRequest,
  mfaSmsEnrollRequest,
  mfaSmsInitRequest,
  type PasskeyOptionsResponse,
  type MfaVerifyResponse,
  mfaCodeRequest,
  mfaUnenrollRequest,
  type TotpEnrollmentInitResponse,
} from '@latchkey/api';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { requireApp } from '../middleware/app.ts';
import { clientIp, readJson } from '../middleware/request.ts';
import { requireUser } from '../middleware/requireUser.ts';
import { relyingPartyOf } from '../methods/passkey/service.ts';
import { assertAllowed } from '../rate-limit.ts';
import { requireDpop } from '../sessions/dpop.ts';
import type { AccessClaims } from '../sessions/service.ts';
import { accountUpdateAnswer } from '../users/service.ts';
import {
  initTotpEnrollment,
  type MfaSession,
  submitTotpEnrollment,
  unenrollMfa,
  verifyTotp,
} from './service.ts';
import { enrollMfaPasskeys, mfaPasskeyOptions, verifyMfaPasskey } from './passkey.ts';
import { enrollMfaSms, sendMfaSms, verifyMfaSms } from './sms.ts';

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
  const hostApp = requireApp({ db: ctx.db, apps: ctx.apps });

  const sessionOf = (app: { id: string }, auth: AccessClaims): MfaSession => ({
    appId: app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
  });

  /** A verification's answer: until when the session counts as verified (seconds). */
  const verified = (untilMs: number): MfaVerifyResponse => ({
    verified_until: Math.floor(untilMs / 1000),
  });

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
    return c.json(await accountUpdateAnswer(ctx.db, s.userId));
  });

  r.post(MFA_ROUTES.mfaTotpVerify, frameApp, user, async (c) => {
    const { code } = await readJson(c, mfaCodeRequest);
    const untilMs = await verifyTotp(ctx, sessionOf(c.get('app'), c.get('auth')), code);
    c.header('Cache-Control', 'no-store');
    return c.json(verified(untilMs));
  });

  r.post(MFA_ROUTES.mfaSmsInit, frameApp, user, async (c) => {
    const body = await readJson(c, mfaSmsInitRequest);
    await sendMfaSms(
      ctx,
      c.get('app'),
      sessionOf(c.get('app'), c.get('auth')),
      body.action === 'enroll'
        ? { action: 'enroll', phoneNumber: body.phone_number }
        : { action: 'verify' },
      clientIp(c, ctx.trustProxy),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({});
  });

  r.post(MFA_ROUTES.mfaSmsEnroll, frameApp, user, async (c) => {
    const body = await readJson(c, mfaSmsEnrollRequest);
    const s = sessionOf(c.get('app'), c.get('auth'));
    await enrollMfaSms(
      ctx,
      c.get('app'),
      s,
      body.phone_number,
      body.code,
      clientIp(c, ctx.trustProxy),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(await accountUpdateAnswer(ctx.db, s.userId));
  });

  r.post(MFA_ROUTES.mfaSmsVerify, frameApp, user, async (c) => {
    const { code } = await readJson(c, mfaCodeRequest);
    const untilMs = await verifyMfaSms(
      ctx,
      c.get('app'),
      sessionOf(c.get('app'), c.get('auth')),
      code,
      clientIp(c, ctx.trustProxy),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(verified(untilMs));
  });

  r.post(MFA_ROUTES.mfaPasskeysEnroll, frameApp, user, async (c) => {
    const body = await readJson(c, mfaPasskeysEnrollRequest);
    const s = sessionOf(c.get('app'), c.get('auth'));
    await enrollMfaPasskeys(ctx, c.get('app'), s, body.credential_ids);
    c.header('Cache-Control', 'no-store');
    return c.json(await accountUpdateAnswer(ctx.db, s.userId));
  });

  r.post(MFA_ROUTES.mfaPasskeysVerify, frameApp, user, async (c) => {
    const body = await readJson(c, mfaPasskeyVerifyRequest);
    const untilMs = await verifyMfaPasskey(
      ctx,
      c.get('app'),
      sessionOf(c.get('app'), c.get('auth')),
      body.response as unknown as AuthenticationResponseJSON,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(verified(untilMs));
  });

  // The host page's call (bearer, its own Origin as the relying party): options only.
  r.post(MFA_PASSKEY_INIT_ROUTE, hostApp, requireUser(ctx), async (c) => {
    const appRow = c.get('app');
    const rp = relyingPartyOf(appRow, c.req.header('origin'));
    // Each call stores a challenge: the per-IP flood guard of the passkey inits.
    assertAllowed(
      ctx.floodLimits.hit(
        `passkey-init:ip:${clientIp(c, ctx.trustProxy)}`,
        ctx.rateLimits.initPerIp,
        ctx.now(),
      ),
    );
    const options = await mfaPasskeyOptions(ctx, appRow, rp, c.get('auth').userId);
    c.header('Cache-Control', 'no-store');
    return c.json({ options } as unknown as PasskeyOptionsResponse);
  });

  r.post(MFA_ROUTES.mfaUnenroll, frameApp, user, async (c) => {
    const { method } = await readJson(c, mfaUnenrollRequest);
    const s = sessionOf(c.get('app'), c.get('auth'));
    await unenrollMfa(ctx, s, method);
    c.header('Cache-Control', 'no-store');
    return c.json(await accountUpdateAnswer(ctx.db, s.userId));
  });

  return r;
}
