import { getTransferSolInstruction } from '@solana-program/system';
import {
  type Address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  type Transaction,
  verifySignature,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SolanaRpc, startSolanaRpc } from '../../../../../test-support/solana-rpc.ts';
import { ProviderRpcError, WalletError } from '../embedded/errors.ts';
import { solanaTestKey, toBase64 } from './testing/solanaKey.ts';
import type { SolanaCluster } from './types.ts';
import { createEmbeddedSolanaWallet } from './wallet.ts';

let endpoint: SolanaRpc;
let cluster: SolanaCluster;

beforeAll(async () => {
  endpoint = await startSolanaRpc();
  cluster = { name: 'Solana Localnet', chain: 'solana:localnet', rpcUrl: endpoint.url };
});
afterAll(async () => {
  await endpoint?.close();
});

type Key = Awaited<ReturnType<typeof solanaTestKey>>;

/** A wallet whose approval hook is the fake approval page signing with `key`. */
function walletOf(
  key: Key,
  options: {
    noPrompt?: boolean;
    hidden?: (request: unknown) => Promise<unknown>;
    approve?: Parameters<typeof createEmbeddedSolanaWallet>[0]['approve'];
  } = {},
) {
  const solanaRpc = vi.fn(
    options.hidden ??
      (async () => {
        throw new WalletError('Approve it', { type: 'approval_required' });
      }),
  );
  const approve = vi.fn(options.approve ?? (async ({ request }) => key.answer(request)));
  const wallet = createEmbeddedSolanaWallet({
    bridge: { solanaRpc: solanaRpc as never },
    address: key.address,
    clusters: () => [cluster],
    approve,
    noPrompt: () => options.noPrompt === true,
  });
  return { wallet, solanaRpc, approve };
}

/** A System transfer of `amount` lamports from `key` to `to`, compiled with a fresh blockhash. */
async function transfer(key: Key, to: Address, amount: bigint): Promise<Transaction> {
  const rpc = createSolanaRpc(endpoint.url);
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const payer = createNoopSigner(key.signer.address);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: to, amount: lamports(amount) }),
        m,
      ),
  );
  return compileTransaction(message);
}

