import {
  EMAIL_METHOD,
  FARCASTER_METHOD,
  LOGIN_METHOD_CONTRACTS,
  OAUTH_METHOD,
  PASSKEY_METHOD,
  SIWE_METHOD,
  SMS_METHOD,
  TELEGRAM_METHOD,
} from './methods/index.ts';
import { MFA_PASSKEY_INIT_ROUTE, MFA_ROUTES } from './mfa.ts';

/**
 * Every API path, in one place, so client and server cannot drift (spec section 7).
 * Functions build paths with parameters; Hono patterns live in `ROUTE_PATTERNS`.
 */
export const ROUTES = {
  // Each login method's paths come from its contract module (issue 11).
  ...EMAIL_METHOD.routes,
  ...SMS_METHOD.routes,
  ...OAUTH_METHOD.routes,
  ...SIWE_METHOD.routes,
  ...FARCASTER_METHOD.routes,
  ...PASSKEY_METHOD.routes,
  ...TELEGRAM_METHOD.routes,
  // MFA (issue 15): enrolment, verification and removal, all by the wallet frame (DPoP).
  ...MFA_ROUTES,
  mfaPasskeysInit: MFA_PASSKEY_INIT_ROUTE,
  appConfig: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`,
  jwks: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/jwks.json`,
  sessions: '/api/v1/sessions',
  logout: '/api/v1/sessions/logout',
  /** `POST {refresh_token}`: a second, independent session of the caller's user (issue 21). */
  sessionsFork: '/api/v1/sessions/fork',
  usersMe: '/api/v1/users/me',
  devOutbox: '/dev/outbox',
  embeddedWallets: '/api/v1/embedded_wallets',
  walletAuthShare: '/api/v1/embedded_wallets/auth_share',
  walletRecoveryShare: '/api/v1/embedded_wallets/recovery_share',
  walletReshare: '/api/v1/embedded_wallets/reshare',
  /**
   * `POST`, empty body (DPoP): a single-use nonce the wallet key signs (EIP-191) to prove
   * possession when creating a wallet or replacing its shares (issue 10).
   */
  walletNonce: '/api/v1/embedded_wallets/nonce',
  walletFrame: (appId: string) => `/apps/${encodeURIComponent(appId)}/embedded-wallets`,
  walletExport: (appId: string) => `/apps/${encodeURIComponent(appId)}/embedded-wallets/export`,
  /**
   * The approval page (issue 24): shows one signing request and signs it on a trusted click
   * inside the frame. Framed by the sign and send screens.
   */
  walletApprove: (appId: string) => `/apps/${encodeURIComponent(appId)}/embedded-wallets/approve`,
  /**
   * The password page (issue 24): the recovery password inputs (create, confirm, recover,
   * change) live here, so the host page never sees the password.
   */
  walletPassword: (appId: string) => `/apps/${encodeURIComponent(appId)}/embedded-wallets/password`,
  /**
   * The key import page (issue 22 item 4): the private key is typed or pasted here, checked and
   * imported inside the frame, so the host page never sees it.
   */
  walletImport: (appId: string) => `/apps/${encodeURIComponent(appId)}/embedded-wallets/import`,
  /**
   * The cloud recovery page (issue 23): backs the wallet up to the user's Google Drive or iCloud,
   * or recovers it from there, on a click inside the frame; the frame opens the provider's
   * pop-up itself and keeps the PKCE verifier, the provider's token and the key.
   */
  walletCloud: (appId: string) => `/apps/${encodeURIComponent(appId)}/embedded-wallets/cloud`,
  /**
   * The cloud recovery pop-up's return page (issue 23), on the frame's origin: the recovery
   * OAuth callback sends the pop-up here (`redirect_to`), and the page posts
   * `{type: RECOVERY_OAUTH_MESSAGE_TYPE, code, state, provider}` to its opener (the cloud
   * page) at its own origin, then closes.
   */
  walletCloudReturn: (appId: string) =>
    `/apps/${encodeURIComponent(appId)}/embedded-wallets/cloud/return`,
  /** `GET` (app id header): the app's wallet policy, fetched by the frame itself (issue 24). */
  walletPolicy: '/api/v1/embedded_wallets/policy',
  /**
   * `POST` (DPoP) `{address, chain_id, value_wei}`: records a no-prompt transaction's value
   * against the wallet's rolling 24-hour cap before the frame signs it (issue 24).
   */
  walletSpend: '/api/v1/embedded_wallets/spend',
  /** `POST` (DPoP): OPAQUE registration of a recovery password (RFC 9807; issue 24). */
  walletOpaqueRegister: '/api/v1/embedded_wallets/recovery/opaque/register',
  /** `POST` (DPoP): OPAQUE login start; each start is one online password guess. */
  walletOpaqueLoginStart: '/api/v1/embedded_wallets/recovery/opaque/login/start',
  /** `POST` (DPoP): OPAQUE login finish; answers the sealed recovery share. */
  walletOpaqueLoginFinish: '/api/v1/embedded_wallets/recovery/opaque/login/finish',
  /**
   * Cloud recovery (issue 23; spec section 7). `POST {redirect_to, code_challenge, state_code}`
   * (a session of the user): the Google Drive authorization URL (scope `drive.appdata`).
   */
  recoveryOAuthInit: '/api/v1/recovery/oauth/init',
  /** `POST {client_type: 'web'}` (a session of the user): CloudKit's sign-in URL. */
  recoveryOAuthInitICloud: '/api/v1/recovery/oauth/init_icloud',
  /**
   * `POST {authorization_code, state_code, code_verifier, provider}` (DPoP): the provider's
   * access token, to the wallet frame only.
   */
  recoveryOAuthAuthenticate: '/api/v1/recovery/oauth/authenticate',
  /** `GET`: the provider's redirect URI for recovery OAuth; sends the browser to `redirect_to`. */
  recoveryOAuthCallback: '/api/v1/recovery/oauth/callback',
  analyticsEvents: '/api/v1/analytics_events',
  chains: '/api/v1/chains',
  // Accounts and gates (issue 6): terms, captcha, admin.
  /** `POST`, empty body (bearer; spec section 7): records the user's consent. */
  acceptTerms: '/api/v1/users/me/accept_terms',
  /** `GET`: a fresh ALTCHA proof-of-work challenge (apps whose captcha site key is `a:`). */
  altchaChallenge: '/api/v1/captcha/altcha/challenge',
  /** Admin API (HTTP Basic `appId:appSecret`): read and change the app's server config. */
  adminApp: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}`,
  adminAllowlist: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/allowlist`,
  /** Admin API (`GET`, `PUT`): the app's cloud recovery settings (issue 23). */
  adminRecovery: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/recovery`,
  adminOAuthProvider: (appId: string, provider: string) =>
    `/api/v1/admin/apps/${encodeURIComponent(appId)}/oauth/${encodeURIComponent(provider)}`,
} as const;

/**
 * The routes that start a session (login and sign-up). A `DPoP` proof (RFC 9449) made by the
 * wallet frame's key may accompany them; the session is then bound to that key's thumbprint
 * (RFC 7638) and only that key can obtain wallet shares (issue 10). The frame makes login proofs
 * for these routes only.
 */
export const SESSION_ROUTES: readonly string[] = LOGIN_METHOD_CONTRACTS.flatMap(
  (method) => method.sessionRoutes,
);

/**
 * The custody routes that need a DPoP proof by the key the session is bound to, with
 * `Authorization: DPoP <access token>` (RFC 9449 section 7).
 */
export const DPOP_ROUTES: readonly string[] = [
  ROUTES.embeddedWallets,
  ROUTES.walletAuthShare,
  ROUTES.walletRecoveryShare,
  ROUTES.walletReshare,
  ROUTES.walletNonce,
  ROUTES.walletSpend,
  ROUTES.walletOpaqueRegister,
  ROUTES.walletOpaqueLoginStart,
  ROUTES.walletOpaqueLoginFinish,
  ROUTES.recoveryOAuthAuthenticate,
  ...Object.values(MFA_ROUTES),
];

/** The proof header (RFC 9449 section 4.1). */
export const DPOP_HEADER = 'DPoP';
/** Seconds a DPoP proof's `iat` may differ from the server clock, either way. */
export const DPOP_PROOF_WINDOW_S = 300;

/** Hono route patterns for the parameterised paths above. */
export const ROUTE_PATTERNS = {
  appConfig: '/api/v1/apps/:appId',
  jwks: '/api/v1/apps/:appId/jwks.json',
  walletFrame: '/apps/:appId/embedded-wallets',
  walletExport: '/apps/:appId/embedded-wallets/export',
  walletApprove: '/apps/:appId/embedded-wallets/approve',
  walletPassword: '/apps/:appId/embedded-wallets/password',
  walletImport: '/apps/:appId/embedded-wallets/import',
  walletCloud: '/apps/:appId/embedded-wallets/cloud',
  walletCloudReturn: '/apps/:appId/embedded-wallets/cloud/return',
  adminApp: '/api/v1/admin/apps/:appId',
  adminAllowlist: '/api/v1/admin/apps/:appId/allowlist',
  adminOAuthProvider: '/api/v1/admin/apps/:appId/oauth/:provider',
  adminRecovery: '/api/v1/admin/apps/:appId/recovery',
} as const;
