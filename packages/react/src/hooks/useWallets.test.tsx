import { render, screen, waitFor } from '@testing-library/react';
import type { Eip1193Provider } from '@latchkey/core';
import { describe, expect, it, vi } from 'vitest';
import { renderHost } from '../test/Host.tsx';
import { useWallets } from './useWallets.ts';

function List() {
  const { ready, wallets } = useWallets();
  return <span data-testid="wallets">{`${ready}:${wallets.map((w) => w.address).join(',')}`}</span>;
}

describe('useWallets', () => {
  it('throws the spec text outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<List />)).toThrow(
      '`useWallets` was called outside the LatchkeyProvider component',
    );
    vi.restoreAllMocks();
  });

  it('lists client.wallets and follows its changes', async () => {
    const { client } = renderHost({ children: <List /> });
    await waitFor(() => expect(screen.getByTestId('wallets').textContent).toBe('true:'));
    client.wallets.upsert({
      address: '0x1111111111111111111111111111111111111111',
      chainType: 'ethereum',
      chainId: 'eip155:31337',
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      imported: false,
      linked: true,
      getEthereumProvider: async () => ({
        request: (async () => null) as Eip1193Provider['request'],
        on: () => {},
        removeListener: () => {},
      }),
      switchChain: async () => {},
      disconnect: () => {},
    });
    await waitFor(() =>
      expect(screen.getByTestId('wallets').textContent).toBe(
        'true:0x1111111111111111111111111111111111111111',
      ),
    );
  });
});
