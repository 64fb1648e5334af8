import * as z from 'zod';

/**
 * Cloud recovery (issue 23 items 1 and 2; spec sections 1, 5, 7, 8): the wallet's recovery
 * share is encrypted in the wallet frame with a fresh random AES-256-GCM key (WebCrypto); the
 * server keeps the ciphertext (the wallet's `recovery_share` of the create and reshare calls:
 * base64 of the frame's sealed share, opaque to the server, which seals it again at rest and
 * releases it like a `latchkey` share, DPoP-bound) and the user's own cloud keeps the key: Google Drive's
 * `appDataFolder` (only this app's OAuth client sees it) or iCloud's private CloudKit database.
 * Neither the server alone nor the cloud alone can rebuild the wallet, and the host page sees
 * neither.
 *
 * The frame reaches the cloud with a token of the user's own:
 * - Google Drive: `POST /api/v1/recovery/oauth/init` (the frame's PKCE S256 challenge and state
 *   code) answers the provider's authorization URL with the narrowest scope
 *   ({@link GOOGLE_DRIVE_APPDATA_SCOPE}); the provider sends the browser to the API's callback
 *   (`ROUTES.recoveryOAuthCallback`), which sends it on to `redirect_to` with
 *   `latchkey_oauth_code` / `latchkey_oauth_state` / `latchkey_oauth_provider` (code
 *   `'undefined'` when the user denied); `POST /api/v1/recovery/oauth/authenticate` (DPoP: the
 *   frame's key only) redeems the code with the frame's verifier at the provider and answers the
 *   provider's access token to the frame.
 * - iCloud: `POST /api/v1/recovery/oauth/init_icloud` answers CloudKit's sign-in URL (the
 *   `redirectURL` of CloudKit Web Services' `users/caller` 421 answer) and the container the
 *   frame then calls with its `ckWebAuthToken`.
 */

/** The cloud recovery methods (spec section 1). */
export const CLOUD_RECOVERY_METHODS = ['google-drive', 'icloud'] as const;
export type CloudRecoveryMethod = (typeof CLOUD_RECOVERY_METHODS)[number];

/** The recovery methods that go through an OAuth code flow (`init` + `authenticate`). */
export const RECOVERY_OAUTH_PROVIDERS = ['google-drive'] as const;
export type RecoveryOAuthProvider = (typeof RECOVERY_OAUTH_PROVIDERS)[number];

/** The only Drive scope asked for: the app's own hidden folder, nothing else of the user's Drive. */
export const GOOGLE_DRIVE_APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata';

/** Google's Drive REST API base (v3 paths are under it); an app may point it elsewhere. */
export const GOOGLE_DRIVE_API_URL = 'https://www.googleapis.com';
/** Google's authorization server (OpenID discovery at its issuer). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** CloudKit Web Services' base (`{base}/database/1/{container}/{environment}/...`). */
export const CLOUDKIT_API_URL = 'https://api.apple-cloudkit.com';

/** A recovery OAuth flow (its state code, challenge and user) lives this long, seconds. */
export const RECOVERY_OAUTH_STATE_TTL_S = 10 * 60;

/**
 * The `type` of the message the cloud recovery pop-up's return page
 * (`ROUTES.walletCloudReturn`) posts to its opener, the wallet frame's cloud page, at the
 * frame's own origin: `{type, code, state, provider}` (issue 23).
 */
export const RECOVERY_OAUTH_MESSAGE_TYPE = 'latchkey:recovery-oauth:return';

/** Spec section 8: the provider refused the code (wrong verifier, reused or unknown code). */
export const RECOVERY_OAUTH_INVALID_CODE_MESSAGE = 'Invalid code during OAuth flow.';
/** Spec section 8: the user denied at the provider (code `'undefined'`). */
export const RECOVERY_OAUTH_DENIED_MESSAGE = 'User denied confirmation during OAuth flow';
/** Spec section 5: a state code that matches no live flow of this user. */
export const RECOVERY_OAUTH_UNEXPECTED_MESSAGE =
  'Unexpected auth flow. This may be a phishing attempt.';

const stateCode = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid state code');

/**
 * `POST /api/v1/recovery/oauth/init` (a session of the user: `Authorization: Bearer` or
 * `DPoP`): `redirect_to` must equal one of the app's allowed origins, or exactly the wallet
 * frame's pop-up return page of the app (`{apiUrl}{ROUTES.walletCloudReturn(appId)}`);
 * `code_challenge` is the frame's PKCE S256 challenge (43 base64url characters), sent on to the
 * provider; `state_code` the frame's state (16-128 base64url characters). `provider` defaults to
 * `google-drive`.
 * Answers {@link RecoveryOAuthInitResponse}.
 */
export const recoveryOAuthInitRequest = z.object({
  provider: z.enum(RECOVERY_OAUTH_PROVIDERS).optional(),
  redirect_to: z.string().url().max(2048),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid S256 code challenge'),
  code_challenge_method: z.literal('S256').optional(),
  state_code: stateCode,
});
export type RecoveryOAuthInitRequest = z.input<typeof recoveryOAuthInitRequest>;

