import type { ChainConfigWire } from '@latchkey/api';
import type { ViemChainConfig } from '@latchkey/core';
import type { SolanaCluster } from '@latchkey/core/solana';

/** When an embedded wallet is created on login (spec section 3, issue 3). */
export type CreateOnLogin = 'off' | 'users-without-wallets' | 'all-users';
/** Recovery methods a user may own (spec section 3). */
export type UserOwnedRecoveryOption = 'user-passcode' | 'google-drive' | 'icloud';

/** `config.embeddedWallets` (spec section 3, "Client app config"). Every field optional. */
export interface EmbeddedWalletsConfig {
  /** Create a wallet after login. Default: the server's `create_on_login`, else `'off'`. */
  createOnLogin?: CreateOnLogin;
  /** Ask for a password (user-passcode recovery) while creating. Default the server's flag, else false. */
  requireUserOwnedRecoveryOnCreate?: boolean;
  /** Sign messages and typed data without EMBEDDED_WALLET_SIGN_REQUEST_SCREEN. Default false. */
  noPromptOnSignature?: boolean;
  /** `sendTransaction` resolves after the receipt (true, default) or after broadcast (false). */
  waitForTransactionConfirmation?: boolean;
  /** Recovery methods users may pick. Default the server's list, else `['user-passcode']`. */
  userOwnedRecoveryOptions?: UserOwnedRecoveryOption[];
  /** How amounts show on the send screen: native token only in this slice. */
  priceDisplay?: { primary: 'native-token'; secondary: 'fiat-currency' | null };
}

/**
 * An EVM chain, shaped like viem's `Chain` so `import { sepolia } from 'viem/chains'` can be
 * passed as is.
 */
export type ChainConfig = ViemChainConfig;

/**
 * A Solana cluster of `config.solanaClusters` (issue 22 item 2): `name` as the approval page
 * shows it, `chain` the Wallet Standard chain id (`solana:devnet`, ...), `rpcUrl` its JSON-RPC
 * URL (http or https). Core's `SolanaCluster`.
 */
export type SolanaClusterConfig = SolanaCluster;

/**
 * The default `solanaClusters`: Solana's public mainnet-beta, then devnet (what Privy and the
 * Solana wallet adapter default to). Rate limited: give your own RPC URLs in production.
 */
export const DEFAULT_SOLANA_CLUSTERS: readonly SolanaClusterConfig[] = [
  {
    name: 'Solana Mainnet',
    chain: 'solana:mainnet',
    rpcUrl: 'https://api.mainnet-beta.solana.com',
  },
  { name: 'Solana Devnet', chain: 'solana:devnet', rpcUrl: 'https://api.devnet.solana.com' },
];

/**
 * `solanaClusters` checked (issue 22 item 2): a non-empty list of `{name, chain: 'solana:...',
 * rpcUrl: http(s)}`; the default when not given.
 * @throws InvalidChainConfigError for an empty list or a malformed cluster.
 */
export function resolveSolanaClusters(
  clusters: readonly SolanaClusterConfig[] | undefined,
): SolanaClusterConfig[] {
  if (clusters === undefined) return [...DEFAULT_SOLANA_CLUSTERS];
  if (clusters.length === 0) {
    throw new InvalidChainConfigError('config.solanaClusters must list at least one cluster');
  }
  for (const c of clusters) {
    if (
      typeof c?.name !== 'string' ||
      c.name.length === 0 ||
      typeof c.chain !== 'string' ||
      !c.chain.startsWith('solana:') ||
      typeof c.rpcUrl !== 'string' ||
      !/^https?:\/\//.test(c.rpcUrl)
    ) {
      throw new InvalidChainConfigError(
        'Each of config.solanaClusters needs a name, a chain (solana:...) and an http(s) rpcUrl',
      );
    }
  }
  return [...clusters];
}

/** The wallet part of the resolved config. */
export interface ResolvedWalletConfig {
  createOnLogin: CreateOnLogin;
  requireUserOwnedRecoveryOnCreate: boolean;
  noPromptOnSignature: boolean;
  waitForTransactionConfirmation: boolean;
  userOwnedRecoveryOptions: UserOwnedRecoveryOption[];
  priceDisplay: { primary: 'native-token'; secondary: 'fiat-currency' | null };
  supportedChains: ChainConfig[];
  defaultChain: ChainConfig;
  /** The app's Solana clusters (issue 22 item 2); the first is the default. */
  solanaClusters: SolanaClusterConfig[];
  fiatOnRamp: { enabled: boolean; useSandbox: boolean };
}

