import type { User } from '../../session/user.ts';

/** An EVM chain the embedded wallet can use; `rpcUrl` serves reads and broadcasts. */
export type ChainConfig = {
  /** EIP-155 chain id, e.g. 31337. */
  id: number;
  name: string;
  /** JSON-RPC URL (http or https). */
  rpcUrl: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** Explorer base URL, e.g. 'https://etherscan.io'. */
  blockExplorerUrl?: string;
};

/** `embeddedWallets.createOnLogin` (spec section 3). */
export type CreateOnLogin = 'off' | 'users-without-wallets' | 'all-users';

/** The user's embedded wallet account, if any ('latchkey' wallet client type). */
export function embeddedWalletOf(user: User | null | undefined) {
  if (!user) return undefined;
  for (const account of user.linkedAccounts) {
    if (
      account.type === 'wallet' &&
      account.walletClientType === 'latchkey' &&
      account.chainType === 'ethereum'
    )
      return account;
  }
  return undefined;
}

/** True when `user` has an embedded (Latchkey) wallet. */
export function hasEmbeddedWallet(user: User | null | undefined): boolean {
  return embeddedWalletOf(user) !== undefined;
}

/**
 * Whether an embedded wallet must be created after login (spec section 4 and issue 3):
 * `off` never; `users-without-wallets` when the user has no wallet at all (neither embedded nor a
 * linked external one); `all-users` when the user has no embedded wallet yet. A user who already
 * has an embedded wallet never gets a second one.
 */
export function shouldCreateWalletOnLogin(
  createOnLogin: CreateOnLogin,
  user: User | null | undefined,
): boolean {
  if (!user || createOnLogin === 'off' || hasEmbeddedWallet(user)) return false;
  if (createOnLogin === 'all-users') return true;
  return !user.linkedAccounts.some((a) => a.type === 'wallet');
}
