import { SCREEN } from '@latchkey/core';
import { Button } from '../../components/Button/Button.tsx';
import { ShieldIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { WhySecure } from './WhySecure.tsx';

/**
 * EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN (spec section 2): invites a user whose wallet
 * recovers automatically ('latchkey') to add a password, with the 'Why do I need to secure my
 * account?' explainer; Continue opens EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN.
 */
export default function EmbeddedWalletPasswordUpdateSplash() {
  useStyleSheet(walletLayoutCss);
  const { request, navigate, close, messages: m } = useWalletScreen('set-password');
  return (
    <div className="lk-wallet">
      <ModalHeader
        title={m.passwordUpdateSplashTitle}
        message={m.passwordUpdateSplashDetail}
        icon={<ShieldIcon />}
      />
      <WhySecure messages={m} />
      <div className="lk-wallet__actions">
        <Button
          onClick={() =>
            navigate(SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN, {
              wallet: { ...request, mode: 'update' },
            })
          }
        >
          {m.continue}
        </Button>
        <Button variant="secondary" onClick={close}>
          {m.cancel}
        </Button>
      </div>
    </div>
  );
}
