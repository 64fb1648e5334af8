import { type FarcasterSignature, type FarcasterSignerState, SCREEN } from '@latchkey/core';
import { useCallback, useMemo } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';

/** What {@link useFarcasterSigner} returns. */
export interface UseFarcasterSignerReturnType {
  /**
   * Asks the user to approve a Farcaster signer for this app (spec sections 2
   * AWAITING_FARCASTER_SIGNER, 4 and 9): the signer is an ed25519 key of the user's embedded
   * wallet, held by the wallet frame. Connects the embedded wallet first when needed (its
   * connecting and recovery screens, and the MFA prompt for an MFA user), then opens the modal
   * on AWAITING_FARCASTER_SIGNER, which shows the approval link's QR code ('Open Farcaster' on
   * phones) and polls every 2 s (300 s at most). An already approved signer closes at once.
   * @returns The approved signer `{publicKey, status: 'approved', approvalUrl: null}`, once the
   *   modal shows 'Signer approved' (it closes 1.4 s later); the session's user then has
   *   `user.farcaster.signerPublicKey`.
   * @throws When the user closes the modal: the screen's last failure (`LatchkeyError`
   *   `farcaster_signer_rejected` when the signer was revoked, `farcaster_signer_timeout`, the
   *   frame's or the server's error, e.g. no Farcaster account linked), else `LatchkeyError`
   *   `exited_link_flow`. Before any screen: `LatchkeyError` `missing_or_invalid_token` when
   *   logged out; `WalletError` 'User has no embedded wallet'; the embedded wallet's errors.
   */
  requestFarcasterSigner: () => Promise<FarcasterSignerState>;
  /**
   * Signs a Farcaster message hash (1 to 64 bytes; a message's BLAKE3 hash is 20) with the
   * user's approved signer, in the wallet frame (no prompt: the approval in the Farcaster app
   * is the consent). Connects the embedded wallet first when needed (as
   * {@link requestFarcasterSigner}).
   * @returns `{signature, publicKey}`: the 64-byte ed25519 signature and the signer's key,
   *   `0x` hex.
   * @throws `LatchkeyError` `invalid_input` for a bad hash; the frame's `invalid_request_arguments`
   *   when no signer is approved; the errors of {@link requestFarcasterSigner} before any screen.
   */
  signFarcasterMessage: (hash: Uint8Array | `0x${string}`) => Promise<FarcasterSignature>;
  /**
   * The public key (`0x` hex) of the user's approved Farcaster signer, from
   * `user.farcaster.signerPublicKey` as the session holds it now; null when logged out, without
   * a Farcaster account or without an approved signer.
   */
  getFarcasterSignerPublicKey: () => string | null;
}

/**
 * The Farcaster signer of the user's embedded wallet (issue 16): ask for the user's approval,
 * sign Farcaster messages, read the approved key. The user needs a linked Farcaster account
 * (login with Farcaster, or `useLinkAccount().linkFarcaster`) and an embedded wallet.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { requestFarcasterSigner, signFarcasterMessage } = useFarcasterSigner();
 * const { publicKey } = await requestFarcasterSigner();
 * const { signature } = await signFarcasterMessage(messageHash); // 20-byte BLAKE3 hash
 */
export function useFarcasterSigner(): UseFarcasterSignerReturnType {
  const { client, wallet } = useInternalLatchkey('useFarcasterSigner');

  /** The wallet connected on this device and, for an MFA user, the frame holding its key. */
  const unlocked = useCallback(async () => {
    const manager = await wallet.ready();
    await manager.ensureMfa();
  }, [wallet]);

  const requestFarcasterSigner = useCallback(async () => {
    await unlocked();
    return wallet.prompt<FarcasterSignerState>(SCREEN.AWAITING_FARCASTER_SIGNER, {
      kind: 'method',
    });
  }, [unlocked, wallet]);

  const signFarcasterMessage = useCallback(
    async (hash: Uint8Array | `0x${string}`) => {
      await unlocked();
      return client.signFarcasterMessage(hash);
    },
    [unlocked, client],
  );

  // The client's state, not this render's: read after `requestFarcasterSigner` resolved.
  const getFarcasterSignerPublicKey = useCallback(
    () => client.getState().user?.farcaster?.signerPublicKey ?? null,
    [client],
  );

  return useMemo(
    () => ({ requestFarcasterSigner, signFarcasterMessage, getFarcasterSignerPublicKey }),
    [requestFarcasterSigner, signFarcasterMessage, getFarcasterSignerPublicKey],
  );
}
