import {
  APP_ID_HEADER,
  CLIENT_HEADER,
  type CreateEmbeddedWalletRequest,
  DPOP_HEADER,
  type MFA_ROUTES,
  type OpaqueLoginStartResponse,
  type OpaqueSealedShareWire,
  type PasswordEncryptedShareWire,
  type RecoveryMethod,
  type RecoveryOAuthAuthenticateRequest,
  type RecoveryOAuthAuthenticateResponse,
  type RecoveryOAuthInitICloudResponse,
  type RecoveryOAuthInitRequest,
  type ReshareEmbeddedWalletRequest,
  ROUTES,
  type WalletErrorType,
  type WalletPolicyResponse,
  type WalletSpendRequest,
  type WalletSpendResponse,
} from '@latchkey/api';
import { CustodyError, ShareIntegrityError } from '../custody/errors.ts';
import { fromBase64 } from './encoding.ts';
import type { FrameKey } from './frame-key.ts';

/** A path of the MFA custody routes (issue 15). */
export type MfaRoute = (typeof MFA_ROUTES)[keyof typeof MFA_ROUTES];

/** The `latchkey-client` header value the frame sends. */
export const FRAME_CLIENT_NAME = 'latchkey-wallet-frame:0.1.0';

/** What the host hears when the session is not bound to this frame's key (issue 10). */
export const SESSION_NOT_BOUND_MESSAGE =
  'This session is not bound to the wallet on this device. Please log in again.';

/** The recovery share as the server returns it. */
export type RecoveryShareAnswer = {
  recovery_method: RecoveryMethod;
  recovery_share: string | null;
  recovery_blob: PasswordEncryptedShareWire | null;
};

/**
 * The share calls the frame makes to its own origin (design.md, Keys). Each carries
 * `Authorization: DPoP <token>` and a fresh DPoP proof by the frame key (issue 10).
 */
