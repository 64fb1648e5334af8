/**
 * The Farcaster method's client actions (spec sections 1, 2, 4, 7 and 9; issue 16): Sign In
 * With Farcaster (FIP-11) through the server's relay channel. A login or link opens a channel,
 * whose `connectUri` the Farcaster app opens (a QR code, or a deep link on a phone), then polls
 * its status until the app has signed; the server then verifies the signed message.
 *
 * The Farcaster signer (an ed25519 key of the user's embedded wallet, held by the wallet frame,
 * that the user approves in their Farcaster app) is only named here: its runtime is the lazy
 * `@latchkey/core/farcaster-signer` entry (`./signer.ts`), loaded on first use (the eager
 * bundle's budget).
 */
import {
  FARCASTER_CONNECT_TIMEOUT_MS,
  FARCASTER_POLL_INTERVAL_MS,
  type FarcasterInitResponse,
} from '@latchkey/api';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { requireSession } from '../../actions/requireSession.ts';
import { updateUser } from '../../actions/updateUser.ts';
import { LatchkeyError } from '../../errors/base.ts';
import { ApiError } from '../../errors/request.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';
import type { SharedWalletBridge } from '../../session/walletFrameBinding.ts';
import type {
  FarcasterSignature,
  FarcasterSignerCalls,
  FarcasterSignerModule,
  FarcasterSignerState,
  FarcasterSignerWatch,
  FarcasterSignerWatchOptions,
} from './types.ts';

/**
 * An open Sign In With Farcaster channel being polled (spec sections 2, 4 and 9).
 * @typeParam R - What `result` gives: an `AuthenticateResult` (login) or the updated `User`
 *   (link).
 */
export type FarcasterConnection<R = AuthenticateResult> = {
  /**
   * The URI the Farcaster app opens to sign in (`https://farcaster.xyz/~/siwf?channelToken=…`):
   * show it as a QR code, or as a link on a phone.
   */
  connectUri: string;
  /** The relay channel's token (what the status, authenticate and link calls send). */
  channelToken: string;
  /** When the relay channel expires. */
  expiresAt: Date;
  /**
   * Resolves once the Farcaster app has signed (status `completed`), just before the final
   * call (authenticate or link) starts: a screen shows 'verifying' from then on. Never settles
   * when the polling ends otherwise (timeout, cancel, a refused poll): watch `result` for that.
   */
  signed: Promise<void>;
  /**
   * Settles once. Resolves when the Farcaster app has signed and the server verified it: the
   * login's `{user, isNewUser}` (the session is set) or the linked user (the session's user is
   * updated). Rejects with `LatchkeyError` `farcaster_timeout` ('The request timed out. Try
   * again.') after `FARCASTER_CONNECT_TIMEOUT_MS` (120000 ms) without an answer; with the
   * `cancel()` error; with an `ApiError` of a status poll the server refused (a 4xx; network
   * errors, timeouts and 5xx are retried at the next poll), or of the final authenticate or link
   * call (`invalid_credentials`, `linked_to_another_user`, `cannot_link_more_of_type`, the
   * login gates' codes, ...).
   */
  result: Promise<R>;
  /**
   * Stops polling; `result` then rejects with `LatchkeyError` `exited_auth_flow` (login) or
   * `exited_link_flow` (link). Does nothing once the app has signed (the final call runs on) or
   * `result` has settled.
   */
  cancel(): void;
};

/** Options of {@link FarcasterActions.startFarcasterLogin}. */
export type StartFarcasterLoginOptions = {
  /** The captcha token when the app has `captcha_enabled` (spec section 4); sent to `init`. */
  captchaToken?: string;
};

