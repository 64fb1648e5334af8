import type { ChainConfig as CoreChainConfig } from '../../wallets/embedded/types.ts';

/**
 * A chain as the host config gives it (viem's shape, `@latchkey/react`'s `ChainConfig`):
 * EIP-155 id, name, native currency, RPC URLs and an optional block explorer.
 */
export interface ViemChainConfig {
  /** EIP-155 chain id, e.g. 31337. */
  id: number;
  name: string;
  nativeCurrency: { name?: string; symbol: string; decimals: number };
  rpcUrls: { default: { http: readonly string[] } };
  blockExplorers?: { default: { name: string; url: string } };
}

/** Core's chain shape (`rpcUrl`, `blockExplorerUrl`) from the viem-shaped config chain. */
export function toCoreChain(chain: ViemChainConfig): CoreChainConfig {
  const explorer = chain.blockExplorers?.default.url;
  return {
    id: chain.id,
    name: chain.name,
    rpcUrl: chain.rpcUrls.default.http[0] ?? '',
    nativeCurrency: {
      name: chain.nativeCurrency.name ?? chain.nativeCurrency.symbol,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    },
    ...(explorer ? { blockExplorerUrl: explorer } : {}),
  };
}

/** Default explorer when a chain names none (spec section 9: etherscan). */
export const DEFAULT_EXPLORER_URL = 'https://etherscan.io';

/**
 * The explorer page of a transaction, or null on a local chain without an explorer
 * (spec section 8: explorer link, etherscan fallback for public chains).
 */
export function explorerTxUrl(chain: ViemChainConfig | undefined, hash: string): string | null {
  const base = chain?.blockExplorers?.default.url;
  if (base) return `${base.replace(/\/+$/, '')}/tx/${hash}`;
  if (!chain || chain.id === 31337 || chain.id === 1337) return null;
  return chain.id === 1 ? `${DEFAULT_EXPLORER_URL}/tx/${hash}` : null;
}

/** Formats wei as a decimal amount with at most 6 decimals ('<0.000001' for tiny; spec section 9). */
export function formatUnits(wei: bigint, decimals = 18, maxDecimals = 6): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = abs % base;
  let fractionText = fraction.toString().padStart(decimals, '0').slice(0, maxDecimals);
  fractionText = fractionText.replace(/0+$/, '');
  if (whole === 0n && fraction > 0n && fractionText === '') {
    return `<0.${'0'.repeat(maxDecimals - 1)}1`;
  }
  return `${negative ? '-' : ''}${whole}${fractionText ? `.${fractionText}` : ''}`;
}