export interface ShareApi {
  /**
   * The server's clock in ms, as the last answer's `Date` header showed it (this device's clock
   * before any answer). Proofs use it for `iat`, so a device clock that is off still works.
   */
  serverNow(): number;
  /** A single-use nonce for a wallet key proof (`POST /embedded_wallets/nonce`). */
  walletNonce(token: string): Promise<string>;
  createWallet(token: string, body: CreateEmbeddedWalletRequest): Promise<void>;
  /** The auth share, decoded. @throws ShareIntegrityError when the answer is not a share. */
  authShare(token: string, address: string): Promise<Uint8Array>;
  /**
   * Issue 15: until when (this device's clock, ms) the last auth share may be kept rebuilt in
   * memory: the end of the session's MFA verification for a user with a second factor, null for
   * a user without one.
   */
  authShareKeepUntil(): number | null;
  recoveryShare(token: string, address: string): Promise<RecoveryShareAnswer>;
  reshare(token: string, body: ReshareEmbeddedWalletRequest): Promise<void>;
  /**
   * The app's wallet policy (`GET ROUTES.walletPolicy`, issue 24 item 3), from the frame's own
   * origin with the app id header; no token.
   * @throws CustodyError `error` when it cannot be fetched or is not a policy answer.
   */
  policy(): Promise<WalletPolicyResponse>;
  /**
   * Records a no-prompt transaction's value against the wallet's 24-hour cap before signing
   * (`POST ROUTES.walletSpend`, DPoP).
   * @throws CustodyError whose type is the server's refusal code (`approval_required`,
   *   `policy_chain_not_allowed`, `policy_value_cap_exceeded`, `policy_daily_cap_exceeded`).
   */
  spend(token: string, body: WalletSpendRequest): Promise<WalletSpendResponse>;
  // OPAQUE recovery passwords (issue 24 items 5 and 6).
  /**
   * `POST recovery/opaque/register` with a wallet proof (action `opaque-register`).
   * @returns the registration response (base64url).
   */
  opaqueRegister(
    token: string,
    body: { address: string; registration_request: string; nonce: string; signature: string },
  ): Promise<string>;
  /**
   * `POST recovery/opaque/login/start`: one counted guess.
   * @throws ShareApiError `recovery_attempts_exceeded` while locked; status 404 when the wallet
   *   has no OPAQUE record (legacy or automatic recovery).
   */
  opaqueLoginStart(
    token: string,
    body: { address: string; start_login_request: string },
  ): Promise<OpaqueLoginStartResponse>;
  /**
   * Issue 15: one MFA call (`MFA_ROUTES`: enrol, verify, remove) with the frame's DPoP proof.
   * @returns the server's JSON answer.
   * @throws ShareApiError with type `missing_or_invalid_mfa` or
   *   `mfa_verification_max_attempts_reached` (with `retryAfterSeconds`) for those refusals.
   */
  mfa(token: string, path: MfaRoute, body: object): Promise<unknown>;
  /**
   * A login method's call by the frame (`methods/<id>/`, e.g. a signer route; issue 16),
   * `POST path` with the frame's DPoP proof. Without cookies, unless `options.cookies` (the
   * cross-app consent: the provider's pending authorization is a cookie of this origin; issue 21).
   * @returns the server's JSON answer.
   * @throws ShareApiError for a refusal (its `status` and `code`).
   */
  methodCall(
    token: string,
    path: string,
    body: object,
    options?: { cookies?: boolean },
  ): Promise<unknown>;
  // Cloud recovery (issue 23), the cloud recovery page's calls.
  /**
   * `POST ROUTES.recoveryOAuthInit` (Google Drive): the frame's S256 challenge and state code.
   * @returns the provider's authorization URL (an http(s) URL).
   * @throws ShareApiError for a refusal (`invalid_origin`, `recovery_method_not_allowed`, ...).
   */
  recoveryOAuthInit(token: string, body: RecoveryOAuthInitRequest): Promise<string>;
  /**
   * `POST ROUTES.recoveryOAuthInitICloud` `{client_type: 'web'}`: CloudKit's sign-in URL and the
   * container to call with the web auth token.
   * @throws CustodyError `error` when the answer has no http(s) URL or no container.
   */
  recoveryOAuthInitICloud(token: string): Promise<Required<RecoveryOAuthInitICloudResponse>>;
  /**
   * `POST ROUTES.recoveryOAuthAuthenticate` (DPoP by the frame's key): redeems the code with the
   * frame's verifier; answers the provider's access token and the Drive API base.
   * @throws ShareApiError `recovery_oauth_denied`, `recovery_oauth_invalid_code` or
   *   `oauth_unexpected` (its `code`) for the server's refusals.
   */
  recoveryOAuthAuthenticate(
    token: string,
    body: RecoveryOAuthAuthenticateRequest,
  ): Promise<RecoveryOAuthAuthenticateResponse>;
  /** `POST recovery/opaque/login/finish`: the sealed share. */
  opaqueLoginFinish(
    token: string,
    body: { login_id: string; finish_login_request: string },
  ): Promise<OpaqueSealedShareWire>;
}

/** Server refusal codes that reach the host as the same wallet error type (issue 24 item 3). */
const POLICY_REFUSALS: readonly WalletErrorType[] = [
  'approval_required',
  'policy_chain_not_allowed',
  'policy_contract_not_allowed',
  'policy_value_cap_exceeded',
  'policy_daily_cap_exceeded',
];

/** Server MFA refusals that reach the host as the same wallet error type (issue 15). */
const MFA_REFUSALS: readonly WalletErrorType[] = [
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
];

