/**
 * Passkeys, server half (spec sections 3, 4, 7, 9; security catalogue 36-37), on
 * @simplewebauthn/server. The RP ID is the hostname of the calling Origin, which must be one of
 * the app's allowed origins; the expected origin is that Origin exactly. Challenges are 32
 * random bytes, stored in the database bound to app and flow (and, for registration, to the
 * user the credential is for), valid 60 s, and consumed before the response is verified, so a
 * challenge never works twice even when its first use fails. User verification is required;
 * sign counters are stored and must increase (when not zero).
 */
import { randomFillSync } from 'node:crypto';
import {
  MAX_PASSKEYS_PER_USER,
  PASSKEY_CHALLENGE_BYTES,
  PASSKEY_CHALLENGE_TTL_S,
} from '@latchkey/api';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import {
  type AppRow,
  type LinkedAccountRow,
  linkedAccounts,
  passkeyChallenges,
} from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { assertAllowed } from '../../rate-limit.ts';
import { linkAccount, tooManyOfTypeError, unlinkAccount } from '../../users/accounts.ts';
import { assertAllowlisted, precheckSignUp } from '../../users/gates.ts';
import { createUserWithAccount, newUserId } from '../../users/service.ts';
import { authenticatorNameOf, deviceOf } from './device.ts';

/** COSE algorithms we accept: ES256 and RS256 (what platform authenticators make). */
const ALGORITHMS = [-7, -257];

/** `details` of a `passkey` linked account row (subject: the base64url credential id). */
export interface PasskeyAccountDetails {
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  transports: string[];
  aaguid: string;
  authenticator_name: string | null;
  created_with_browser: string | null;
  created_with_os: string | null;
  enrolled_in_mfa: boolean;
  device_type: string;
  backed_up: boolean;
}

/** The relying party of a request: the Origin exactly, and its hostname as RP ID. */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

function refuse(reason: string): never {
  throw new ApiError('invalid_credentials', `Invalid passkey response: ${reason}`);
}

function assertPasskeysEnabled(app: AppRow): void {
  if (!app.passkeyAuth) {
    throw new ApiError('disallowed_login_method', 'Passkey login is not enabled for this app');
  }
}

/**
 * The relying party of a call from `origin` (the request's Origin header).
 *
 * @throws ApiError `invalid_origin` (403) when there is no Origin or the app does not allow it.
 */
export function relyingPartyOf(app: AppRow, origin: string | undefined): RelyingParty {
  if (!origin || !app.allowedOrigins.includes(origin)) {
    throw new ApiError('invalid_origin', 'Passkeys need an Origin allowed for this app');
  }
  let rpId: string;
  try {
    rpId = new URL(origin).hostname;
  } catch {
    throw new ApiError('invalid_origin', 'Passkeys need an Origin allowed for this app');
  }
  return { origin, rpId };
}

const passkeysOf = (appId: string, userId: string) =>
  and(
    eq(linkedAccounts.appId, appId),
    eq(linkedAccounts.userId, userId),
    eq(linkedAccounts.type, 'passkey'),
  );

/** What a passkey challenge is for: sign-up or link, login, or an MFA verification (issue 15). */
export type PasskeyChallengeFlow = 'registration' | 'authentication' | 'mfa';

/**
 * Stores a fresh challenge (32 random bytes, valid `PASSKEY_CHALLENGE_TTL_S`) for `flow`, bound
 * to `userId` when given, and returns its bytes.
 */
export async function issueChallenge(
  ctx: ServerContext,
  app: AppRow,
  flow: PasskeyChallengeFlow,
  userId: string | null,
  forLink: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  const nowMs = ctx.now();
  await ctx.db
    .delete(passkeyChallenges)
    .where(
      and(eq(passkeyChallenges.appId, app.id), lt(passkeyChallenges.expiresAt, new Date(nowMs))),
    );
  const bytes = new Uint8Array(PASSKEY_CHALLENGE_BYTES);
  randomFillSync(bytes);
  await ctx.db.insert(passkeyChallenges).values({
    appId: app.id,
    flow,
    challenge: Buffer.from(bytes).toString('base64url'),
    userId,
    forLink,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + PASSKEY_CHALLENGE_TTL_S * 1000),
  });
  return bytes;
}

