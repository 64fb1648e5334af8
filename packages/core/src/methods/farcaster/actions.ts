/**
 * The Farcaster method's client actions (spec sections 1, 2, 4, 7 and 9; issue 16): Sign In
 * With Farcaster (FIP-11) through the server's relay channel. A login or link opens a channel,
 * whose `connectUri` the Farcaster app opens (a QR code, or a deep link on a phone), then polls
 * its status until the app has signed; the server then verifies the signed message.
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

/** Builds the Farcaster actions on `store`. */
export function farcasterActions(store: SessionStore): FarcasterActions {
  const { api, text } = store;
  return {
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