/** An absolute http(s) URL (what the frame may navigate its pop-up to or call). */
function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A shape check of the policy answer (no zod in the frame bundle). */
function isPolicyAnswer(value: unknown): value is WalletPolicyResponse {
  const answer = value as Partial<WalletPolicyResponse> | undefined;
  const policy = answer?.policy as Record<string, unknown> | undefined;
  return (
    typeof policy === 'object' &&
    policy !== null &&
    typeof policy.no_prompt_on_signature === 'boolean' &&
    (policy.allowed_chain_ids === null || Array.isArray(policy.allowed_chain_ids)) &&
    (policy.allowed_contracts === null || Array.isArray(policy.allowed_contracts)) &&
    typeof policy.allow_typed_data === 'boolean' &&
    (policy.max_value_wei_per_tx === null || typeof policy.max_value_wei_per_tx === 'string') &&
    (policy.max_value_wei_per_24h === null || typeof policy.max_value_wei_per_24h === 'string') &&
    (policy.outside_policy === 'ask' || policy.outside_policy === 'refuse') &&
    Array.isArray(answer?.served_chain_ids)
  );
}

/** A refused share call: the HTTP status and the server's stable `code`, when it sent one. */
export class ShareApiError extends CustodyError {
  override name = 'ShareApiError';
  /**
   * `recovery_attempts_exceeded`, `mfa_verification_max_attempts_reached`: the server's
   * `Retry-After`, in seconds (the password page and the MFA prompt show it).
   */
  retryAfterSeconds?: number;
  constructor(
    type: ConstructorParameters<typeof CustodyError>[0],
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(type, message);
  }
}

/**
 * Same-origin client of the share routes, with the user's access token bound to the frame key
 * (RFC 9449: `Authorization: DPoP`, a `DPoP` proof per request). Errors become CustodyErrors
 * whose message names the HTTP status ('... code 429 ...' is the rate limit, spec section 8).
 */