/**
 * Consumes the challenge named in `clientDataJSON` (base64url) for `flow`: it must be ours, of
 * this app and flow, unused and unexpired. Consumed before anything else is checked.
 * @throws ApiError `invalid_credentials` (422) otherwise.
 */
export async function consumeChallenge(
  ctx: ServerContext,
  app: AppRow,
  flow: PasskeyChallengeFlow,
  clientDataJSON: unknown,
): Promise<{ challenge: string; userId: string | null; forLink: boolean }> {
  let challenge: unknown;
  try {
    challenge = (
      JSON.parse(Buffer.from(String(clientDataJSON), 'base64url').toString('utf8')) as {
        challenge?: unknown;
      }
    ).challenge;
  } catch {
    refuse('unreadable client data');
  }
  if (typeof challenge !== 'string' || challenge.length === 0) refuse('no challenge');
  const now = new Date(ctx.now());
  const [row] = await ctx.db
    .update(passkeyChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(passkeyChallenges.appId, app.id),
        eq(passkeyChallenges.flow, flow),
        eq(passkeyChallenges.challenge, challenge),
        isNull(passkeyChallenges.consumedAt),
        gte(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: passkeyChallenges.userId, forLink: passkeyChallenges.forLink });
  if (!row) refuse('unknown, used or expired challenge');
  return { challenge, userId: row.userId, forLink: row.forLink };
}

/**
 * Registration options (`POST /api/v1/passkeys/register/init`): for a new user when
 * `linkUserId` is undefined (sign-up), else for that logged-in user (link).
 *
 * @throws ApiError `disallowed_login_method` (403), `invalid_origin` (403),
 *   `cannot_link_more_of_type` (409) when the user has 5 passkeys, `too_many_requests` (429);
 *   for a sign-up the login gates' `allowlist_rejected` (403; a passkey sign-up has no
 *   identifier, so the allowlist always refuses it), `user_does_not_exist` (404),
 *   `max_accounts_reached` (403).
 */
