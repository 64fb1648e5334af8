/**
 * The wallet method's UI (issue 11; SIWE, spec sections 4, 5 and 9): the login list's wallet
 * buttons (injected, EIP-6963, WalletConnect, Phantom), the connection screens and
 * LINK_WALLET_SCREEN. Screens: `./screens.ts`.
 */
import { WalletIcon } from '../../components/Icons/Icons.tsx';
import type { LoginMethodUi } from '../types.ts';
import { siweLink } from './link.ts';
import { WalletEntries } from './WalletEntries.tsx';

export { WalletButton, type WalletButtonProps } from './Button.tsx';

/** The wallet (SIWE) method's UI module. */
export const siweUi: LoginMethodUi = {
  ...siweLink,
  labels: { wallet: 'Wallet' },
  icon: WalletIcon,
  entries: { wallet: WalletEntries },
};
