import { getTransferSolInstruction } from '@solana-program/system';
import {
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Decoder,
  getSignatureFromTransaction,
  getTransactionEncoder,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type SolanaRpcApi,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SolanaRpc, startSolanaRpc } from './solana-rpc.ts';

const SOL = 1_000_000_000n;
const FEE = 5000n;

let endpoint: SolanaRpc;
let rpc: Rpc<SolanaRpcApi>;

beforeAll(async () => {
  endpoint = await startSolanaRpc();
  rpc = createSolanaRpc(endpoint.url);
});
afterAll(async () => {
  await endpoint?.close();
});

/** POSTs a raw JSON body and answers the parsed reply. */
async function post(body: unknown): Promise<unknown> {
  const res = await fetch(endpoint.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** A signed transfer of `amount` lamports from `source` with the latest blockhash. */
async function transfer(source: KeyPairSigner, destination: KeyPairSigner, amount: bigint) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (tx) => setTransactionMessageFeePayerSigner(source, tx),
      (tx) => setTransactionMessageLifetimeUsingBlockhash(blockhash, tx),
      (tx) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source,
            destination: destination.address,
            amount: lamports(amount),
          }),
          tx,
        ),
    ),
  );
}

describe('startSolanaRpc', () => {
  it('airdrops, transfers with @solana/kit, and reports the transfer finalized', async () => {
    const alice = await generateKeyPairSigner();
    const bob = await generateKeyPairSigner();
    expect(await rpc.getHealth().send()).toBe('ok');

    const airdrop = await rpc.requestAirdrop(alice.address, lamports(2n * SOL)).send();
    expect(typeof airdrop).toBe('string');
    expect((await rpc.getBalance(alice.address).send()).value).toBe(2n * SOL);
    const [airdropStatus] = (await rpc.getSignatureStatuses([airdrop]).send()).value;
    expect(airdropStatus?.confirmationStatus).toBe('finalized');

    const slotBefore = await rpc.getSlot().send();
    const signed = await transfer(alice, bob, SOL / 2n);
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();
    expect(signature).toBe(getSignatureFromTransaction(signed));
    expect(await rpc.getSlot().send()).toBeGreaterThan(slotBefore);

    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send();
    expect(statuses[0]).toMatchObject({ confirmationStatus: 'finalized', err: null });
    expect((await rpc.getBalance(alice.address).send()).value).toBe(2n * SOL - SOL / 2n - FEE);
    expect((await rpc.getBalance(bob.address).send()).value).toBe(SOL / 2n);

    const landed = await rpc
      .getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })
      .send();
    expect(landed?.meta?.fee).toBe(FEE);
    expect(landed?.meta?.err).toBeNull();
    expect(landed?.meta?.preBalances.slice(0, 2)).toEqual([2n * SOL, 0n]);
    expect(landed?.meta?.postBalances.slice(0, 2)).toEqual([2n * SOL - SOL / 2n - FEE, SOL / 2n]);
    expect(landed?.transaction[0]).toBe(getBase64EncodedWireTransaction(signed));

    // The same transfer again signs differently (a new blockhash) and lands too.
    const again = await transfer(alice, bob, SOL / 2n);
    expect(getSignatureFromTransaction(again)).not.toBe(signature);
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(again), { encoding: 'base64' })
      .send();
    expect((await rpc.getBalance(bob.address).send()).value).toBe(SOL);

    const unknown = await transfer(bob, alice, 1n);
    const { value: none } = await rpc
      .getSignatureStatuses([getSignatureFromTransaction(unknown)])
      .send();
    expect(none).toEqual([null]);
  });

  it('refuses a transfer beyond the balance with the preflight error and its logs', async () => {
    const carol = await generateKeyPairSigner();
    const dave = await generateKeyPairSigner();
    await rpc.requestAirdrop(carol.address, lamports(SOL)).send();
    const signed = await transfer(carol, dave, 5n * SOL);
    const error = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true);
    const context = (error as { context: { logs?: string[]; __serverMessage?: string } }).context;
    expect(context.logs?.join('\n')).toMatch(/insufficient lamports/);
    expect((await rpc.getBalance(carol.address).send()).value).toBe(SOL);

    // The raw answer, as a real node's preflight failure.
    const raw = (await post({
      jsonrpc: '2.0',
      id: 7,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }],
    })) as { id: number; error: { code: number; message: string; data: { err: unknown } } };
    expect(raw.id).toBe(7);
    expect(raw.error.code).toBe(-32002);
    expect(raw.error.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    );
    expect(raw.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] });

    // Without preflight it lands, fails, and pays its fee.
    const skipped = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        skipPreflight: true,
      })
      .send();
    const { value: statuses } = await rpc.getSignatureStatuses([skipped]).send();
    expect(statuses[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect((await rpc.getBalance(carol.address).send()).value).toBe(SOL - FEE);
  });

  it('takes base58 wire transactions, simulates, prices messages and shows json transactions', async () => {
    const frank = await generateKeyPairSigner();
    const grace = await generateKeyPairSigner();
    await rpc.requestAirdrop(frank.address, lamports(SOL)).send();
    const signed = await transfer(frank, grace, SOL / 1000n);

    const fee = await rpc
      .getFeeForMessage(getBase64Decoder().decode(signed.messageBytes) as never)
      .send();
    expect(fee.value).toBe(FEE);
    const simulated = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();
    expect(simulated.value.err).toBeNull();
    expect(simulated.value.logs).toContain('Program 11111111111111111111111111111111 success');
    expect((await rpc.getBalance(grace.address).send()).value).toBe(0n);

    const wire = getBase58Decoder().decode(getTransactionEncoder().encode(signed));
    const signature = await rpc.sendTransaction(wire as never, { encoding: 'base58' }).send();
    expect((await rpc.getBalance(grace.address).send()).value).toBe(SOL / 1000n);
    const landed = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(landed?.transaction.signatures).toEqual([signature]);
    expect(landed?.transaction.message.accountKeys.slice(0, 2)).toEqual([
      frank.address,
      grace.address,
    ]);
    expect(landed?.version).toBe(0);

    // Sent again: already processed.
    const raw = (await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [wire],
    })) as { error: { code: number; message: string } };
    expect(raw.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
    });
    // A v0 transaction without maxSupportedTransactionVersion: -32015, as a real node.
    expect(
      await post({ jsonrpc: '2.0', id: 2, method: 'getTransaction', params: [signature] }),
    ).toMatchObject({ error: { code: -32015 } });
  });

  it('answers accounts, blockhash validity and fees as a real node', async () => {
    const erin = await generateKeyPairSigner();
    await rpc.requestAirdrop(erin.address, lamports(SOL)).send();
    const { value: account } = await rpc
      .getAccountInfo(erin.address, { encoding: 'base64' })
      .send();
    expect(account).toMatchObject({
      lamports: SOL,
      owner: '11111111111111111111111111111111',
      executable: false,
      data: ['', 'base64'],
      space: 0n,
    });
    const { value: accounts } = await rpc
      .getMultipleAccounts([erin.address, (await generateKeyPairSigner()).address], {
        encoding: 'base58',
      })
      .send();
    expect(accounts[0]?.data).toEqual(['', 'base58']);
    expect(accounts[1]).toBeNull();

    const latest = await rpc.getLatestBlockhash().send();
    expect(latest.value.lastValidBlockHeight).toBeGreaterThan(latest.context.slot);
    expect((await rpc.isBlockhashValid(latest.value.blockhash).send()).value).toBe(true);
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    expect(await rpc.getGenesisHash().send()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await rpc.getRecentPrioritizationFees().send()).toEqual([]);
  });

  it('answers -32601 to an unknown method, -32602 to bad params, and batches', async () => {
    expect(await post({ jsonrpc: '2.0', id: 1, method: 'getNothing', params: [] })).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 1,
    });
    expect(
      await post({ jsonrpc: '2.0', id: 2, method: 'getBalance', params: ['not-an-address'] }),
    ).toMatchObject({ error: { code: -32602 }, id: 2 });

    const batch = (await post([
      { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
      { jsonrpc: '2.0', id: 'b', method: 'getSlot', params: [] },
      { jsonrpc: '2.0', id: 'c', method: 'nope' },
    ])) as { id: string; result?: unknown; error?: { code: number } }[];
    expect(batch.map((reply) => reply.id)).toEqual(['a', 'b', 'c']);
    expect(batch[0]?.result).toBe('ok');
    expect(typeof batch[1]?.result).toBe('number');
    expect(batch[2]?.error?.code).toBe(-32601);
  });

  it('answers a CORS preflight and allows any origin', async () => {
    const preflight = await fetch(endpoint.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('solana-client');
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