async function airdrop(address: Address, amount: bigint) {
  const rpc = createSolanaRpc(endpoint.url);
  const signature = await rpc.requestAirdrop(address, lamports(amount)).send();
  for (let i = 0; i < 50; i++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    if (value[0]?.confirmationStatus) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the embedded Solana wallet (issue 22 item 2)', () => {
  it('signMessage with noPrompt: the hidden frame signs, no approval screen', async () => {
    const key = await solanaTestKey();
    const { wallet, solanaRpc, approve } = walletOf(key, {
      noPrompt: true,
      hidden: async (p) => key.answer((p as { request: Parameters<Key['answer']>[0] }).request),
    });
    const message = new TextEncoder().encode('hello');
    const signature = await wallet.signMessage(message);
    expect(signature).toHaveLength(64);
    expect(
      await verifySignature(key.signer.keyPair.publicKey, signatureBytes(signature), message),
    ).toBe(true);
    expect(solanaRpc).toHaveBeenCalledWith({
      address: key.address,
      request: { method: 'signMessage', params: { message: toBase64(message) } },
      noPrompt: true,
    });
    expect(approve).not.toHaveBeenCalled();
  });

  it("signMessage: the hidden frame's approval_required opens the approval hook, whose answer comes back", async () => {
    const key = await solanaTestKey();
    const { wallet, solanaRpc, approve } = walletOf(key, { noPrompt: true });
    const message = new TextEncoder().encode('log in');
    const signature = await wallet.signMessage(message);
    expect(solanaRpc).toHaveBeenCalledTimes(1);
    expect(approve).toHaveBeenCalledWith({
      address: key.address,
      request: { method: 'signMessage', params: { message: toBase64(message) } },
      cluster,
    });
    expect(
      await verifySignature(key.signer.keyPair.publicKey, signatureBytes(signature), message),
    ).toBe(true);
  });

  it('without noPrompt the hidden frame is not asked; a policy refusal is not turned into a prompt', async () => {
    const key = await solanaTestKey();
    const plain = walletOf(key);
    await plain.wallet.signMessage(new Uint8Array([1, 2, 3]));
    expect(plain.solanaRpc).not.toHaveBeenCalled();
    expect(plain.approve).toHaveBeenCalledTimes(1);

    const refused = walletOf(key, {
      noPrompt: true,
      hidden: async () => {
        throw new WalletError('Over the cap', { type: 'policy_daily_cap_exceeded' });
      },
    });
    await expect(refused.wallet.signMessage(new Uint8Array([1]))).rejects.toMatchObject({
      type: 'policy_daily_cap_exceeded',
    });
    expect(refused.approve).not.toHaveBeenCalled();
  });

  it('closing the screen rejects with user_rejected; a frame error keeps its type', async () => {
    const key = await solanaTestKey();
    const closed = walletOf(key, {
      approve: async () => {
        throw new ProviderRpcError(4001, 'user rejected');
      },
    });
    const rejection = await closed.wallet.signMessage(new Uint8Array([1])).catch((e) => e);
    expect(rejection).toBeInstanceOf(WalletError);
    expect(rejection).toMatchObject({
      code: 'user_rejected',
      shortMessage: 'User rejected the request.',
    });
    const failing = walletOf(key, {
      approve: async () => {
        throw new WalletError('gone', { type: 'session_not_bound' });
      },
    });
    await expect(failing.wallet.signMessage(new Uint8Array([1]))).rejects.toMatchObject({
      type: 'session_not_bound',
    });
  });

  it('signTransaction: a kit Transaction comes back signed, wire bytes as wire bytes', async () => {
    const key = await solanaTestKey();
    const { wallet, approve } = walletOf(key);
    const recipient = (await generateKeyPairSigner()).address;
    const tx = await transfer(key, recipient, 1000n);
    const signed = await wallet.signTransaction(tx);
    expect(signed.messageBytes).toEqual(tx.messageBytes);
    const signature = signed.signatures[key.signer.address]!;
    expect(
      await verifySignature(key.signer.keyPair.publicKey, signature, signed.messageBytes),
    ).toBe(true);
    expect(approve.mock.calls[0]![0].request.method).toBe('signTransaction');

    const wire = new Uint8Array(getTransactionEncoder().encode(tx));
    const signedWire = await wallet.signTransaction(wire);
    expect(signedWire).toBeInstanceOf(Uint8Array);
    const decoded = getTransactionDecoder().decode(signedWire);
    expect(decoded.signatures[key.signer.address]).toHaveLength(64);
  });

  it('refuses a transaction the wallet does not sign, and a signed answer for another message', async () => {
    const key = await solanaTestKey();
    const other = await solanaTestKey();
    const { wallet, approve } = walletOf(key);
    const notOurs = await transfer(other, key.signer.address, 1n);
    await expect(wallet.signTransaction(notOurs)).rejects.toMatchObject({
      code: 'invalid_transaction',
    });
    expect(approve).not.toHaveBeenCalled();
    await expect(wallet.signTransaction(new Uint8Array([9, 9, 9]))).rejects.toMatchObject({
      code: 'invalid_transaction',
    });
    // A frame answering another transaction (not what the user was asked about) is refused.
    const swapped = await transfer(key, other.signer.address, 5n);
    const tricked = walletOf(key, {
      approve: async () =>
        key.answer({
          method: 'signTransaction',
          params: {
            transaction: toBase64(new Uint8Array(getTransactionEncoder().encode(swapped))),
          },
        }),
    });
    const asked = await transfer(key, other.signer.address, 6n);
    await expect(tricked.wallet.signTransaction(asked)).rejects.toMatchObject({
      code: 'invalid_transaction',
    });
  });

  it('signAndSendTransaction lands a System transfer on the local cluster (LiteSVM)', async () => {
    const key = await solanaTestKey();
    const { wallet, approve } = walletOf(key);
    const recipient = (await generateKeyPairSigner()).address;
    await airdrop(key.signer.address, 1_000_000_000n);
    const tx = await transfer(key, recipient, 12_345_678n);
    const { signature } = await wallet.signAndSendTransaction(tx, { cluster: 'solana:localnet' });
    expect(getBase58Encoder().encode(signature)).toHaveLength(64);
    expect(approve.mock.calls[0]![0]).toMatchObject({ send: true, cluster });
    const rpc = createSolanaRpc(endpoint.url);
    const { value: balance } = await rpc.getBalance(recipient).send();
    expect(balance).toBe(12_345_678n);
    const { value } = await rpc.getSignatureStatuses([signature as never]).send();
    expect(value[0]?.err).toBeNull();
  });

  it('send errors carry stable codes: unknown cluster, refused by the RPC', async () => {
    const key = await solanaTestKey();
    const { wallet, approve } = walletOf(key);
    const recipient = (await generateKeyPairSigner()).address;
    const tx = await transfer(key, recipient, 1n);
    await expect(
      wallet.signAndSendTransaction(tx, { cluster: 'solana:testnet' }),
    ).rejects.toMatchObject({ code: 'solana_cluster_unknown' });
    expect(approve).not.toHaveBeenCalled();
    // The payer has no lamports: the preflight simulation fails and the RPC refuses it.
    const refused = await wallet.signAndSendTransaction(tx).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WalletError);
    expect(refused).toMatchObject({ code: 'solana_send_failed' });
  });
});
