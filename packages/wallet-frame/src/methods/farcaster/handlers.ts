/**
 * The Farcaster method's frame events (issue 16; spec section 7: `farcaster init-signer` and
 * `sign`). The signer's ed25519 key is derived from the wallet's secret inside the frame
 * (`./signer.ts`) and never leaves it.
 */
import { FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { type Address, type Hex, hexToBytes } from 'viem';
import { CustodyError } from '../../custody/errors.ts';
import { invalid, record } from '../../frame/request-data.ts';
import type { FrameHandler } from '../../frame/router.ts';
import { ShareApiError } from '../../frame/share-api.ts';
import type { FrameMethodHandlers } from '../types.ts';
import {
  FARCASTER_MAX_HASH_BYTES,
  farcasterSignerPublicKey,
  signWithFarcasterSigner,
} from './signer.ts';

type Signer = FramePayloads['latchkey:farcaster:init-signer']['out'];

/** The signer the server answered (a shape check: no zod in the frame bundle). */
function signerOf(answer: unknown): Signer {
  const signer = answer as Signer | undefined;
  if (
    typeof signer?.public_key !== 'string' ||
    !['pending_approval', 'approved', 'revoked'].includes(signer.status)
  ) {
    throw new CustodyError('error', 'The wallet service did not answer the signer');
  }
  return {
    public_key: signer.public_key,
    status: signer.status,
    signer_approval_url:
      typeof signer.signer_approval_url === 'string' ? signer.signer_approval_url : null,
  };
}

/** The message hash of a sign request: 0x hex, 1 to 64 bytes. */
function hashOf(data: Record<string, unknown>): Uint8Array {
  const { hash } = data;
  if (typeof hash !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(hash)) {
    throw invalid('hash must be 0x-prefixed hex bytes');
  }
  const bytes = hexToBytes(hash as Hex);
  if (bytes.length > FARCASTER_MAX_HASH_BYTES) {
    throw invalid(`hash must be at most ${FARCASTER_MAX_HASH_BYTES} bytes`);
  }
  return bytes;
}

/**
 * The Farcaster handlers:
 * - `init-signer` `{accessToken, userId, address}`: the wallet's signer key, asked for the user's
 *   approval by this frame with its DPoP key (`POST /api/v1/farcaster/signer/init`), so the host
 *   page cannot ask for a key it holds. Answers the signer.
 * - `sign` `{accessToken, userId, address, hash}`: signs the hash with the wallet's signer, only
 *   while the server reports the signer approved for this user (asked with the frame's DPoP key
 *   on every request: a signer revoked in the Farcaster app stops signing at once). Answers
 *   `{signature, publicKey}`.
 */
export const farcasterFrameHandlers: FrameMethodHandlers = ({
  api,
  authorize,
  addressOf,
  withKey,
}) => {
  const publicKeyOf = (token: string, userId: string, address: Address) =>
    withKey(token, userId, address, async (entropy) => farcasterSignerPublicKey(entropy));

  const initSigner: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = authorize(data);
    const publicKey = await publicKeyOf(token, userId, addressOf(data));
    return signerOf(
      await api.methodCall(token, ROUTES.farcasterSignerInit, { ed25519_public_key: publicKey }),
    );
  };

  const sign: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = authorize(data);
    const address = addressOf(data);
    const hash = hashOf(data);
    const publicKey = await publicKeyOf(token, userId, address);
    let signer: Signer;
    try {
      signer = signerOf(
        await api.methodCall(token, ROUTES.farcasterSignerStatus, {
          ed25519_public_key: publicKey,
        }),
      );
    } catch (error) {
      if (error instanceof ShareApiError && error.status === 404) {
        throw invalid('No Farcaster signer was requested for this wallet');
      }
      throw error;
    }
    if (signer.status !== 'approved') {
      throw invalid(`The Farcaster signer is ${signer.status.replace('_', ' ')}, not approved`);
    }
    return withKey(token, userId, address, async (entropy) =>
      signWithFarcasterSigner(entropy, hash),
    ) satisfies Promise<FramePayloads['latchkey:farcaster:sign']['out']>;
  };

  return {
    [FRAME_EVENTS.farcasterInitSigner]: initSigner,
    [FRAME_EVENTS.farcasterSign]: sign,
  };
};