/** The local development chain (`npm start` runs anvil on 127.0.0.1:8545). */
export const ANVIL_CHAIN: ChainConfig = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
};

/** Thrown by `resolveConfig` when `defaultChain` is not one of `supportedChains` (spec section 5). */
export class InvalidChainConfigError extends Error {
  override name = 'InvalidChainConfigError';
  readonly code = 'invalid_chain_config';
}

/** A chain from the server's chain info (`GET /api/v1/chains`). */
export function chainFromWire(wire: ChainConfigWire): ChainConfig {
  return {
    id: wire.id,
    name: wire.name,
    nativeCurrency: {
      symbol: wire.native_currency.symbol,
      decimals: wire.native_currency.decimals,
    },
    rpcUrls: { default: { http: [wire.rpc_url] } },
  };
}

const isLocalApi = (apiUrl: string | undefined) =>
  !!apiUrl && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(apiUrl);

/** What the server config and chain info add to {@link resolveWalletConfig}. */
export interface WalletServerInput {
  embedded_wallet_config?: {
    create_on_login?: CreateOnLogin;
    user_owned_recovery_options?: UserOwnedRecoveryOption[];
    require_user_owned_recovery_on_create?: boolean;
  };
  fiat_on_ramp_enabled?: boolean;
  /** From `GET /api/v1/chains`, when it answered. */
  chains?: ChainConfigWire[];
}

/**
 * Client `embeddedWallets`, `supportedChains` and `defaultChain` over the server's config and
 * chain info, with defaults (spec sections 3 and 5).
 * @throws InvalidChainConfigError when `defaultChain` is not among `supportedChains`, or when
 *   `supportedChains` is given empty; for `solanaClusters`, see {@link resolveSolanaClusters}.
 */
export function resolveWalletConfig(
  client: {
    embeddedWallets?: EmbeddedWalletsConfig;
    supportedChains?: ChainConfig[];
    defaultChain?: ChainConfig;
    solanaClusters?: SolanaClusterConfig[];
    fiatOnRamp?: { enabled?: boolean; useSandbox?: boolean };
  } = {},
  server: WalletServerInput | null = null,
  apiUrl?: string,
): ResolvedWalletConfig {
  const e = client.embeddedWallets ?? {};
  const s = server?.embedded_wallet_config;
  let supportedChains: ChainConfig[];
  if (client.supportedChains) {
    if (client.supportedChains.length === 0) {
      throw new InvalidChainConfigError('config.supportedChains must list at least one chain');
    }
    supportedChains = client.supportedChains;
  } else if (server?.chains?.length) {
    supportedChains = server.chains.map(chainFromWire);
  } else if (isLocalApi(apiUrl)) {
    supportedChains = [ANVIL_CHAIN];
  } else {
    supportedChains = client.defaultChain ? [client.defaultChain] : [ANVIL_CHAIN];
  }
  let defaultChain = supportedChains[0]!;
  if (client.defaultChain) {
    const found = supportedChains.find((c) => c.id === client.defaultChain!.id);
    if (!found) {
      throw new InvalidChainConfigError(
        `The default chain (${client.defaultChain.id}) must be one of config.supportedChains of the LatchkeyProvider.`,
      );
    }
    defaultChain = found;
  }
  return {
    createOnLogin: e.createOnLogin ?? s?.create_on_login ?? 'off',
    requireUserOwnedRecoveryOnCreate:
      e.requireUserOwnedRecoveryOnCreate ?? s?.require_user_owned_recovery_on_create ?? false,
    noPromptOnSignature: e.noPromptOnSignature ?? false,
    waitForTransactionConfirmation: e.waitForTransactionConfirmation ?? true,
    userOwnedRecoveryOptions: e.userOwnedRecoveryOptions ??
      s?.user_owned_recovery_options ?? ['user-passcode'],
    priceDisplay: e.priceDisplay ?? { primary: 'native-token', secondary: null },
    supportedChains,
    defaultChain,
    solanaClusters: resolveSolanaClusters(client.solanaClusters),
    fiatOnRamp: {
      enabled: client.fiatOnRamp?.enabled ?? server?.fiat_on_ramp_enabled ?? false,
      useSandbox: client.fiatOnRamp?.useSandbox ?? false,
    },
  };
}
