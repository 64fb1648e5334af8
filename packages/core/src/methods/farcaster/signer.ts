/**
 * `@latchkey/core/farcaster-signer`: the runtime of the Farcaster signer (issue 16; spec sections
 * 2 AWAITING_FARCASTER_SIGNER, 3 "Farcaster signer", 7 and 9), a lazy entry loaded by the
 * client's `farcasterSigner` loader on the first call of `initFarcasterSigner`,
 * `watchFarcasterSigner` or `signFarcasterMessage` (`./actions.ts` holds those methods, as small
 * as can be, for the eager bundle's budget).
 *
 * The signer is an ed25519 key of the user's embedded wallet: the wallet frame derives it from
 * the wallet, asks the server for the user's approval in their Farcaster app with its DPoP key
 * (`latchkey:farcaster:init-signer`) and signs with it (`latchkey:farcaster:sign`); the key
 * never leaves the frame. The host only polls the signer's state with its bearer token. The
 * frame is the client's shared one (`client.sharedWalletBridge`), as MFA's calls use
 * (`mfaClientOf`): the session is bound to its key (issue 10).
 */
import {
  FARCASTER_POLL_INTERVAL_MS,
  FARCASTER_SIGNER_TIMEOUT_MS,
  type FarcasterSigner,
  FRAME_EVENTS,
} from '@latchkey/api';
import { requireSession } from '../../actions/requireSession.ts';
import { LatchkeyError } from '../../errors/base.ts';
import { ApiError, NetworkError, TimeoutError } from '../../errors/request.ts';
import type { SessionStore } from '../../session/store.ts';
import type { SharedWalletBridge } from '../../session/walletFrameBinding.ts';
import { createEmbeddedWalletBridge } from '../../wallets/embedded/bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from '../../wallets/embedded/errors.ts';
import { embeddedWalletOf } from '../../wallets/embedded/types.ts';
import type {
  FarcasterSignature,
  FarcasterSignerCalls,
  FarcasterSignerState,
  FarcasterSignerWatchOptions,
} from './types.ts';

/**
 * The message of `farcaster_signer_rejected`: the signer was revoked instead of approved (spec
 * section 8, "Signer flow": 'Request rejected', 'The request was rejected. Please try again.').
 */
export const FARCASTER_SIGNER_REJECTED_MESSAGE = 'The request was rejected. Please try again.';

/** The message of a watch's `cancel()` (`exited_link_flow`). */
export const FARCASTER_SIGNER_CANCELED_MESSAGE = 'The Farcaster signer request was canceled.';

/** Longest hash the frame signs, in bytes (a Farcaster message's BLAKE3 hash is 20). */
export const FARCASTER_MAX_HASH_BYTES = 64;

const PUBLIC_KEY = /^0x[0-9a-fA-F]{64}$/;
const HASH = /^0x(?:[0-9a-fA-F]{2}){1,64}$/;

/** The wire signer (`{public_key, status, signer_approval_url}`), camelCase. */
export function toFarcasterSignerState(signer: FarcasterSigner): FarcasterSignerState {
  return {
    publicKey: signer.public_key as `0x${string}`,
    status: signer.status,
    approvalUrl: signer.signer_approval_url,
  };
}

/**
 * `hash` as the frame takes it: lowercase hex with `0x`.
 * @throws `LatchkeyError` `invalid_input` for an empty, too long (over 64 bytes) or non-hex hash.
 */
