/**
 * Test helpers: a real ed25519 Solana key standing in for the wallet frame's (what the frame
 * signs with once the user approved), through `@solana/kit`. Not exported from the package.
 */
import type { SolanaSignRequest, SolanaSignResponse } from '@latchkey/api';
import {
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  signBytes,
} from '@solana/kit';

const toBase64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes);
const fromBase64 = (text: string) => new Uint8Array(getBase64Encoder().encode(text));

/** A fresh key and the frame's signing of a {@link SolanaSignRequest} with it. */
export async function solanaTestKey() {
  const signer = await generateKeyPairSigner();
  const sign = async (bytes: Uint8Array) =>
    new Uint8Array(await signBytes(signer.keyPair.privateKey, bytes));
  return {
    signer,
    address: signer.address as string,
    sign,
    /** What the frame answers for `request`: the signature or the signed wire transaction. */
    async answer(request: SolanaSignRequest): Promise<SolanaSignResponse> {
      if (request.method === 'signMessage') {
        return { signature: toBase64(await sign(fromBase64(request.params.message))) };
      }
      const tx = getTransactionDecoder().decode(fromBase64(request.params.transaction));
      const signature = (await sign(new Uint8Array(tx.messageBytes))) as SignatureBytes;
      const signed = { ...tx, signatures: { ...tx.signatures, [signer.address]: signature } };
      return {
        signedTransaction: toBase64(new Uint8Array(getTransactionEncoder().encode(signed))),
      };
    },
  };
}

export { fromBase64, toBase64 };