/** Answer of the init routes: the URL to open (the provider's authorization or sign-in page). */
export const recoveryOAuthInitResponse = z.object({ url: z.string().url() });
export type RecoveryOAuthInitResponse = z.infer<typeof recoveryOAuthInitResponse>;

/** `POST /api/v1/recovery/oauth/init_icloud` (a session of the user). */
export const recoveryOAuthInitICloudRequest = z.object({ client_type: z.literal('web') });
export type RecoveryOAuthInitICloudRequest = z.input<typeof recoveryOAuthInitICloudRequest>;

/**
 * Answer of `init_icloud`: CloudKit's sign-in URL, and where the frame then calls CloudKit Web
 * Services with the `ckWebAuthToken` the sign-in gives (`{api_url}/database/1/{container}/
 * {environment}/private/records/modify|query?ckAPIToken=&ckWebAuthToken=`). The API token is
 * CloudKit's web token, public by design.
 */
export const recoveryOAuthInitICloudResponse = recoveryOAuthInitResponse.extend({
  cloudkit: z
    .object({
      api_url: z.string().url(),
      container: z.string(),
      environment: z.enum(['development', 'production']),
      api_token: z.string(),
    })
    .optional(),
});
export type RecoveryOAuthInitICloudResponse = z.infer<typeof recoveryOAuthInitICloudResponse>;

/**
 * `POST /api/v1/recovery/oauth/authenticate` (DPoP: the wallet frame's key, the session of the
 * user who started the flow). `authorization_code` `'undefined'` means the user denied.
 */
export const recoveryOAuthAuthenticateRequest = z.object({
  provider: z.enum(RECOVERY_OAUTH_PROVIDERS),
  authorization_code: z.string().min(1).max(4096),
  state_code: z.string().min(1).max(128),
  code_verifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'Invalid PKCE value'),
});
export type RecoveryOAuthAuthenticateRequest = z.input<typeof recoveryOAuthAuthenticateRequest>;

/**
 * Answer of `authenticate`: the provider's access token (for the frame only), its lifetime in
 * seconds (null when the provider did not say), its scopes, and the Drive API base to use it at.
 */
export const recoveryOAuthAuthenticateResponse = z.object({
  provider: z.enum(RECOVERY_OAUTH_PROVIDERS),
  access_token: z.string(),
  access_token_expires_in_seconds: z.number().int().nullable(),
  scopes: z.array(z.string()),
  api_url: z.string().url(),
});
export type RecoveryOAuthAuthenticateResponse = z.infer<typeof recoveryOAuthAuthenticateResponse>;

const httpUrl = z
  .string()
  .url()
  .max(2048)
  .refine((v) => /^https?:\/\//.test(v), 'An http(s) URL');

/**
 * `PUT /api/v1/admin/apps/{appId}/recovery` (admin API, app secret): the app's cloud recovery
 * settings (issue 23 item 2). Each half given replaces that half; `null` clears it; absent keeps
 * it. `google_drive`: the app's OAuth client at Google (its secret is sealed at rest and never
 * answered), the authorization server's issuer (default Google's) and the Drive API base (default
 * Google's). `icloud`: the CloudKit container (`iCloud.`...), its environment, its web API token
 * and the CloudKit Web Services base (default Apple's). Which methods are offered stays the app
 * field `user_owned_recovery_options`. Answers {@link AdminRecoveryCloudResponse}.
 */
export const adminRecoveryCloudRequest = z.strictObject({
  google_drive: z
    .strictObject({
      client_id: z.string().min(1).max(512),
      client_secret: z.string().min(1).max(512).nullable().optional(),
      issuer: httpUrl.nullable().optional(),
      drive_api_url: httpUrl.nullable().optional(),
    })
    .nullable()
    .optional(),
  icloud: z
    .strictObject({
      container: z.string().regex(/^iCloud\.[A-Za-z0-9._-]{1,200}$/, 'An iCloud. container id'),
      environment: z.enum(['development', 'production']),
      api_token: z.string().min(1).max(512),
      api_url: httpUrl.nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type AdminRecoveryCloudRequest = z.input<typeof adminRecoveryCloudRequest>;

/** The admin view of the settings: defaults filled in, the Google secret only as set or not. */
export const adminRecoveryCloudResponse = z.object({
  google_drive: z
    .object({
      client_id: z.string(),
      client_secret_set: z.boolean(),
      issuer: z.string(),
      drive_api_url: z.string(),
    })
    .nullable(),
  icloud: z
    .object({
      container: z.string(),
      environment: z.enum(['development', 'production']),
      api_token: z.string(),
      api_url: z.string(),
    })
    .nullable(),
});
export type AdminRecoveryCloudResponse = z.infer<typeof adminRecoveryCloudResponse>;
