import { randomBytes } from 'node:crypto';
import { authenticateResponse, ROUTES } from '@latchkey/api';
import { createPublicClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/index.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../test-utils.ts';
import { devWalletFunder } from './funder.ts';
import { freePort, startAnvil, type TestAnvil } from '../../../../test-support/anvil.ts';

let anvil: TestAnvil;
let rpcUrl: string;
let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  anvil = await startAnvil();
  rpcUrl = anvil.rpcUrl;
  database = await testDatabase();
  server = testServer(database, {
    server: { walletFunder: devWalletFunder({ rpcUrl, chainId: 31337 }) },
  });
  appId = (await server.createApp()).id;
});
afterAll(async () => {
  await database?.close();
  await anvil?.stop();
});

async function loginToken(): Promise<string> {
  const email = uniqueEmail('funded');
  await server.post(appId, ROUTES.passwordlessInit, { email });
  const code = await server.lastCode(email);
  const res = await server.post(appId, ROUTES.passwordlessAuthenticate, { email, code });
  return authenticateResponse.parse(await res.json()).token!;
}

function newWallet() {
  const address = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
  return {
    address,
    chain_type: 'ethereum',
    auth_share: randomBytes(33).toString('base64'),
    recovery_method: 'latchkey',
    recovery_share: randomBytes(33).toString('base64'),
    recovery_blob: null,
  };
}

describe('dev wallet funding on anvil', () => {
  it('sends 10 ETH to a new wallet before the create call answers', async () => {
    const reader = createPublicClient({ transport: http(rpcUrl) });
    const wallet = newWallet();
    expect(await reader.getBalance({ address: wallet.address })).toBe(0n);
    const token = await loginToken();
    const res = await server.post(appId, ROUTES.embeddedWallets, wallet, {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(200);
    expect(await reader.getBalance({ address: wallet.address })).toBe(parseEther('10'));
  });

  it('funds concurrent creations without nonce races', async () => {
    const reader = createPublicClient({ transport: http(rpcUrl) });
    const wallets = [newWallet(), newWallet(), newWallet()];
    const tokens = await Promise.all(wallets.map(() => loginToken()));
    const answers = await Promise.all(
      wallets.map((w, i) =>
        server.post(appId, ROUTES.embeddedWallets, w, { authorization: `Bearer ${tokens[i]}` }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const w of wallets) {
      expect(await reader.getBalance({ address: w.address })).toBe(parseEther('10'));
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
      const email = uniqueEmail('unfunded');
      await deadChain.post(appId, ROUTES.passwordlessInit, { email });
      const code = await deadChain.lastCode(email);
      const login = await deadChain.post(appId, ROUTES.passwordlessAuthenticate, { email, code });
      const { token } = authenticateResponse.parse(await login.json());
      const started = Date.now();
      const res = await deadChain.post(appId, ROUTES.embeddedWallets, newWallet(), {
        authorization: `Bearer ${token}`,
      });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(9_000);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('funding'), expect.anything());
    } finally {
      errors.mockRestore();
    }
  });
});
