import type { WalletId } from '@latchkey/core';

/**
 * The official download page of each known wallet that installs (spec section 3, "Known
 * external wallets"), linked by LOGIN_FAILED_SCREEN when the chosen wallet is not installed
 * (issue 14 item 8). Kept beside that lazily loaded screen, out of the eager bundle.
 * WalletConnect installs nothing, so it has none.
 */
export const WALLET_INSTALL_URLS: Partial<Record<WalletId, string>> = {
  metamask: 'https://metamask.io/download/',
  coinbase_wallet: 'https://www.coinbase.com/wallet/downloads',
  phantom: 'https://phantom.app/download',
  rainbow: 'https://rainbow.me/download',
  zerion: 'https://zerion.io/download',
  brave_wallet: 'https://brave.com/wallet/',
  uniswap: 'https://wallet.uniswap.org/',
  okx_wallet: 'https://www.okx.com/web3',
  rabby_wallet: 'https://rabby.io/',
};