export async function passkeyRegistrationOptions(
  ctx: ServerContext,
  app: AppRow,
  rp: RelyingParty,
  linkUserId: string | undefined,
  ip: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  assertPasskeysEnabled(app);
  assertAllowed(ctx.floodLimits.hit(`passkey-init:ip:${ip}`, ctx.rateLimits.initPerIp, ctx.now()));
  let exclude: { id: string; transports?: string[] }[] = [];
  if (linkUserId) {
    const rows = await ctx.db
      .select({ subject: linkedAccounts.subject, details: linkedAccounts.details })
      .from(linkedAccounts)
      .where(passkeysOf(app.id, linkUserId));
    // Early answer; `linkAccount` enforces the cap again when the passkey is added.
    if (rows.length >= MAX_PASSKEYS_PER_USER) throw tooManyOfTypeError('passkey');
    exclude = rows.map((r) => ({ id: r.subject }));
  } else {
    // A sign-up: refuse before the authenticator makes a credential (checked again at creation).
    await assertAllowlisted(ctx.db, app, null);
    await precheckSignUp(ctx.db, app);
  }
  const userId = linkUserId ?? newUserId();
  const challenge = await issueChallenge(
    ctx,
    app,
    'registration',
    userId,
    linkUserId !== undefined,
  );
  return generateRegistrationOptions({
    rpName: app.name,
    rpID: rp.rpId,
    userID: new TextEncoder().encode(userId),
    userName: `${app.name} (${userId.slice(-8)})`,
    userDisplayName: app.name,
    challenge,
    timeout: PASSKEY_CHALLENGE_TTL_S * 1000,
    attestationType: 'none',
    excludeCredentials: exclude as { id: string }[],
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

/** What a verified registration adds. */
interface VerifiedRegistration {
  userId: string;
  credentialId: string;
  details: PasskeyAccountDetails;
}

async function verifyRegistration(
  ctx: ServerContext,
  app: AppRow,
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  p: { authenticatorName?: string | null; userAgent?: string; linkUserId?: string; ip: string },
): Promise<VerifiedRegistration> {
  assertPasskeysEnabled(app);
  assertAllowed(
    ctx.floodLimits.hit(`passkey-auth:ip:${p.ip}`, ctx.rateLimits.authenticatePerIp, ctx.now()),
  );
  const consumed = await consumeChallenge(
    ctx,
    app,
    'registration',
    response.response?.clientDataJSON,
  );
  if (consumed.forLink !== (p.linkUserId !== undefined) || !consumed.userId) {
    refuse('challenge issued for another flow');
  }
  if (p.linkUserId !== undefined && consumed.userId !== p.linkUserId) {
    refuse('challenge issued for another user');
  }
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: consumed.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    refuse(error instanceof Error ? error.message : 'verification failed');
  }
  if (!verification.verified) refuse('verification failed');
  const info = verification.registrationInfo;
  const device = deviceOf(p.userAgent);
  const named = p.authenticatorName?.trim();
  return {
    userId: consumed.userId,
    credentialId: info.credential.id,
    details: {
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? response.response.transports ?? [],
      aaguid: info.aaguid,
      authenticator_name: authenticatorNameOf(info.aaguid) ?? (named ? named : null),
      created_with_browser: device.browser,
      created_with_os: device.os,
      enrolled_in_mfa: false,
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp,
    },
  };
}

/** Parameters of the registration verifiers. */
export interface PasskeyRegistrationParameters {
  response: RegistrationResponseJSON;
  authenticatorName?: string | null;
  userAgent?: string;
  /** Client IP, for the per-IP authenticate limit. */
  ip: string;
}

/**
 * Signs up with a new passkey (`POST /api/v1/passkeys/register/authenticate`): creates the user
 * the challenge was issued for, with the passkey as its first linked account, through the login
 * gates (allowlist: always refused when on, as a passkey names no one; sign-ups; user limit).
 *
 * @throws ApiError `invalid_credentials` (422) for any failed check (challenge, origin, RP ID,
 *   flags, signature), `linked_to_another_user` (409) when the credential exists already,
 *   `allowlist_rejected` (403), `user_does_not_exist` (404), `max_accounts_reached` (403).
 */
export async function signUpWithPasskey(
  ctx: ServerContext,
  app: AppRow,
  rp: RelyingParty,
  p: PasskeyRegistrationParameters,
): Promise<{ userId: string; isNewUser: boolean }> {
  const v = await verifyRegistration(ctx, app, rp, p.response, p);
  await assertAllowlisted(ctx.db, app, null);
  const created = await createUserWithAccount(
    ctx.db,
    app.id,
    { type: 'passkey', subject: v.credentialId, details: { ...v.details } },
    ctx.now(),
    v.userId,
  );
  if (!created) throw new ApiError('linked_to_another_user', 'This passkey is already registered');
  return { userId: v.userId, isNewUser: true };
}

/**
 * Links a new passkey to the logged-in user (`POST /api/v1/passkeys/register/link`), by the
 * account policy of `users/accounts.ts` (at most 5 passkeys, counted with the user locked).
 *
 * @throws ApiError `cannot_link_more_of_type` (409, 'Cannot link more passkeys to account.') at
 *   5 passkeys; `linked_to_another_user` (409) when the credential is registered already;
 *   otherwise as {@link signUpWithPasskey}.
 */
export async function linkPasskey(
  ctx: ServerContext,
  app: AppRow,
  rp: RelyingParty,
  userId: string,
  p: PasskeyRegistrationParameters,
): Promise<void> {
  const v = await verifyRegistration(ctx, app, rp, p.response, { ...p, linkUserId: userId });
  await linkAccount(
    ctx.db,
    app.id,
    userId,
    { type: 'passkey', subject: v.credentialId, details: { ...v.details } },
    ctx.now(),
  );
}

/**
 * Authentication options (`POST /api/v1/passkeys/authenticate/init`): discoverable
 * credentials (no allow list), user verification required.
 */
export async function passkeyAuthenticationOptions(
  ctx: ServerContext,
  app: AppRow,
  rp: RelyingParty,
  ip: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  assertPasskeysEnabled(app);
  assertAllowed(ctx.floodLimits.hit(`passkey-init:ip:${ip}`, ctx.rateLimits.initPerIp, ctx.now()));
  const challenge = await issueChallenge(ctx, app, 'authentication', null, false);
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge,
    timeout: PASSKEY_CHALLENGE_TTL_S * 1000,
    userVerification: 'required',
    allowCredentials: [],
  });
}

