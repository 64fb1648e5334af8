/**
 * The wallet frame's message protocol (spec section 7, "Wallet frame"). The host page and
 * the frame at `/apps/{appId}/embedded-wallets` talk only through `postMessage`, always to an
 * explicit target origin. Requests are `{id, event, data}`; answers echo `id` and `event` and
 * carry either `data` or `error: {type, message, code?}`.
 */
import type { ErrorCode } from './error-codes.ts';

/** Path of the wallet frame page on the API origin. */
export const walletFramePath = (appId: string) =>
  `/apps/${encodeURIComponent(appId)}/embedded-wallets`;

/** Every event name of the protocol (spec section 7), prefixed `latchkey:`. */
export const FRAME_EVENTS = {
  ready: 'latchkey:iframe:ready',
  walletCreate: 'latchkey:wallet:create',
  /**
   * Import page only (`/apps/{appId}/embedded-wallets/import`; issue 22 item 4): the frame
   * shows the key input and imports the key itself on the user's click.
   */
  walletImport: 'latchkey:wallet:import',
  walletConnect: 'latchkey:wallet:connect',
  walletRecover: 'latchkey:wallet:recover',
  walletRpc: 'latchkey:wallet:rpc',
  walletSetRecovery: 'latchkey:wallet:set-recovery',
  walletClear: 'latchkey:wallet:clear',
  /**
   * A DPoP proof (RFC 9449) by the frame's own key for one login call (`htu` must be one of
   * `SESSION_ROUTES` on the frame's origin): the session that login starts is bound to the
   * frame's key (issue 10). The proof carries no access token hash, so it opens no share route.
   */
  walletLoginProof: 'latchkey:wallet:login-proof',
  /** Export page only (`/apps/{appId}/embedded-wallets/export`): show the key inside the frame. */
  walletExport: 'latchkey:wallet:export',
  /**
   * Approval page only (`/apps/{appId}/embedded-wallets/approve`; issue 24): the frame draws one
   * signing request and answers its result only after a trusted, unobscured click inside it.
   */
  walletApprove: 'latchkey:wallet:approve',
  /**
   * Password page only (`/apps/{appId}/embedded-wallets/password`; issue 24): the frame shows
   * the recovery password inputs and runs the custody operation itself on the user's click.
   */
  walletPassword: 'latchkey:wallet:password',
  /**
   * Cloud recovery page only (`/apps/{appId}/embedded-wallets/cloud`; issue 23): the frame
   * shows the provider's button, opens the provider's pop-up in the user's click, and runs the
   * custody operation itself (back up to, or recover from, Google Drive or iCloud).
   */
  walletCloud: 'latchkey:wallet:cloud',
  mfaVerify: 'latchkey:mfa:verify',
  mfaInitEnrollment: 'latchkey:mfa:init-enrollment',
  mfaSubmitEnrollment: 'latchkey:mfa:submit-enrollment',
  mfaUnenroll: 'latchkey:mfa:unenroll',
  farcasterInitSigner: 'latchkey:farcaster:init-signer',
  farcasterSign: 'latchkey:farcaster:sign',
  /**
   * Issue 21: the user's consent on a provider app's own sign-in page (`{issuer}/interaction/
   * {uid}`, served on the API origin): the frame posts the interaction's `confirm` with its DPoP
   * key. Answered only when the frame's parent is that page (the API origin itself): a host
   * page on an app's origin never completes a cross-app sign-in.
   */
  crossAppConfirm: 'latchkey:crossapp:confirm',
  solanaCreate: 'latchkey:solana-wallet:create',
  solanaConnect: 'latchkey:solana-wallet:connect',
  solanaRecover: 'latchkey:solana-wallet:recover',
  solanaRpc: 'latchkey:solana-wallet:rpc',
  /**
   * Approval page only (`/apps/{appId}/embedded-wallets/approve`; issue 22 item 2): as
   * `latchkey:wallet:approve`, for a Solana message or transaction of the user's Solana wallet.
   */
  solanaApprove: 'latchkey:solana-wallet:approve',
} as const;
export type FrameEvent = (typeof FRAME_EVENTS)[keyof typeof FRAME_EVENTS];

