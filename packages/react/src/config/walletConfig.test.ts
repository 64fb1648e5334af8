import { describe, expect, it } from 'vitest';
import { APP_ID } from '../test/fakeClient.ts';
import { resolveConfig } from './resolveConfig.ts';
import { ANVIL_CHAIN, type ChainConfig, InvalidChainConfigError } from './walletConfig.ts';

const sepolia: ChainConfig = {
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.sepolia.example'] } },
};

describe('embedded wallet config (spec sections 3 and 5)', () => {
  it('defaults: off, prompts on, waits for confirmation, anvil on a local API', () => {
    const { wallet } = resolveConfig(APP_ID, undefined, null, 'http://localhost:8787');
    expect(wallet).toMatchObject({
      createOnLogin: 'off',
      noPromptOnSignature: false,
      waitForTransactionConfirmation: true,
      requireUserOwnedRecoveryOnCreate: false,
    });
    expect(wallet.supportedChains).toEqual([ANVIL_CHAIN]);
    expect(wallet.defaultChain.id).toBe(31337);
  });

  it("uses the server's chain info and create_on_login unless the client config says otherwise", () => {
    const server = {
      embedded_wallet_config: { create_on_login: 'all-users' as const },
      chains: [
        {
          id: 5,
          name: 'Dev',
          rpc_url: 'http://rpc.dev',
          native_currency: { symbol: 'DEV', decimals: 18 },
        },
      ],
    };
    const { wallet } = resolveConfig(APP_ID, undefined, server, 'https://auth.example.com');
    expect(wallet.createOnLogin).toBe('all-users');
    expect(wallet.supportedChains.map((c) => c.id)).toEqual([5]);
    const client = resolveConfig(
      APP_ID,
      { embeddedWallets: { createOnLogin: 'off' }, supportedChains: [sepolia] },
      server,
    ).wallet;
    expect(client.createOnLogin).toBe('off');
    expect(client.supportedChains).toEqual([sepolia]);
  });

  it('the default chain must be among the supported chains', () => {
    expect(() =>
      resolveConfig(APP_ID, { supportedChains: [ANVIL_CHAIN], defaultChain: sepolia }, null),
    ).toThrow(InvalidChainConfigError);
    const ok = resolveConfig(
      APP_ID,
      { supportedChains: [ANVIL_CHAIN, sepolia], defaultChain: sepolia },
      null,
    );
    expect(ok.wallet.defaultChain.id).toBe(sepolia.id);
  });
});

describe('solanaClusters (issue 22 item 2)', () => {
  const devnet = {
    name: 'Solana Devnet',
    chain: 'solana:devnet' as const,
    rpcUrl: 'https://d.example',
  };

  it("defaults to Solana's public mainnet-beta then devnet; the app's list is kept in order", () => {
    const { wallet } = resolveConfig(APP_ID, undefined, null, 'http://localhost:8787');
    expect(wallet.solanaClusters.map((c) => c.chain)).toEqual(['solana:mainnet', 'solana:devnet']);
    expect(wallet.solanaClusters[0]!.rpcUrl).toBe('https://api.mainnet-beta.solana.com');
    const local = {
      name: 'Local',
      chain: 'solana:localnet' as const,
      rpcUrl: 'http://127.0.0.1:8899',
    };
    const given = resolveConfig(APP_ID, { solanaClusters: [local, devnet] }, null).wallet;
    expect(given.solanaClusters).toEqual([local, devnet]);
  });

  it('refuses an empty list or a malformed cluster', () => {
    expect(() => resolveConfig(APP_ID, { solanaClusters: [] }, null)).toThrow(
      InvalidChainConfigError,
    );
    expect(() =>
      resolveConfig(APP_ID, { solanaClusters: [{ ...devnet, chain: 'eip155:1' }] }, null),
    ).toThrow(InvalidChainConfigError);
    expect(() =>
      resolveConfig(APP_ID, { solanaClusters: [{ ...devnet, rpcUrl: 'ftp://x' }] }, null),
    ).toThrow(InvalidChainConfigError);
  });
});
