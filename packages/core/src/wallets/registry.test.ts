import { describe, expect, it, vi } from 'vitest';
import { type ConnectedWallet, createWalletRegistry, type Eip1193Provider } from './registry.ts';

const wallet = (
  address: string,
  walletClientType: string,
  connectorType = 'injected',
): ConnectedWallet => ({
  address,
  chainType: 'ethereum',
  chainId: 'eip155:31337',
  walletClientType,
  connectorType,
  imported: false,
  linked: false,
  getEthereumProvider: async () => ({
    request: (async () => null) as Eip1193Provider['request'],
    on: () => {},
    removeListener: () => {},
  }),
  switchChain: async () => {},
  disconnect: () => {},
});

describe('wallet registry', () => {
  it('lists the embedded wallet first and replaces by address and client type', () => {
    const registry = createWalletRegistry();
    const listener = vi.fn();
    registry.subscribe(listener);
    registry.upsert(wallet('0xAa', 'metamask'));
    registry.upsert(wallet('0xBb', 'latchkey', 'embedded'));
    registry.upsert(wallet('0xaa', 'metamask'));
    expect(registry.list().map((w) => w.walletClientType)).toEqual(['latchkey', 'metamask']);
    expect(listener).toHaveBeenCalledTimes(3);
    registry.remove('0xAA', 'metamask');
    expect(registry.list().map((w) => w.address)).toEqual(['0xBb']);
    registry.clear();
    expect(registry.list()).toEqual([]);
  });
});