export function farcasterHashHex(hash: Uint8Array | string): `0x${string}` {
  const hex =
    typeof hash === 'string'
      ? hash
      : `0x${Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (!HASH.test(hex)) {
    throw new LatchkeyError(
      `A Farcaster message hash is 1 to ${FARCASTER_MAX_HASH_BYTES} bytes (a Uint8Array, or 0x hex).`,
      { code: 'invalid_input' },
    );
  }
  return hex.toLowerCase() as `0x${string}`;
}

const noAnswer = (call: string) =>
  new WalletError(`walletProxy.${call} ${WALLET_ERROR_MESSAGES.noResponse}`, {
    code: 'wallet_proxy_no_response',
  });

/** A poll that failed without the server's refusal: retried at the next tick. */
const retryable = (error: unknown) =>
  error instanceof NetworkError ||
  error instanceof TimeoutError ||
  (error instanceof ApiError && error.status >= 500);

/**
 * The signer's calls on `store` over the client's shared wallet frame (what the client methods
 * run; see `FarcasterActions` in `./actions.ts` for their contract).
 * @param frame - `client.sharedWalletBridge`: the page's one wallet frame.
 */
export function signer(store: SessionStore, frame: SharedWalletBridge): FarcasterSignerCalls {
  /**
   * The user's embedded wallet and the frame to ask.
   * @throws `LatchkeyError` `missing_or_invalid_token` when logged out; `WalletError`
   *   `no_embedded_wallet` when the user has none.
   */
  async function wallet() {
    await requireSession(store);
    const account = embeddedWalletOf(store.getState().user);
    if (!account) {
      throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
        code: 'no_embedded_wallet',
      });
    }
    const bridge = frame(createEmbeddedWalletBridge);
    if (!bridge.call) {
      throw new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });
    }
    return { address: account.address, call: bridge.call.bind(bridge) };
  }

  /**
   * Refreshes the session's user once a signer is approved, so `user.farcaster.signerPublicKey`
   * is set (the server stores it on the Farcaster account). Best effort: a failed refresh does
   * not undo the approval.
   */
  async function adopt(state: FarcasterSignerState): Promise<FarcasterSignerState> {
    const known = store.getState().user?.farcaster?.signerPublicKey;
    if (known?.toLowerCase() !== state.publicKey.toLowerCase()) {
      await store.refreshUser().catch(() => null);
    }
    return state;
  }

  return {
    async init() {
      const { address, call } = await wallet();
      const answer = await call(FRAME_EVENTS.farcasterInitSigner, { address });
      if (typeof answer?.public_key !== 'string') throw noAnswer('farcasterInitSigner');
      const state = toFarcasterSignerState(answer);
      return state.status === 'approved' ? adopt(state) : state;
    },

    watch(publicKey, stop, options: FarcasterSignerWatchOptions = {}) {
      return new Promise<FarcasterSignerState>((resolve, reject) => {
        let done = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const signals = [stop, options.signal].filter((s): s is AbortSignal => !!s);
        const onAbort = () =>
          end(() =>
            reject(
              new LatchkeyError(FARCASTER_SIGNER_CANCELED_MESSAGE, { code: 'exited_link_flow' }),
            ),
          );
        const deadline = setTimeout(
          () =>
            end(() =>
              reject(
                new LatchkeyError(store.text.farcasterTimedOut, {
                  code: 'farcaster_signer_timeout',
                }),
              ),
            ),
          options.timeoutMs ?? FARCASTER_SIGNER_TIMEOUT_MS,
        );
        /** Ends the watch, once: `then` settles it. */
        function end(then: () => void) {
          if (done) return;
          done = true;
          clearTimeout(timer);
          clearTimeout(deadline);
          for (const s of signals) s.removeEventListener('abort', onAbort);
          then();
        }
        const fail = (error: unknown) => end(() => reject(error));
        if (!PUBLIC_KEY.test(publicKey)) {
          fail(
            new LatchkeyError('A Farcaster signer key is 0x and 64 hex digits.', {
              code: 'invalid_input',
            }),
          );
          return;
        }
        const ed25519_public_key = publicKey.toLowerCase();
        for (const s of signals) {
          if (s.aborted) return onAbort();
          s.addEventListener('abort', onAbort);
        }
        const poll = async () => {
          try {
            const accessToken = await requireSession(store);
            const answer = await store.api.farcasterSignerStatus(
              { ed25519_public_key },
              { accessToken },
            );
            if (done) return;
            if (answer.status === 'revoked') {
              fail(
                new LatchkeyError(FARCASTER_SIGNER_REJECTED_MESSAGE, {
                  code: 'farcaster_signer_rejected',
                }),
              );
            } else if (answer.status === 'approved') {
              // Done from here: neither the timeout nor cancel() interrupts the user's refresh.
              end(() => resolve(adopt(toFarcasterSignerState(answer))));
            } else {
              next();
            }
          } catch (error) {
            if (retryable(error)) next();
            else fail(error);
          }
        };
        function next() {
          if (!done) timer = setTimeout(() => void poll(), FARCASTER_POLL_INTERVAL_MS);
        }
        next();
      });
    },

    async sign(hash): Promise<FarcasterSignature> {
      const hex = farcasterHashHex(hash);
      const { address, call } = await wallet();
      const answer = await call(FRAME_EVENTS.farcasterSign, { address, hash: hex });
      if (typeof answer?.signature !== 'string' || typeof answer.publicKey !== 'string') {
        throw noAnswer('farcasterSign');
      }
      return {
        signature: answer.signature as `0x${string}`,
        publicKey: answer.publicKey as `0x${string}`,
      };
    },
  };
}
