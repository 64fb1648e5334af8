import { randomBytes } from 'node:crypto';
import { ROUTES } from '@latchkey/api';
import { createPublicClient, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/index.ts';
import {
  type TestFrame,
  type TestServer,
  testDatabase,
  testFrame,
  testServer,
  testWalletKey,
} from '../test-utils.ts';
import { devWalletFunder } from './funder.ts';
import { freePort, startAnvil, type TestAnvil } from '../../../../test-support/anvil.ts';

let anvil: TestAnvil;
let rpcUrl: string;
let database: Database;
let server: TestServer;
let frame: TestFrame;
let appId: string;

beforeAll(async () => {
  anvil = await startAnvil();
  rpcUrl = anvil.rpcUrl;
  database = await testDatabase();
  server = testServer(database, {
    server: { walletFunder: devWalletFunder({ rpcUrl, chainId: 31337 }) },
  });
  frame = await testFrame(server);
  appId = (await server.createApp()).id;
});
afterAll(async () => {
  await database?.close();
  await anvil?.stop();
});

function newWallet() {
  const key = testWalletKey();
  return {
    key,
    body: {
      address: key.address,
      chain_type: 'ethereum',
      auth_share: randomBytes(33).toString('base64'),
      recovery_method: 'latchkey',
      recovery_share: randomBytes(33).toString('base64'),
      recovery_blob: null,
    },
  };
}

/**
 * Logs a new user in through the frame `f` and prepares the create call of `wallet` as the frame
 * makes it (DPoP, wallet key proof); calling the answer sends it.
 */
async function prepareCreate(wallet: ReturnType<typeof newWallet>, f = frame) {
  const session = await f.login(appId);
  const proof = await f.walletProof(session, wallet.key, 'create');
  return () => f.post(session, ROUTES.embeddedWallets, { ...wallet.body, ...proof });
}

describe('dev wallet funding on anvil', () => {
  it('sends 10 ETH to a new wallet before the create call answers', async () => {
    const reader = createPublicClient({ transport: http(rpcUrl) });
    const wallet = newWallet();
    expect(await reader.getBalance({ address: wallet.key.address })).toBe(0n);
    const res = await (await prepareCreate(wallet))();
    expect(res.status).toBe(200);
    expect(await reader.getBalance({ address: wallet.key.address })).toBe(parseEther('10'));
  });

  it('funds concurrent creations without nonce races', async () => {
    const reader = createPublicClient({ transport: http(rpcUrl) });
    const wallets = [newWallet(), newWallet(), newWallet()];
    const creates = await Promise.all(wallets.map((w) => prepareCreate(w)));
    const answers = await Promise.all(creates.map((create) => create()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const w of wallets) {
      expect(await reader.getBalance({ address: w.key.address })).toBe(parseEther('10'));
    }
  });

  it('still creates the wallet when the chain is unreachable', async () => {
    const deadChain = testServer(database, {
      server: {
        walletFunder: devWalletFunder({
          rpcUrl: `http://127.0.0.1:${await freePort()}`,
          chainId: 31337,
        }),
      },
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const create = await prepareCreate(newWallet(), await testFrame(deadChain));
      const started = Date.now();
      const res = await create();
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(9_000);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('funding'), expect.anything());
    } finally {
      errors.mockRestore();
    }
  });
});
