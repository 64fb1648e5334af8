/**
 * Passkeys as a second factor (issue 15; spec sections 3 `enrolled_in_mfa`, 4, 7): the user
 * enrols passkeys already linked to the account (`{credential_ids}`); a verification is a
 * WebAuthn assertion by one of them over a single-use challenge bound to the user (60 s).
 *
 * The host page asks for the options (`POST /api/v1/mfa/passkeys/init`, bearer; the RP ID is
 * the calling Origin's host, as for passkey login) and runs `navigator.credentials.get`; the
 * wallet frame submits the assertion with its DPoP proof. A token thief gets a challenge, which
 * is worthless without the user's authenticator.
 */
import { PASSKEY_CHALLENGE_TTL_S } from '@latchkey/api';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { type AppRow, linkedAccounts } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import {
  consumeChallenge,
  issueChallenge,
  type RelyingParty,
  verifyAssertion,
} from '../methods/passkey/service.ts';
import {
  addMfaMethod,
  assertAppAllows,
  assertMayChangeMethods,
  checkFactor,
  markSessionVerified,
  type MfaSession,
} from './service.ts';

const enrolledFlag = sql`(${linkedAccounts.details}->>'enrolled_in_mfa')::boolean IS TRUE`;

/** The user's passkeys enrolled as second factors. */
function enrolledPasskeys(ctx: ServerContext, appId: string, userId: string) {
  return ctx.db
    .select()
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, appId),
        eq(linkedAccounts.userId, userId),
        eq(linkedAccounts.type, 'passkey'),
        enrolledFlag,
      ),
    );
}

/**
 * Enrols linked passkeys as second factors (`POST /api/v1/mfa/passkeys/enroll`): sets their
 * `enrolled_in_mfa` (such a passkey cannot be unlinked) and adds `passkey` to the user's
 * methods.
 *
 * @throws ApiError `not_supported` (400) when the app does not offer passkeys as MFA;
 *   `missing_or_invalid_mfa` (401) when the user has methods and the session is not verified;
 *   `account_not_linked` (404) when a credential id is not a passkey of this user.
 */
export async function enrollMfaPasskeys(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
  credentialIds: readonly string[],
): Promise<void> {
  assertAppAllows(app, 'passkey');
  await assertMayChangeMethods(ctx, s);
  const nowMs = ctx.now();
  const ids = [...new Set(credentialIds)];
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(linkedAccounts)
      .set({
        details: sql`jsonb_set(${linkedAccounts.details}, '{enrolled_in_mfa}', 'true'::jsonb)`,
      })
      .where(
        and(
          eq(linkedAccounts.appId, app.id),
          eq(linkedAccounts.userId, s.userId),
          eq(linkedAccounts.type, 'passkey'),
          inArray(linkedAccounts.subject, ids),
        ),
      )
      .returning({ id: linkedAccounts.id });
    if (rows.length !== ids.length) {
      // Rolls the transaction back: all of them or none.
      throw new ApiError('account_not_linked', 'A passkey to enrol is not linked to this account');
    }
    await addMfaMethod(tx, s.userId, 'passkey', nowMs);
  });
}

/**
 * WebAuthn request options for an MFA verification (`POST /api/v1/mfa/passkeys/init`): the
 * user's enrolled passkeys as `allowCredentials`, user verification required, 60 s.
 *
 * @throws ApiError `missing_or_invalid_mfa` (401) when the user has no enrolled passkey.
 */
export async function mfaPasskeyOptions(
  ctx: ServerContext,
  app: AppRow,
  rp: RelyingParty,
  userId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await enrolledPasskeys(ctx, app.id, userId);
  if (passkeys.length === 0) {
    throw new ApiError('missing_or_invalid_mfa', 'No passkey is enrolled for verification');
  }
  const challenge = await issueChallenge(ctx, app, 'mfa', userId, false);
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge,
    timeout: PASSKEY_CHALLENGE_TTL_S * 1000,
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({
      id: p.subject,
      transports: ((p.details as { transports?: string[] }).transports ?? []) as never,
    })),
  });
}

/** The app's allowed origins and their hosts: where the page that ran the ceremony may be. */
function expectedRelyingParties(app: AppRow): { origin: string[]; rpId: string[] } {
  const origin = app.allowedOrigins;
  return { origin, rpId: [...new Set(origin.map((o) => new URL(o).hostname))] };
}

/**
 * Verifies an MFA passkey assertion (`POST /api/v1/mfa/passkeys/verify`): the challenge must be
 * an unused `mfa` challenge of this user, the credential one of the user's enrolled passkeys, the
 * assertion valid for one of the app's allowed origins (signature, UV, counter).
 *
 * @returns until when the session is verified, ms since the epoch.
 * @throws ApiError `missing_or_invalid_mfa` (401) for any failed check (counted against the
 *   user's MFA failure caps); `mfa_verification_max_attempts_reached` (429).
 */
export async function verifyMfaPasskey(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
  response: AuthenticationResponseJSON,
): Promise<number> {
  await checkFactor(
    ctx,
    s.userId,
    async () => {
      const consumed = await consumeChallenge(ctx, app, 'mfa', response.response?.clientDataJSON);
      if (consumed.userId !== s.userId) {
        throw new ApiError('invalid_credentials', 'Not your challenge');
      }
      const row = (await enrolledPasskeys(ctx, app.id, s.userId)).find(
        (p) => p.subject === response.id,
      );
      if (!row) throw new ApiError('invalid_credentials', 'Not an enrolled passkey');
      await verifyAssertion(ctx, row, response, consumed.challenge, expectedRelyingParties(app));
    },
    'Passkey verification failed',
  );
  return markSessionVerified(ctx.db, s.sessionId, ctx.now());
}
