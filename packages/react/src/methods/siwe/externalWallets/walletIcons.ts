/**
 * The bundled icon of each known wallet (spec section 3's list; issue 14 item 1), shown when
 * the wallet did not announce one through EIP-6963 (not installed, or a legacy injection):
 * the wallets' marks from `@web3icons/core` (MIT), one module per wallet; Brave's from
 * `simple-icons` (CC0) and Uniswap Wallet's as the Uniswap mark (web3icons' UNI), as neither
 * is among web3icons' wallets. Each is a `data:` URI for an `<img>`, like an announced icon.
 * They are part of the lazily loaded modal, not of the eager entry.
 */
import type { WalletId } from '@latchkey/core';
import metamask from '@web3icons/core/svgs/wallets/branded/metamask.svg.js';
import coinbase from '@web3icons/core/svgs/wallets/branded/coinbase.svg.js';
import phantom from '@web3icons/core/svgs/wallets/branded/phantom.svg.js';
import rainbow from '@web3icons/core/svgs/wallets/branded/rainbow.svg.js';
import walletConnect from '@web3icons/core/svgs/wallets/branded/wallet-connect.svg.js';
import zerion from '@web3icons/core/svgs/wallets/branded/zerion.svg.js';
import okx from '@web3icons/core/svgs/wallets/branded/okx.svg.js';
import rabby from '@web3icons/core/svgs/wallets/branded/rabby.svg.js';
import uniswap from '@web3icons/core/svgs/tokens/branded/UNI.svg.js';
import { siBrave } from 'simple-icons';

const dataUri = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;

const brave = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 -3 30 30"><path fill="#${siBrave.hex}" d="${siBrave.path}"/></svg>`;

// OKX's mark is black: drawn white on its black tile, as its app icon, to show in dark mode too.
const okxTile = okx
  .replace('fill="#000"', 'fill="#fff"')
  .replace(/(<svg[^>]*>)/, '$1<rect width="24" height="24" rx="5" fill="#000"/>');

const SVGS: Readonly<Partial<Record<WalletId, string>>> = {
  metamask,
  coinbase_wallet: coinbase,
  phantom,
  rainbow,
  wallet_connect: walletConnect,
  zerion,
  brave_wallet: brave,
  uniswap,
  okx_wallet: okxTile,
  rabby_wallet: rabby,
};

const cache = new Map<WalletId, string>();

/** The bundled icon of a known wallet as a `data:` URI, or null (no brand icon bundled). */
export function bundledWalletIcon(id: WalletId): string | null {
  const svg = SVGS[id];
  if (!svg) return null;
  let uri = cache.get(id);
  if (!uri) cache.set(id, (uri = dataUri(svg)));
  return uri;
}