/** The Farcaster method's part of the client. */
export interface FarcasterActions {
  /**
   * Opens a channel (`POST /api/v1/farcaster/init`) and polls it (`POST
   * /api/v1/farcaster/status`) every `FARCASTER_POLL_INTERVAL_MS` (2000 ms), the first poll
   * 2000 ms after the channel opened; once the Farcaster app has signed, logs in (or signs up)
   * with it (`POST /api/v1/farcaster/authenticate` `{channel_token}`) and sets the session.
   * @returns The connection, as soon as the channel is open (see {@link FarcasterConnection}).
   * @throws `AlreadyLoggedInError` while logged in, before any request; `ApiError` of `init`:
   *   `disallowed_login_method` when the app has Farcaster off, `invalid_captcha`, ...
   */
  startFarcasterLogin(options?: StartFarcasterLoginOptions): Promise<FarcasterConnection>;
  /**
   * Links a Farcaster account to the logged-in user: as {@link startFarcasterLogin} with the
   * bearer token, ending with `POST /api/v1/farcaster/link` `{channel_token}`; `result` gives
   * the updated `User`.
   * @throws `LatchkeyError` `missing_or_invalid_token` when logged out, before any request;
   *   `ApiError` of `init`.
   */
  startFarcasterLink(): Promise<FarcasterConnection<User>>;
  /**
   * Unlinks the Farcaster account `fid` (`POST /api/v1/farcaster/unlink` `{fid}`, spec
   * section 7).
   * @returns The updated user.
   * @throws `LatchkeyError` `missing_or_invalid_token` when logged out; `ApiError`
   *   `account_not_linked`, `cannot_unlink_last_account`.
   */
  unlinkFarcaster(fid: number): Promise<User>;
  /**
   * Asks for the Farcaster signer of the user's embedded wallet (spec sections 2
   * AWAITING_FARCASTER_SIGNER and 3; issue 16): the wallet frame derives the signer's ed25519
   * key from the wallet (the key never leaves the frame; the same wallet gives the same signer on
   * every device) and asks the server, with its DPoP key, for the user's approval
   * (`latchkey:farcaster:init-signer`, `POST /api/v1/farcaster/signer/init`). Calling it again
   * answers the same key's current state. An `approved` signer refreshes the session's user first
   * (best effort), so `user.farcaster.signerPublicKey` is set.
   * @returns The signer: `{publicKey, status, approvalUrl}`; while `pending_approval`, show
   *   `approvalUrl` (QR code, or a link on a phone) and {@link watchFarcasterSigner} it.
   * @throws `LatchkeyError` `missing_or_invalid_token` when logged out, before any request;
   *   `WalletError` `no_embedded_wallet` ('User has no embedded wallet') when the user has none;
   *   a `TypeError` when the client has no `farcasterSigner` loader (`MethodLoaders`); the
   *   frame's `WalletError`s (`code` `frame_error`, its `type`): `wallet_not_on_device` (this
   *   device has no share of the wallet: connect or recover it first), `missing_or_invalid_mfa`
   *   (an MFA user whose session is not verified), the server's refusals with their message
   *   (no Farcaster account linked: 'Log in with or link a Farcaster account first'; the app
   *   has no Farcaster account to request signers with).
   */
  initFarcasterSigner(): Promise<FarcasterSignerState>;
  /**
   * Polls the signer `publicKey` (`POST /api/v1/farcaster/signer/status`
   * `{ed25519_public_key}`, bearer token) every `FARCASTER_POLL_INTERVAL_MS` (2000 ms), the first
   * poll 2000 ms after the call, until the user decides in their Farcaster app (spec sections 4
   * and 9). A poll that fails without a server's refusal (network error, timeout, 5xx) is
   * retried at the next tick.
   * @param publicKey - The signer's key, `0x` and 64 hex digits (from {@link initFarcasterSigner}).
   * @returns At once, the watch: its `result` resolves with the `approved` signer once the
   *   session's user is refreshed (best effort: `user.farcaster.signerPublicKey` is then set),
   *   and rejects with `LatchkeyError` `farcaster_signer_rejected` ('The request was rejected.
   *   Please try again.') when the signer is `revoked`, `farcaster_signer_timeout` ('The request
   *   timed out. Try again.'; the modal titles it 'Connect failed') after
   *   `FARCASTER_SIGNER_TIMEOUT_MS` (300000 ms) or `options.timeoutMs`, `exited_link_flow` on
   *   `cancel()` (or `options.signal`), `missing_or_invalid_token` once logged out, the
   *   `ApiError` of a poll the server refused (a 4xx: `not_found` for a key never requested),
   *   or a `TypeError` without the `farcasterSigner` loader.
   */
  watchFarcasterSigner(
    publicKey: string,
    options?: FarcasterSignerWatchOptions,
  ): FarcasterSignerWatch;
  /**
   * Signs a Farcaster message hash with the user's signer, in the wallet frame
   * (`latchkey:farcaster:sign`; ed25519, as Farcaster signs a message's BLAKE3 hash, 20 bytes).
   * The frame signs only while the server reports the signer `approved` (the user's approval in
   * their Farcaster app is the consent, so no prompt is shown).
   * @param hash - 1 to 64 bytes, or their hex with `0x` (sent to the frame as lowercase hex).
   * @returns `{signature, publicKey}`: the 64-byte signature and the signer's key, `0x` hex.
   * @throws `LatchkeyError` `invalid_input` for an empty, too long or non-hex hash, before any
   *   request; the errors of {@link initFarcasterSigner}; the frame's `invalid_request_arguments`
   *   when the signer is not approved ('The Farcaster signer is pending approval, not approved')
   *   or was never requested.
   */
  signFarcasterMessage(hash: Uint8Array | `0x${string}`): Promise<FarcasterSignature>;
}