/**
 * The `event` of the message a visible frame page (approve, password, export) posts to its
 * parent's exact origin when the user presses Escape inside it (issue 14 item 5): key events in
 * the cross-origin frame never reach the modal, whose screens then run their close path. Not a
 * request (it carries no `id`, and {@link isFrameEvent} is false for it), so the request bridge
 * ignores it.
 */
export const FRAME_ESCAPE_EVENT = 'latchkey:iframe:escape';
/**
 * The `event` of the message the export page posts to its parent's exact origin whenever its
 * content's height changes (issue 14: a longer locale must not push Reveal below the frame's
 * fold): `data.height` is the page content's height in CSS px, a whole number. The host sizes
 * the iframe to it within its own bounds. Not a request (no `id`; {@link isFrameEvent} is false).
 */
export const FRAME_RESIZE_EVENT = 'latchkey:iframe:resize';
const FRAME_EVENT_SET: ReadonlySet<string> = new Set(Object.values(FRAME_EVENTS));

/** True when `value` names an event of the protocol. */
export function isFrameEvent(value: unknown): value is FrameEvent {
  return typeof value === 'string' && FRAME_EVENT_SET.has(value);
}

/** Error types the frame answers with (spec section 8, "Wallet API error types"). */
export const WALLET_ERROR_TYPES = [
  'error',
  'invalid_request_arguments',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'insufficient_funds',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  /**
   * Ours (issue 10): the session is not bound to this frame's key (the frame's storage was
   * cleared, or the login carried no frame proof). The user must log in again on this device.
   */
  'session_not_bound',
  /**
   * Ours (issue 24): the hidden wallet frame does not sign this request without the user's
   * approval; the host shows the approval page (`latchkey:wallet:approve`) instead.
   */
  'approval_required',
  /** Ours (issue 24): the hidden frame does not take passwords or custody changes from the host. */
  'user_gesture_required',
  /** Ours (issue 24): the wallet policy refuses the request's chain. */
  'policy_chain_not_allowed',
  /** Ours (issue 24): the wallet policy refuses the contract or method called. */
  'policy_contract_not_allowed',
  /** Ours (issue 24): the transaction's value is over the policy's per-transaction cap. */
  'policy_value_cap_exceeded',
  /** Ours (issue 24): the wallet's rolling 24-hour cap would be exceeded. */
  'policy_daily_cap_exceeded',
  /** Ours (issue 24): too many recovery password attempts from this device or for this wallet. */
  'recovery_attempts_exceeded',
] as const;
export type WalletErrorType = (typeof WALLET_ERROR_TYPES)[number];

/** A request from the host page to the frame. `id` is unique per request (at most 128 chars). */
export interface FrameRequest<TData = unknown> {
  id: string;
  event: FrameEvent;
  data: TData;
}

/** The frame's answer to a {@link FrameRequest}. */
export type FrameResponse<TData = unknown> =
  | { id: string; event: FrameEvent; data: TData }
  | {
      id: string;
      event: FrameEvent;
      /**
       * `code`: the API's stable error code when the frame's failure is the server's refusal of
       * one of its calls (e.g. `embedded_wallet_exists`, `linked_to_another_user`,
       * `recovery_attempts_exceeded`), so the host can tell refusals apart without reading the
       * message. Absent for the frame's own failures.
       */
      error: { type: WalletErrorType; message: string; code?: ErrorCode };
    };

/** Longest request id accepted. */
export const FRAME_REQUEST_ID_MAX_LENGTH = 128;

/**
 * Narrows an untrusted `MessageEvent.data` to a {@link FrameRequest}, or null when it is not one
 * (security catalogue 11: malformed or unknown messages are discarded).
 */
export function parseFrameRequest(value: unknown): FrameRequest | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, event, data } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > FRAME_REQUEST_ID_MAX_LENGTH)
    return null;
  if (!isFrameEvent(event)) return null;
  return { id, event, data };
}
