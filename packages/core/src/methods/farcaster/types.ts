/**
 * The types of the Farcaster signer (issue 16; spec sections 2 AWAITING_FARCASTER_SIGNER, 3
 * "Farcaster signer" and 9): the client methods are in `./actions.ts`, their runtime in the lazy
 * `@latchkey/core/farcaster-signer` entry (`./signer.ts`), which this file only names by type.
 */
import type { SessionStore } from '../../session/store.ts';
import type { SharedWalletBridge } from '../../session/walletFrameBinding.ts';

/**
 * A signer's state (spec section 3): `pending_approval` until the user approves it in their
 * Farcaster app, then `approved` (the key is on the Key Registry); `revoked` once removed.
 */
export type FarcasterSignerStatus = 'pending_approval' | 'approved' | 'revoked';

/** A Farcaster signer of the user's embedded wallet: the wire `FarcasterSigner`, camelCase. */
export type FarcasterSignerState = {
  /** The signer's ed25519 public key: 32 bytes, lowercase hex with `0x` (66 characters). */
  publicKey: `0x${string}`;
  status: FarcasterSignerStatus;
  /**
   * Where the user approves the signer in the Farcaster app (a deep link: show it as a QR
   * code, or as a link on a phone) while `pending_approval`; null once decided.
   */
  approvalUrl: string | null;
};

/** Options of `watchFarcasterSigner`. */
export type FarcasterSignerWatchOptions = {
  /** Aborting it stops the watch as `cancel()` does. */
  signal?: AbortSignal;
  /**
   * How long to wait for the approval, in ms. Default `FARCASTER_SIGNER_TIMEOUT_MS` (300000,
   * spec section 9).
   */
  timeoutMs?: number;
};

/** A watched signer (see `watchFarcasterSigner`). */
export type FarcasterSignerWatch = {
  /**
   * Settles once: resolves with the `approved` signer (the session's user refreshed first, so
   * `user.farcaster.signerPublicKey` is set); rejects as `watchFarcasterSigner` says.
   */
  result: Promise<FarcasterSignerState>;
  /**
   * Stops polling; `result` then rejects with `LatchkeyError` `exited_link_flow`. Does nothing
   * once `result` has settled.
   */
  cancel(): void;
};

/** A Farcaster message hash signed by the user's signer. */
export type FarcasterSignature = {
  /** The ed25519 signature: 64 bytes, lowercase hex with `0x` (130 characters). */
  signature: `0x${string}`;
  /** The signer's public key (32 bytes, `0x` hex): what a Farcaster message's `signer` holds. */
  publicKey: `0x${string}`;
};

/**
 * The signer's calls on one session store, built by the lazy half for each client method
 * (`farcasterSigner(store, frame)` of `./signer.ts`).
 */
export type FarcasterSignerCalls = {
  init(): Promise<FarcasterSignerState>;
  watch(
    publicKey: string,
    stop: AbortSignal,
    options?: FarcasterSignerWatchOptions,
  ): Promise<FarcasterSignerState>;
  sign(hash: Uint8Array | `0x${string}`): Promise<FarcasterSignature>;
};

/**
 * The lazy `@latchkey/core/farcaster-signer` entry, as `createLatchkeyClient`'s
 * `farcasterSigner` loader gives it (`() => import('@latchkey/core/farcaster-signer')`).
 */
export type FarcasterSignerModule = {
  signer(store: SessionStore, frame: SharedWalletBridge): FarcasterSignerCalls;
};