/**
 * Polls the channel `init` opened until the app has signed, then runs `finish` with its token.
 * A poll that fails without a server's refusal (network error, timeout, 5xx) is retried at the
 * next tick; a refusal (4xx) ends it.
 * @param cancelCode - The code of `cancel()`'s error.
 */
function connect<R>(
  store: SessionStore,
  init: FarcasterInitResponse,
  finish: (channel_token: string) => Promise<R>,
  cancelCode: 'exited_auth_flow' | 'exited_link_flow',
): FarcasterConnection<R> {
  const { channel_token } = init;
  let stop!: (error: unknown) => void;
  let onSigned!: () => void;
  const signed = new Promise<void>((resolve) => (onSigned = resolve));
  const result = new Promise<R>((resolve, reject) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout>;
    const deadline = setTimeout(
      () => stop(new LatchkeyError(store.text.farcasterTimedOut, { code: 'farcaster_timeout' })),
      FARCASTER_CONNECT_TIMEOUT_MS,
    );
    /** Ends the polling, once: `then` settles `result` (a rejection, or the final call). */
    const end = (then: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      then();
    };
    stop = (error) => end(() => reject(error));
    const next = (): void => {
      if (done) return;
      timer = setTimeout(
        () =>
          store.api.farcasterStatus({ channel_token }).then(
            (status) =>
              status.state === 'completed'
                ? end(() => {
                    onSigned();
                    resolve(finish(channel_token));
                  })
                : next(),
            (error: unknown) =>
              error instanceof ApiError && error.status < 500 ? stop(error) : next(),
          ),
        FARCASTER_POLL_INTERVAL_MS,
      );
    };
    next();
  });
  // A canceled connection nobody awaits is no unhandled rejection.
  result.catch(() => {});
  return {
    connectUri: init.connect_uri,
    channelToken: channel_token,
    expiresAt: new Date(init.expires_at * 1000),
    signed,
    result,
    cancel: () =>
      stop(new LatchkeyError('The Farcaster connection was canceled.', { code: cancelCode })),
  };
}

/**
 * Builds the Farcaster actions on `store`.
 * @param load - Loads the signer's lazy half, e.g. `() =>
 *   import('@latchkey/core/farcaster-signer')`; without it the signer methods reject with a
 *   `TypeError` ('load is not a function'): the eager bundle's budget (`bundle.test.ts`) had
 *   no room left for a coded error such as `passkey_unsupported`.
 * @param frame - The client's shared wallet frame (`LatchkeyClient.sharedWalletBridge`).
 */
export function farcasterActions(
  store: SessionStore,
  load: (() => Promise<FarcasterSignerModule>) | undefined,
  frame: SharedWalletBridge,
): FarcasterActions {
  const { api, text } = store;
  /** Runs the signer call `name` of the lazy half (as small as can be: the eager bundle's budget). */
  const signer = async <K extends keyof FarcasterSignerCalls>(
    name: K,
    ...args: Parameters<FarcasterSignerCalls[K]>
  ): Promise<Awaited<ReturnType<FarcasterSignerCalls[K]>>> =>
    ((await load!()).signer(store, frame)[name] as (...a: typeof args) => never)(...args);
  return {
    initFarcasterSigner: () => signer('init'),
    watchFarcasterSigner(publicKey, options) {
      const stop = new AbortController();
      const result = signer('watch', publicKey, stop.signal, options);
      // A canceled watch nobody awaits is no unhandled rejection.
      result.catch(() => {});
      return { result, cancel: () => stop.abort() };
    },
    signFarcasterMessage: (hash) => signer('sign', hash),
    async startFarcasterLogin({ captchaToken } = {}) {
      requireLoggedOut(store);
      const init = await api.farcasterInit(captchaToken ? { token: captchaToken } : {});
      return connect(
        store,
        init,
        async (channel_token) =>
          completeLogin(store, await api.farcasterAuthenticate({ channel_token })),
        'exited_auth_flow',
      );
    },
    async startFarcasterLink() {
      const accessToken = await requireSession(store, text.mustBeLoggedInToLink);
      const init = await api.farcasterInit({}, { accessToken });
      return connect(
        store,
        init,
        (channel_token) =>
          updateUser(
            store,
            (bearer) => api.farcasterLink({ channel_token }, bearer),
            text.mustBeLoggedInToLink,
          ),
        'exited_link_flow',
      );
    },
    unlinkFarcaster(fid) {
      return updateUser(store, (bearer) => api.farcasterUnlink({ fid }, bearer));
    },
  };
}
