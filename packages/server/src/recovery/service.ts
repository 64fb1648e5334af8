/**
 * Cloud recovery, server half (issue 23 items 1 and 2; spec sections 5, 7, 8), on oauth4webapi.
 *
 * Google Drive, the standard authorization code flow with PKCE, the frame being the client:
 * 1. {@link initRecoveryOAuth}: the frame's S256 challenge and state code go to the provider as
 *    they are (the provider checks the verifier at the token endpoint); the server keeps the
 *    flow (its user, the state code's SHA-256, the exact `redirect_to`) single use for
 *    `RECOVERY_OAUTH_STATE_TTL_S` and answers the authorization URL with the one scope
 *    `drive.appdata`. The provider's redirect URI is the API's callback.
 * 2. {@link recoveryOAuthCallbackTarget}: sends the browser on to `redirect_to` with the code
 *    (`'undefined'` when the user denied), the state and the provider. The page that lands there
 *    sees a code it cannot redeem: the verifier is the frame's, and so is the DPoP key.
 * 3. {@link authenticateRecoveryOAuth} (DPoP, the same user): consumes the flow, then redeems
 *    the code with the frame's verifier at the provider's token endpoint and answers the
 *    provider's access token to the frame only.
 *
 * iCloud: {@link initICloudRecovery} asks CloudKit Web Services who the caller is without a web
 * auth token (`users/caller`), which answers 421 with the sign-in `redirectURL`.
 */
import {
  type CloudRecoveryMethod,
  GOOGLE_DRIVE_APPDATA_SCOPE,
  OAUTH_DENIED_CODE,
  OAUTH_QUERY,
  RECOVERY_OAUTH_DENIED_MESSAGE,
  RECOVERY_OAUTH_INVALID_CODE_MESSAGE,
  RECOVERY_OAUTH_STATE_TTL_S,
  RECOVERY_OAUTH_UNEXPECTED_MESSAGE,
  ROUTES,
  type RecoveryOAuthAuthenticateResponse,
  type RecoveryOAuthInitICloudResponse,
} from '@latchkey/api';
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto.ts';
import { type AppRow, recoveryOAuthStates } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { assertAllowedRedirect, discover, isLoopbackHttp } from '../methods/oauth/service.ts';
import { assertAllowed } from '../rate-limit.ts';
import {
  cloudKitSettings,
  googleDriveSettings,
  type ResolvedGoogleDriveSettings,
} from './config.ts';

const unexpected = () => new ApiError('oauth_unexpected', RECOVERY_OAUTH_UNEXPECTED_MESSAGE);
const invalidCode = (cause?: unknown) =>
  new ApiError('recovery_oauth_invalid_code', RECOVERY_OAUTH_INVALID_CODE_MESSAGE, { cause });

/** The provider redirect URI of recovery OAuth: the API's recovery callback. */
export const recoveryOAuthCallbackUrl = (ctx: Pick<ServerContext, 'publicUrl'>) =>
  `${ctx.publicUrl}${ROUTES.recoveryOAuthCallback}`;

/**
 * The wallet frame's cloud recovery return page of `appId` (`ROUTES.walletCloudReturn`, on the
 * API's origin): the one `redirect_to` of `init` besides the app's allowed origins.
 */
export const walletCloudReturnUrl = (ctx: Pick<ServerContext, 'publicUrl'>, appId: string) =>
  `${ctx.publicUrl}${ROUTES.walletCloudReturn(appId)}`;

/** The stored form of a state code: it is looked up by the provider's `state`, never kept. */
const stateHash = (stateCode: string) => sha256Hex(`recovery-oauth-state\n${stateCode}`);
const codeHash = (appId: string, code: string) =>
  sha256Hex(`recovery-oauth-code\n${appId}\n${code}`);

/**
 * Refuses a cloud method the app does not offer (spec section 3, `userOwnedRecoveryOptions`).
 * @throws ApiError `recovery_method_not_allowed` (403).
 */
export function assertRecoveryMethodOffered(app: AppRow, method: CloudRecoveryMethod): void {
  if (!app.userOwnedRecoveryOptions.includes(method)) {
    throw new ApiError(
      'recovery_method_not_allowed',
      `${method} recovery is not enabled for this app`,
    );
  }
}

