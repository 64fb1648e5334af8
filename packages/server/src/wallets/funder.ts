/**
 * Development funding (design.md, "The stack"; issue 3 item 10): after an embedded wallet is
 * created, send it test ETH on the local anvil chain so the demo can send at once. Never used
 * in production (`walletFunder` is undefined there).
 */
import type { ChainConfigWire } from '@latchkey/api';
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Funds a new wallet; resolves once the transfer is mined. */
export type WalletFunder = (address: `0x${string}`) => Promise<void>;

/** anvil's first well-known development account (public knowledge; holds test ETH only). */
export const ANVIL_DEV_PRIVATE_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** The chain id of `npm start`'s anvil. */
export const ANVIL_CHAIN_ID = 31337;

/** The wire description of a chain reachable at `rpcUrl` (`GET /api/v1/chains`). */
export function chainConfigFor(rpcUrl: string, chainId: number, name?: string): ChainConfigWire {
  return {
    id: chainId,
    name: name ?? (chainId === ANVIL_CHAIN_ID ? 'Anvil' : `Chain ${chainId}`),
    rpc_url: rpcUrl,
    native_currency: { symbol: 'ETH', decimals: 18 },
  };
}

/** Options of {@link devWalletFunder}. */
export interface DevWalletFunderOptions {
  rpcUrl: string;
  chainId: number;
  /** Sender key. Default {@link ANVIL_DEV_PRIVATE_KEY}. */
  privateKey?: Hex;
  /** Amount in ETH, as a decimal string. Default `'10'`. */
  amountEth?: string;
  /**
   * How long to wait for the receipt, in ms. Default 5 000: the create call waits for funding,
   * and the client gives it 10 s (spec section 9), so an unreachable chain must not stall it.
   */
  timeoutMs?: number;
}

/**
 * A {@link WalletFunder} that sends `amountEth` from the dev account with viem and waits for
 * the receipt. Sends run one at a time (one in-process queue), so concurrent wallet creations
 * never race for the same nonce.
 */
export function devWalletFunder(options: DevWalletFunderOptions): WalletFunder {
  const chain: Chain = defineChain({
    id: options.chainId,
    name: chainConfigFor(options.rpcUrl, options.chainId).name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const transport = http(options.rpcUrl, { retryCount: 0, timeout: 4_000 });
  const account = privateKeyToAccount(options.privateKey ?? ANVIL_DEV_PRIVATE_KEY);
  const wallet = createWalletClient({ account, chain, transport, pollingInterval: 100 });
  const reader = createPublicClient({ chain, transport, pollingInterval: 100 });
  const value = parseEther(options.amountEth ?? '10');
  const timeout = options.timeoutMs ?? 5_000;
  let queue: Promise<unknown> = Promise.resolve();

  return (address) => {
    const run = queue.then(async () => {
      const hash = await wallet.sendTransaction({ to: address, value });
      const receipt = await reader.waitForTransactionReceipt({ hash, timeout });
      if (receipt.status !== 'success') throw new Error(`Funding transaction ${hash} reverted`);
    });
    queue = run.catch(() => {});
    return run;
  };
}