/**
 * Logs in with a passkey (`POST /api/v1/passkeys/authenticate`): the credential must be linked
 * in this app, the assertion must verify (challenge, origin, RP ID, UP and UV, signature) and
 * its counter must exceed the stored one unless both are zero. The counter is then stored.
 *
 * @throws ApiError `invalid_credentials` (422) for any failed check, `too_many_requests` (429),
 *   `allowlist_rejected` (403) when the allowlist is on and none of the user's accounts is on it.
 */
export async function logInWithPasskey(
  ctx: ServerContext,
  app: AppRow,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  ip: string,
): Promise<{ userId: string }> {
  assertPasskeysEnabled(app);
  assertAllowed(
    ctx.floodLimits.hit(`passkey-auth:ip:${ip}`, ctx.rateLimits.authenticatePerIp, ctx.now()),
  );
  const consumed = await consumeChallenge(
    ctx,
    app,
    'authentication',
    response.response?.clientDataJSON,
  );
  const [row] = await ctx.db
    .select()
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, app.id),
        eq(linkedAccounts.type, 'passkey'),
        eq(linkedAccounts.subject, response.id),
      ),
    );
  if (!row) refuse('unknown credential');
  await verifyAssertion(ctx, row, response, consumed.challenge, rp, async () => {
    // The login gate: with the allowlist on, one of the user's accounts must be allowed.
    await assertAllowlisted(ctx.db, app, { type: 'passkey', subject: row.subject }, row.userId);
  });
  return { userId: row.userId };
}

/**
 * Verifies an assertion by the passkey of `row` (a `passkey` linked account) against a consumed
 * `challenge`: user handle (when sent), origin, RP ID, user presence and verification, signature
 * (@simplewebauthn/server), then, after `beforeCounter`, stores the new sign counter with a
 * compare-and-set (it must exceed the stored one unless both are zero) and `latest_verified_at`.
 *
 * @param expected the origin(s) and RP ID(s) accepted.
 * @throws ApiError `invalid_credentials` (422) for any failed check.
 */
export async function verifyAssertion(
  ctx: ServerContext,
  row: LinkedAccountRow,
  response: AuthenticationResponseJSON,
  challenge: string,
  expected: { origin: string | string[]; rpId: string | string[] },
  beforeCounter?: () => Promise<void>,
): Promise<void> {
  const userHandle = response.response?.userHandle;
  if (userHandle && userHandle !== Buffer.from(row.userId, 'utf8').toString('base64url')) {
    refuse('user handle does not match the credential');
  }
  const d = row.details as unknown as PasskeyAccountDetails;
  const stored = typeof d.counter === 'number' ? d.counter : 0;
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      credential: {
        id: row.subject,
        publicKey: new Uint8Array(Buffer.from(d.public_key, 'base64url')),
        counter: stored,
        transports: d.transports as never,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    refuse(error instanceof Error ? error.message : 'verification failed');
  }
  if (!verification.verified) refuse('verification failed');
  await beforeCounter?.();
  const next = verification.authenticationInfo.newCounter;
  // Compare-and-set: a concurrent use of the same counter value loses.
  const updated = await ctx.db
    .update(linkedAccounts)
    .set({
      latestVerifiedAt: new Date(ctx.now()),
      details: sql`jsonb_set(${linkedAccounts.details}, '{counter}', ${JSON.stringify(next)}::jsonb)`,
    })
    .where(
      and(
        eq(linkedAccounts.id, row.id),
        sql`coalesce((${linkedAccounts.details}->>'counter')::bigint, 0) = ${stored}`,
      ),
    )
    .returning({ id: linkedAccounts.id });
  if (updated.length === 0) refuse('counter changed concurrently');
}

/**
 * Removes a passkey from `userId` (`POST /api/v1/passkeys/unlink`), by the account policy of
 * `users/accounts.ts`.
 *
 * @throws ApiError `account_not_linked` (404) when the user has no such passkey;
 *   `missing_or_invalid_mfa` (401, 'Cannot unlink a passkey enrolled in MFA');
 *   `cannot_unlink_last_account` (409) when it is the user's last login method.
 */
export async function unlinkPasskey(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  credentialId: string,
): Promise<void> {
  await unlinkAccount(ctx.db, app.id, userId, 'passkey', credentialId);
}
