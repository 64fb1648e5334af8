import { LoginList } from '../../../../components/LoginList/LoginList.tsx';
import { WalletIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { linkScreenCss } from '../../../link.css.ts';

/**
 * LINK_WALLET_SCREEN (issue 6; spec sections 2 "Linking" and 4 "Auth mode"): the landing's wallet
 * list (detected wallets plus the configured list). Picking one opens AWAITING_CONNECTION
 * `{ externalWallet, mode: 'link' }`, which connects it and signs a SIWE message for
 * `POST /api/v1/siwe/link` (one external wallet per user; a wallet another user owns is refused).
 */
export default function LinkWallet() {
  useStyleSheet(linkScreenCss);
  const { messages: m } = useModal();
  return (
    <div className="lk-link" data-testid="link-wallet-screen">
      <ModalHeader title={m.linkWalletTitle} message={m.linkWalletDetail} icon={<WalletIcon />} />
      <LoginList mode="link" />
    </div>
  );
}