export function createShareApi(parameters: {
  apiUrl: string;
  appId: string;
  key: FrameKey;
  fetch?: typeof fetch;
}): ShareApi {
  /** Server clock minus this device's, in ms, from the latest `Date` header (1 s precision). */
  let serverOffsetMs = 0;
  const serverNow = () => Date.now() + serverOffsetMs;

  async function send(
    url: string,
    token: string,
    body: unknown,
    credentials: RequestCredentials = 'omit',
  ): Promise<Response> {
    const doFetch = parameters.fetch ?? globalThis.fetch;
    try {
      const proof = await parameters.key.proof('POST', url, token, serverNow());
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `DPoP ${token}`,
          [DPOP_HEADER]: proof,
          [APP_ID_HEADER]: parameters.appId,
          [CLIENT_HEADER]: FRAME_CLIENT_NAME,
        },
        body: JSON.stringify(body),
        credentials,
      });
      const date = Date.parse(response.headers?.get?.('date') ?? '');
      if (!Number.isNaN(date)) serverOffsetMs = date - Date.now();
      return response;
    } catch (cause) {
      throw new CustodyError('error', 'Network error while reaching the wallet service.', {
        cause,
      });
    }
  }

  async function post(
    path: string,
    token: string,
    body: unknown,
    credentials?: RequestCredentials,
  ): Promise<unknown> {
    const url = `${parameters.apiUrl}${path}`;
    let response = await send(url, token, body, credentials);
    let text = await response.text().catch(() => '');
    const codeOf = (t: string): unknown => {
      try {
        return (JSON.parse(t) as { code?: unknown }).code;
      } catch {
        return undefined;
      }
    };
    if (response.status === 401 && codeOf(text) === 'invalid_dpop_proof') {
      // Perhaps a device clock that is off: the answer's `Date` set the server clock, so one more
      // try with a proof on it. The server changed nothing for the refused proof.
      response = await send(url, token, body, credentials);
      text = await response.text().catch(() => '');
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const serverMessage =
        typeof (json as { error?: unknown } | undefined)?.error === 'string'
          ? (json as { error: string }).error
          : response.statusText || 'Request failed';
      const code = (json as { code?: unknown } | undefined)?.code;
      if (
        response.status === 401 &&
        (code === 'session_not_bound' || code === 'invalid_dpop_proof')
      ) {
        // The session was bound to another key (this frame's storage was cleared) or to none.
        throw new CustodyError('session_not_bound', SESSION_NOT_BOUND_MESSAGE);
      }
      if (typeof code === 'string' && (MFA_REFUSALS as readonly string[]).includes(code)) {
        // Issue 15: the host asks the user for the second factor and tries again.
        const refused = new ShareApiError(
          code as WalletErrorType,
          serverMessage,
          response.status,
          code,
        );
        const wait = Number(response.headers.get('retry-after'));
        if (Number.isFinite(wait) && wait > 0) refused.retryAfterSeconds = wait;
        throw refused;
      }
      if (typeof code === 'string' && (POLICY_REFUSALS as readonly string[]).includes(code)) {
        throw new ShareApiError(code as WalletErrorType, serverMessage, response.status, code);
      }
      if (code === 'recovery_attempts_exceeded') {
        // Issue 24 item 6: the wallet error type of the same name, with the server's wait.
        const locked = new ShareApiError(
          'recovery_attempts_exceeded',
          serverMessage,
          response.status,
          code,
        );
        const wait = Number(response.headers.get('retry-after'));
        if (Number.isFinite(wait) && wait > 0) locked.retryAfterSeconds = wait;
        throw locked;
      }
      throw new ShareApiError(
        'error',
        `Request failed with code ${response.status}: ${serverMessage}`,
        response.status,
        typeof code === 'string' ? code : undefined,
      );
    }
    return json;
  }

  let keepUntilMs: number | null = null;

  return {
    serverNow,
    authShareKeepUntil: () => keepUntilMs,
    async walletNonce(token) {
      const answer = (await post(ROUTES.walletNonce, token, {})) as { nonce?: unknown } | undefined;
      if (typeof answer?.nonce !== 'string') {
        throw new CustodyError('error', 'The wallet service did not issue a nonce');
      }
      return answer.nonce;
    },
    async createWallet(token, body) {
      await post(ROUTES.embeddedWallets, token, body);
    },
    async authShare(token, address) {
      const answer = (await post(ROUTES.walletAuthShare, token, { address })) as
        { auth_share?: unknown; mfa_verified_until?: unknown } | undefined;
      if (typeof answer?.auth_share !== 'string') throw new ShareIntegrityError();
      const until = answer.mfa_verified_until;
      // Server seconds to this device's clock (the answer's `Date` set the offset).
      keepUntilMs = typeof until === 'number' ? until * 1000 - serverOffsetMs : null;
      try {
        return fromBase64(answer.auth_share);
      } catch (cause) {
        throw new ShareIntegrityError({ cause });
      }
    },
    async recoveryShare(token, address) {
      const answer = (await post(ROUTES.walletRecoveryShare, token, { address })) as
        Partial<RecoveryShareAnswer> | undefined;
      if (!answer || typeof answer.recovery_method !== 'string') {
        throw new CustodyError('error', 'Unable to recover wallet');
      }
      return {
        recovery_method: answer.recovery_method,
        recovery_share: answer.recovery_share ?? null,
        recovery_blob: answer.recovery_blob ?? null,
      };
    },
    async reshare(token, body) {
      await post(ROUTES.walletReshare, token, body);
    },
    async policy() {
      const doFetch = parameters.fetch ?? globalThis.fetch;
      let answer: unknown;
      try {
        const response = await doFetch(`${parameters.apiUrl}${ROUTES.walletPolicy}`, {
          method: 'GET',
          headers: {
            accept: 'application/json',
            [APP_ID_HEADER]: parameters.appId,
            [CLIENT_HEADER]: FRAME_CLIENT_NAME,
          },
          credentials: 'omit',
        });
        if (!response.ok) {
          throw new CustodyError(
            'error',
            `Wallet policy request failed with code ${response.status}`,
          );
        }
        answer = await response.json();
      } catch (cause) {
        if (cause instanceof CustodyError) throw cause;
        throw new CustodyError('error', 'Network error while reaching the wallet service.', {
          cause,
        });
      }
      if (!isPolicyAnswer(answer)) {
        throw new CustodyError('error', 'The wallet service did not answer a wallet policy');
      }
      return answer;
    },
    async spend(token, body) {
      const answer = (await post(ROUTES.walletSpend, token, body)) as
        Partial<WalletSpendResponse> | undefined;
      if (typeof answer?.spent_wei_24h !== 'string') {
        throw new CustodyError('error', 'The wallet service did not record the spend');
      }
      return {
        spent_wei_24h: answer.spent_wei_24h,
        remaining_wei_24h: answer.remaining_wei_24h ?? null,
      };
    },
    mfa: (token, path, body) => post(path, token, body),
    methodCall: (token, path, body, options) =>
      post(path, token, body, options?.cookies ? 'same-origin' : 'omit'),
    // Cloud recovery (issue 23).
    async recoveryOAuthInit(token, body) {
      const answer = (await post(ROUTES.recoveryOAuthInit, token, body)) as
        { url?: unknown } | undefined;
      if (!isHttpUrl(answer?.url)) {
        throw new CustodyError('error', 'The wallet service did not answer a sign-in URL');
      }
      return answer.url;
    },
    async recoveryOAuthInitICloud(token) {
      const answer = (await post(ROUTES.recoveryOAuthInitICloud, token, {
        client_type: 'web',
      })) as Partial<RecoveryOAuthInitICloudResponse> | undefined;
      const cloudkit = answer?.cloudkit;
      if (
        !isHttpUrl(answer?.url) ||
        !cloudkit ||
        !isHttpUrl(cloudkit.api_url) ||
        typeof cloudkit.container !== 'string' ||
        typeof cloudkit.api_token !== 'string' ||
        (cloudkit.environment !== 'development' && cloudkit.environment !== 'production')
      ) {
        throw new CustodyError('error', 'The wallet service did not answer an iCloud sign-in');
      }
      return { url: answer.url, cloudkit };
    },
    async recoveryOAuthAuthenticate(token, body) {
      const answer = (await post(ROUTES.recoveryOAuthAuthenticate, token, body)) as
        Partial<RecoveryOAuthAuthenticateResponse> | undefined;
      if (typeof answer?.access_token !== 'string' || !isHttpUrl(answer.api_url)) {
        throw new CustodyError('error', 'The wallet service did not answer an access token');
      }
      return answer as RecoveryOAuthAuthenticateResponse;
    },
    // OPAQUE recovery passwords (issue 24 items 5 and 6).
    async opaqueRegister(token, body) {
      const answer = (await post(ROUTES.walletOpaqueRegister, token, body)) as
        { registration_response?: unknown } | undefined;
      if (typeof answer?.registration_response !== 'string') {
        throw new CustodyError('error', 'The wallet service did not answer the registration');
      }
      return answer.registration_response;
    },
    async opaqueLoginStart(token, body) {
      const answer = (await post(ROUTES.walletOpaqueLoginStart, token, body)) as
        Partial<OpaqueLoginStartResponse> | undefined;
      if (
        typeof answer?.login_id !== 'string' ||
        typeof answer.login_response !== 'string' ||
        typeof answer.ksf !== 'string'
      ) {
        throw new CustodyError('error', 'Unable to recover wallet');
      }
      return answer as OpaqueLoginStartResponse;
    },
    async opaqueLoginFinish(token, body) {
      const answer = (await post(ROUTES.walletOpaqueLoginFinish, token, body)) as
        { sealed_share?: Partial<OpaqueSealedShareWire> } | undefined;
      const sealed = answer?.sealed_share;
      if (
        sealed?.version !== 1 ||
        typeof sealed.iv !== 'string' ||
        typeof sealed.ciphertext !== 'string'
      ) {
        throw new CustodyError('error', 'Unable to recover wallet');
      }
      return sealed as OpaqueSealedShareWire;
    },
  };
}
