/**
 * The types of the host side of MFA (issue 15, "Client"; spec sections 3 "MFA payloads", 4 "MFA
 * enrolment" and "MFA prompt", 7 "Client operations", 9). The runtime is `client.ts`.
 */
import type { MfaMethod, PasskeyOptionsResponse } from '@latchkey/api';
import type { LatchkeyClient } from '../session/createLatchkeyClient.ts';
import type { User } from '../session/user.ts';
import type { EmbeddedWalletBridge } from '../wallets/embedded/bridge.ts';

/** What starts an enrolment: TOTP (answers a secret), or SMS to `phoneNumber` (texts a code). */
export type MfaEnrollmentInit = { method: 'totp' } | { method: 'sms'; phoneNumber: string };

/** A new TOTP secret (base32) and its `otpauth://totp/...` URI (for a QR code). */
export type TotpEnrollment = { secret: string; authUrl: string };

/**
 * What finishes an enrolment: the 6-digit `code` of the authenticator app (`totp`) or of the
 * SMS (`sms`, with the same `phoneNumber`), or the ids (base64url) of passkeys already linked.
 */
export type MfaEnrollmentSubmit =
  | { method: 'totp'; code: string }
  | { method: 'sms'; phoneNumber: string; code: string }
  | { method: 'passkey'; credentialIds: string[] };

/**
 * The WebAuthn request options of `POST /api/v1/mfa/passkeys/init` (JSON form, for
 * `navigator.credentials.get` through `@simplewebauthn/browser`'s `startAuthentication`).
 */
export type MfaPasskeyRequestOptions = PasskeyOptionsResponse['options'];

/** What {@link MfaRequiredHandler} is told. */
export type MfaRequiredRequest = {
  /** The user's enrolled methods, in the user's order (the prompt auto-selects the first). */
  methods: MfaMethod[];
  /** Which attempt of the operation was refused: 1 to `MFA_MAX_REQUIRED_ATTEMPTS` (4) - 1. */
  attempt: number;
};

/**
 * Called when an embedded-wallet operation needs MFA. Either return a promise that resolves once
 * the user verified (through {@link MfaClient.verify}`.submit`) and rejects when they gave up,
 * or return nothing: core then waits for a successful `verify.submit` (retry) or
 * `verify.cancel()` ('MFA canceled'). Either way at most `MFA_CODE_WAIT_MS` (300000 ms).
 */
export type MfaRequiredHandler = (request: MfaRequiredRequest) => void | Promise<void>;

/** The MFA actions of one client (spec section 7, "Client operations"). */
export interface MfaClient {
  /**
   * Starts an enrolment through the frame (`latchkey:mfa:init-enrollment`). `totp`: a pending
   * secret (10 min). `sms`: texts a code to `phoneNumber`.
   * @throws WalletError with the frame's type (`missing_or_invalid_mfa` when the user already has
   *   a method and the session is not verified: 'To add or delete verification methods,
   *   verification is required'); `missing_access_token` when logged out.
   */
  initEnrollment(parameters: { method: 'totp' }): Promise<TotpEnrollment>;
  initEnrollment(parameters: { method: 'sms'; phoneNumber: string }): Promise<void>;
  /**
   * Finishes an enrolment (`latchkey:mfa:submit-enrollment`); the session then counts as
   * verified. The answered user (with `mfaMethods`) becomes the session's user.
   * @returns the updated user.
   * @throws WalletError `invalid_request_arguments` ('Passcode can only be numbers', 'Passcode
   *   must be exactly 6 numbers'), the frame's other types (a wrong code: 'The code you entered
   *   is not valid'; `mfa_verification_max_attempts_reached`).
   */
  submitEnrollment(parameters: MfaEnrollmentSubmit): Promise<User>;
  /**
   * Removes `method` (`latchkey:mfa:unenroll`; the session must be verified). The answered user
   * becomes the session's user. @returns the updated user.
   * @throws WalletError `missing_or_invalid_mfa` when the session is not verified.
   */
  unenroll(method: MfaMethod): Promise<User>;
  /** Verification (the MFA prompt). */
  readonly verify: {
    /**
     * Prepares a verification: `sms` texts a code (frame, `action: 'init'`); `totp` does nothing;
     * `passkey` answers the WebAuthn request options from the host's bearer
     * `POST /api/v1/mfa/passkeys/init` (run `navigator.credentials.get` with them, then `submit`
     * the assertion).
     */
    init(method: 'sms' | 'totp'): Promise<void>;
    init(method: 'passkey'): Promise<MfaPasskeyRequestOptions>;
    init(method: MfaMethod): Promise<MfaPasskeyRequestOptions | undefined>;
    /**
     * Submits the 6-digit code (`totp`, `sms`) or the WebAuthn assertion JSON (`passkey`) to the
     * frame (`action: 'submit'`). On success a pending {@link MfaClient.withMfa} retries.
     * @returns `verifiedUntil`: until when the session is MFA-verified, ms since the epoch.
     * @throws WalletError as the frame answers ('The code you entered is not valid';
     *   `mfa_verification_max_attempts_reached`); the pending wait goes on (the user may retry).
     */
    submit(method: MfaMethod, codeOrAssertion: string | object): Promise<{ verifiedUntil: number }>;
    /**
     * Cancels the pending MFA wait: the operation waiting in {@link MfaClient.withMfa} rejects
     * with a WalletError 'MFA canceled' (type `error`, code `missing_or_invalid_mfa`). Does
     * nothing when none waits.
     */
    cancel(): void;
  };
  /**
   * Registers the handler asked when an operation needs MFA (the modal's prompt, or the app's
   * headless callback with `mfa.noPromptOnMfaRequired`); `null` removes it. Without a handler,
   * `missing_or_invalid_mfa` is thrown unchanged. @returns a function restoring the previous one.
   */
  setMfaRequiredHandler(handler: MfaRequiredHandler | null): () => void;
  /**
   * Runs `operation`; while it fails with the wallet error type `missing_or_invalid_mfa` and a
   * handler is registered, asks the handler and retries, `MFA_MAX_REQUIRED_ATTEMPTS` (4)
   * attempts in all (spec sections 4 and 9). Concurrent operations share one wait.
   * @throws the last `missing_or_invalid_mfa` WalletError after the last attempt, or at once
   *   without a handler; WalletError 'MFA canceled' when the user cancelled; WalletError
   *   `mfa_timeout` ('Timed out waiting for MFA code') after `MFA_CODE_WAIT_MS` (300000 ms) ms without
   *   a verification; the operation's other errors unchanged.
   */
  withMfa<T>(operation: () => Promise<T>): Promise<T>;
  /** True while an operation waits for the user's verification. */
  isWaiting(): boolean;
  /**
   * Until when (ms since the epoch) this page last saw the session verified: the answer of the
   * last `verify.submit`, or an enrolment (the server counts it as a verification) plus
   * `MFA_VERIFICATION_TTL_S`; 0 when not seen. A hint for screens (skip asking again), not a
   * guarantee: the server decides.
   */
  verifiedUntil(): number;
}

/** Parameters of {@link createMfaClient}. */
export type CreateMfaClientParameters = {
  client: LatchkeyClient;
  /** The wallet frame bridge (the client's shared one: its key is the session's). */
  bridge: EmbeddedWalletBridge;
};
