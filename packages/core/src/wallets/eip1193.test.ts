/**
 * The EIP-1193 provider types against viem's `EIP1193Provider` (issue 12 item 5): the embedded
 * wallet's provider and every `ConnectedWallet.getEthereumProvider()` answer are assignable to
 * it without a cast (viem's `custom()`, wagmi connectors). The `expectTypeOf` lines and the
 * typed assignments are checked by `npm run typecheck`; the runtime part uses the real provider.
 */
import { createWalletClient, custom, type EIP1193Provider, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createEmbeddedEthereumProvider,
  type EmbeddedEthereumProvider,
} from './embedded/provider.ts';
import type { ConnectedWallet, Eip1193Provider } from './registry.ts';

const ADDRESS = privateKeyToAddress(generatePrivateKey());

describe('EIP-1193 provider types', () => {
  it('are assignable to viem EIP1193Provider without a cast', () => {
    expectTypeOf<Eip1193Provider>().toExtend<EIP1193Provider>();
    expectTypeOf<EmbeddedEthereumProvider>().toExtend<EIP1193Provider>();
    expectTypeOf<
      Awaited<ReturnType<ConnectedWallet['getEthereumProvider']>>
    >().toExtend<EIP1193Provider>();
  });

  it('type known methods like viem and answer unknown for any other call', () => {
    expectTypeOf<ReturnType<typeof chainIdOf>>().resolves.toEqualTypeOf<Hex>();
    expectTypeOf<ReturnType<typeof anyMethod>>().resolves.toBeUnknown();
  });

  it('the real embedded provider is a viem EIP1193Provider and a custom() transport', async () => {
    const provider = createEmbeddedEthereumProvider({
      bridge: { rpc: async () => null },
      address: ADDRESS,
      chains: [
        {
          id: 31337,
          name: 'Anvil',
          rpcUrl: 'http://127.0.0.1:9/unused',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
      chainId: 31337,
    });
    const viemProvider: EIP1193Provider = provider;
    expect(await viemProvider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await chainIdOf(provider)).toBe('0x7a69');
    expect(await anyMethod(provider, 'eth_accounts')).toEqual([ADDRESS]);
    const client = createWalletClient({ chain: anvil, transport: custom(viemProvider) });
    expect(await client.getAddresses()).toEqual([ADDRESS]);
  });
});

/** A typed call (viem's schema): resolves with `Hex`. */
function chainIdOf(provider: Eip1193Provider) {
  return provider.request({ method: 'eth_chainId' });
}

/** A method held in a string (the loose overload): resolves with `unknown`. */
function anyMethod(provider: Eip1193Provider, method: string) {
  return provider.request({ method, params: [] });
}
