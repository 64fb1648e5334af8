/**
 * External wallets the login list knows by name (spec section 3, "Known external wallets";
 * `appearance.walletList`), and how an EIP-6963 announcement maps onto them.
 */

/** Names a host may put in `appearance.walletList`; `detected_wallets` places the wallets
 * announced through EIP-6963 that the list does not name. */
export const WALLET_IDS = [
  'detected_wallets',
  'metamask',
  'coinbase_wallet',
  'phantom',
  'rainbow',
  'wallet_connect',
  'zerion',
  'brave_wallet',
  'uniswap',
  'okx_wallet',
  'rabby_wallet',
] as const;
/** One of {@link WALLET_IDS}. */
export type WalletId = (typeof WALLET_IDS)[number];

/** Default `walletList` (detected wallets first, then the common ones). */
export const DEFAULT_WALLET_LIST: readonly WalletId[] = [
  'detected_wallets',
  'metamask',
  'coinbase_wallet',
  'rainbow',
  'wallet_connect',
];

/** What the login list shows for a known wallet and how it is reached. */
export interface KnownWallet {
  id: Exclude<WalletId, 'detected_wallets'>;
  name: string;
  /** EIP-6963 `rdns` values of the wallet's extension. */
  rdns: readonly string[];
  /** The wallet has a WalletConnect mobile app (used when its extension is missing). */
  walletConnect: boolean;
}

/** The known wallets (spec section 3), keyed by id. */
export const KNOWN_WALLETS: Record<KnownWallet['id'], KnownWallet> = {
  metamask: {
    id: 'metamask',
    name: 'MetaMask',
    rdns: ['io.metamask', 'io.metamask.flask'],
    walletConnect: true,
  },
  coinbase_wallet: {
    id: 'coinbase_wallet',
    name: 'Coinbase Wallet',
    rdns: ['com.coinbase.wallet'],
    walletConnect: false,
  },
  phantom: { id: 'phantom', name: 'Phantom', rdns: ['app.phantom'], walletConnect: false },
  rainbow: { id: 'rainbow', name: 'Rainbow', rdns: ['me.rainbow'], walletConnect: true },
  wallet_connect: { id: 'wallet_connect', name: 'WalletConnect', rdns: [], walletConnect: true },
  zerion: { id: 'zerion', name: 'Zerion', rdns: ['io.zerion.wallet'], walletConnect: true },
  brave_wallet: {
    id: 'brave_wallet',
    name: 'Brave Wallet',
    rdns: ['com.brave.wallet'],
    walletConnect: false,
  },
  uniswap: {
    id: 'uniswap',
    name: 'Uniswap Wallet',
    rdns: ['org.uniswap.app'],
    walletConnect: true,
  },
  okx_wallet: {
    id: 'okx_wallet',
    name: 'OKX Wallet',
    rdns: ['com.okex.wallet'],
    walletConnect: true,
  },
  rabby_wallet: {
    id: 'rabby_wallet',
    name: 'Rabby Wallet',
    rdns: ['io.rabby'],
    walletConnect: false,
  },
};

/** EIP-6963 provider info (https://eips.ethereum.org/EIPS/eip-6963). */
export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  /** Data URI of the wallet's icon. */
  icon: string;
  /** Reverse-DNS id, e.g. `io.metamask`. */
  rdns: string;
}

/** The known wallet an announcement is, by its `rdns`, or undefined. */
export function knownWalletOf(info: Pick<Eip6963ProviderInfo, 'rdns'>): KnownWallet | undefined {
  return Object.values(KNOWN_WALLETS).find((w) => w.rdns.includes(info.rdns));
}

/**
 * `wallet_client_type` of a wallet: the known id (`metamask`, ...), else the announced name
 * lower-cased with underscores (`my_wallet`).
 */
export function walletClientTypeOf(info: Pick<Eip6963ProviderInfo, 'rdns' | 'name'>): string {
  return (
    knownWalletOf(info)?.id ??
    (info.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') ||
      'unknown')
  );
}