interface GoogleServer {
  settings: ResolvedGoogleDriveSettings;
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  http: { [oauth.allowInsecureRequests]: boolean };
}

async function googleServer(ctx: ServerContext, appId: string): Promise<GoogleServer> {
  const settings = await googleDriveSettings(ctx, appId);
  let as: oauth.AuthorizationServer;
  try {
    as = await discover(settings.issuer);
  } catch (cause) {
    throw new ApiError('service_unavailable', 'The OAuth provider cannot be reached', {
      cause,
      retryAfterS: 5,
    });
  }
  return {
    settings,
    as,
    client: { client_id: settings.clientId },
    clientAuth: settings.clientSecret
      ? oauth.ClientSecretBasic(settings.clientSecret)
      : oauth.None(),
    http: { [oauth.allowInsecureRequests]: isLoopbackHttp(settings.issuer) },
  };
}

/**
 * `POST /api/v1/recovery/oauth/init` for Google Drive: stores the flow and answers the
 * authorization URL (`response_type=code`, `scope` {@link GOOGLE_DRIVE_APPDATA_SCOPE} only, the
 * frame's `code_challenge` with `S256`, `state` = the frame's state code, `redirect_uri` the
 * API's recovery callback).
 *
 * @returns the provider's authorization URL.
 * @throws ApiError `recovery_method_not_allowed` (403) when the app does not offer
 *   `google-drive`; `invalid_origin` (403) for a `redirectTo` that is neither one of the
 *   app's allowed origins nor exactly the frame's return page of this app
 *   ({@link walletCloudReturnUrl}); `recovery_oauth_not_configured` (409) without a Google client;
 *   `oauth_unexpected` when the state code is already in use; `too_many_requests` (429);
 *   `service_unavailable` (503) when the provider's metadata cannot be read.
 */
export async function initRecoveryOAuth(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  input: { redirectTo: string; codeChallenge: string; stateCode: string },
  ip: string,
): Promise<string> {
  const nowMs = ctx.now();
  assertAllowed(ctx.floodLimits.hit(`recovery-init:ip:${ip}`, ctx.rateLimits.initPerIp, nowMs));
  assertRecoveryMethodOffered(app, 'google-drive');
  // The wallet frame's pop-up lands on its own return page (issue 23), which posts the code to
  // the frame at the API's origin: exactly that page of this app, nothing else of this origin.
  if (input.redirectTo !== walletCloudReturnUrl(ctx, app.id)) {
    assertAllowedRedirect(app, input.redirectTo);
  }
  const google = await googleServer(ctx, app.id);
  if (!google.as.authorization_endpoint) {
    throw new ApiError(
      'recovery_oauth_not_configured',
      'The OAuth provider has no authorization endpoint',
    );
  }
  // Drop long-dead flows on the way.
  await ctx.db
    .delete(recoveryOAuthStates)
    .where(lt(recoveryOAuthStates.expiresAt, new Date(nowMs - 86_400_000)));
  const rows = await ctx.db
    .insert(recoveryOAuthStates)
    .values({
      appId: app.id,
      userId,
      provider: 'google-drive',
      stateHash: stateHash(input.stateCode),
      codeChallenge: input.codeChallenge,
      redirectTo: input.redirectTo,
      createdAt: new Date(nowMs),
      expiresAt: new Date(nowMs + RECOVERY_OAUTH_STATE_TTL_S * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: recoveryOAuthStates.id });
  if (rows.length === 0) throw unexpected();

  const url = new URL(google.as.authorization_endpoint);
  url.searchParams.set('client_id', google.client.client_id);
  url.searchParams.set('redirect_uri', recoveryOAuthCallbackUrl(ctx));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', GOOGLE_DRIVE_APPDATA_SCOPE);
  url.searchParams.set('state', input.stateCode);
  url.searchParams.set('code_challenge', input.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

/**
 * Where the recovery callback sends the browser: the flow's `redirect_to` with
 * `latchkey_oauth_code` (`'undefined'` when the provider answered an error or no code),
 * `latchkey_oauth_state` and `latchkey_oauth_provider` (`google-drive`).
 * @throws ApiError `oauth_unexpected` when the provider's `state` matches no live flow.
 */
export async function recoveryOAuthCallbackTarget(
  ctx: ServerContext,
  params: URLSearchParams,
): Promise<string> {
  const state = params.get('state');
  if (!state) throw unexpected();
  const [row] = await ctx.db
    .select()
    .from(recoveryOAuthStates)
    .where(
      and(
        eq(recoveryOAuthStates.stateHash, stateHash(state)),
        isNull(recoveryOAuthStates.consumedAt),
        gte(recoveryOAuthStates.expiresAt, new Date(ctx.now())),
      ),
    );
  if (!row) throw unexpected();
  const target = new URL(row.redirectTo);
  const code = params.get('code');
  target.searchParams.set(
    OAUTH_QUERY.code,
    params.get('error') || !code ? OAUTH_DENIED_CODE : code,
  );
  target.searchParams.set(OAUTH_QUERY.state, state);
  target.searchParams.set(OAUTH_QUERY.provider, row.provider);
  return target.href;
}

/**
 * `POST /api/v1/recovery/oauth/authenticate`: consumes the caller's flow (single use, whatever
 * happens next), then redeems the code at the provider's token endpoint with the frame's
 * verifier (oauth4webapi: the state checked, client authentication, the token answer
 * validated).
 *
 * @returns the provider's access token, its lifetime (seconds, null if unsaid), its scopes and
 *   the Drive API base.
 * @throws ApiError `oauth_unexpected` ('Unexpected auth flow. This may be a phishing
 *   attempt.') for a state code that is unknown, expired, used, or another user's or app's;
 *   `recovery_oauth_denied` ('User denied confirmation during OAuth flow') for the code
 *   `'undefined'` or a token without the Drive scope; `recovery_oauth_invalid_code` ('Invalid
 *   code during OAuth flow.') for a code already redeemed here or refused by the provider (wrong
 *   verifier, reused or unknown code); `service_unavailable` (503) when the provider cannot be
 *   reached; `too_many_requests` (429).
 */
export async function authenticateRecoveryOAuth(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  input: { authorizationCode: string; stateCode: string; codeVerifier: string },
  ip: string,
): Promise<RecoveryOAuthAuthenticateResponse> {
  const nowMs = ctx.now();
  assertAllowed(
    ctx.floodLimits.hit(`recovery-authenticate:ip:${ip}`, ctx.rateLimits.authenticatePerIp, nowMs),
  );
  const usedCode = codeHash(app.id, input.authorizationCode);
  const [row] = await ctx.db
    .update(recoveryOAuthStates)
    .set({ consumedAt: new Date(nowMs), codeHash: usedCode })
    .where(
      and(
        eq(recoveryOAuthStates.stateHash, stateHash(input.stateCode)),
        eq(recoveryOAuthStates.appId, app.id),
        eq(recoveryOAuthStates.userId, userId),
        isNull(recoveryOAuthStates.consumedAt),
        gte(recoveryOAuthStates.expiresAt, new Date(nowMs)),
      ),
    )
    .returning();
  if (!row) throw unexpected();
  if (input.authorizationCode === OAUTH_DENIED_CODE) {
    throw new ApiError('recovery_oauth_denied', RECOVERY_OAUTH_DENIED_MESSAGE);
  }
  // A code redeemed through another flow is refused here too (the provider would as well).
  const redeemed = await ctx.db
    .select({ id: recoveryOAuthStates.id })
    .from(recoveryOAuthStates)
    .where(and(eq(recoveryOAuthStates.appId, app.id), eq(recoveryOAuthStates.codeHash, usedCode)));
  if (redeemed.some((r) => r.id !== row.id)) throw invalidCode();

  const google = await googleServer(ctx, app.id);
  const callbackParams = new URLSearchParams({
    code: input.authorizationCode,
    state: input.stateCode,
  });
  if (google.as.authorization_response_iss_parameter_supported) {
    callbackParams.set('iss', google.as.issuer);
  }
  let result: oauth.TokenEndpointResponse;
  try {
    const validated = oauth.validateAuthResponse(
      google.as,
      google.client,
      callbackParams,
      input.stateCode,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      google.as,
      google.client,
      google.clientAuth,
      validated,
      recoveryOAuthCallbackUrl(ctx),
      input.codeVerifier,
      google.http,
    );
    result = await oauth.processAuthorizationCodeResponse(google.as, google.client, response, {
      expectedNonce: oauth.expectNoNonce,
      requireIdToken: false,
    });
  } catch (error) {
    if (
      error instanceof oauth.ResponseBodyError ||
      error instanceof oauth.AuthorizationResponseError
    ) {
      throw invalidCode(error);
    }
    if (error instanceof oauth.OperationProcessingError || error instanceof TypeError) {
      throw new ApiError('service_unavailable', 'The OAuth provider cannot be reached', {
        cause: error,
        retryAfterS: 5,
      });
    }
    throw invalidCode(error);
  }
  const scopes = (result.scope ?? GOOGLE_DRIVE_APPDATA_SCOPE).split(/[ ,]+/).filter(Boolean);
  // Google's granular consent lets the user untick the Drive permission: no backup then.
  if (!scopes.includes(GOOGLE_DRIVE_APPDATA_SCOPE)) {
    throw new ApiError('recovery_oauth_denied', RECOVERY_OAUTH_DENIED_MESSAGE);
  }
  return {
    provider: 'google-drive',
    access_token: result.access_token,
    access_token_expires_in_seconds:
      typeof result.expires_in === 'number' ? Math.floor(result.expires_in) : null,
    scopes,
    api_url: google.settings.driveApiUrl,
  };
}

/** CloudKit Web Services' 421 answer (`AUTHENTICATION_REQUIRED`) to an unauthenticated caller. */
interface CloudKitAuthRequired {
  serverErrorCode?: unknown;
  redirectURL?: unknown;
}

/**
 * `POST /api/v1/recovery/oauth/init_icloud`: asks CloudKit Web Services
 * `GET {api}/database/1/{container}/{environment}/public/users/caller?ckAPIToken=` with no web
 * auth token; its 421 `AUTHENTICATION_REQUIRED` answer carries the sign-in `redirectURL`, which
 * the user opens to get a `ckWebAuthToken` (CloudKit Web Services Reference, "Accessing
 * CloudKit Using an API Token").
 *
 * @returns the sign-in URL and the container the frame calls with the web auth token.
 * @throws ApiError `recovery_method_not_allowed` (403) when the app does not offer `icloud`;
 *   `recovery_oauth_not_configured` (409) without a container; `service_unavailable` (503)
 *   when CloudKit cannot be reached or answers without a sign-in URL; `too_many_requests` (429).
 */
export async function initICloudRecovery(
  ctx: ServerContext,
  app: AppRow,
  ip: string,
): Promise<RecoveryOAuthInitICloudResponse> {
  // Each call asks CloudKit: the same per-IP guard as init.
  assertAllowed(ctx.floodLimits.hit(`recovery-init:ip:${ip}`, ctx.rateLimits.initPerIp, ctx.now()));
  assertRecoveryMethodOffered(app, 'icloud');
  const cloudkit = await cloudKitSettings(ctx, app.id);
  const url = new URL(
    `${cloudkit.apiUrl}/database/1/${encodeURIComponent(cloudkit.container)}/${cloudkit.environment}/public/users/caller`,
  );
  url.searchParams.set('ckAPIToken', cloudkit.apiToken);
  let signInUrl: string;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    const body = (await res.json().catch(() => ({}))) as CloudKitAuthRequired;
    if (res.status !== 421 || body.serverErrorCode !== 'AUTHENTICATION_REQUIRED') {
      throw new Error(`CloudKit users/caller answered ${res.status}`);
    }
    if (typeof body.redirectURL !== 'string' || !/^https?:\/\//.test(body.redirectURL)) {
      throw new Error('CloudKit answered no sign-in URL');
    }
    signInUrl = body.redirectURL;
  } catch (cause) {
    throw new ApiError('service_unavailable', 'iCloud cannot be reached', {
      cause,
      retryAfterS: 5,
    });
  }
  return {
    url: signInUrl,
    cloudkit: {
      api_url: cloudkit.apiUrl,
      container: cloudkit.container,
      environment: cloudkit.environment,
      api_token: cloudkit.apiToken,
    },
  };
}
