import { SCREEN } from '@latchkey/core';
import { Button } from '../../../../components/Button/Button.tsx';
import { WalletIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { phantomCss } from './Phantom.css.ts';

/**
 * PHANTOM_INTERSTITIAL_SCREEN (spec sections 2 and 4): Phantom is not available in this
 * browser; install it (INSTALL_PHANTOM_SCREEN) or open the page in the Phantom app.
 */
export default function PhantomInterstitial() {
  useStyleSheet(phantomCss);
  const { messages: m, navigate } = useModal();
  return (
    <div className="lk-phantom">
      <ModalHeader
        title={m.phantomInterstitialTitle}
        message={m.phantomInterstitialDetail}
        icon={<WalletIcon />}
      />
      <Button variant="primary" onClick={() => navigate(SCREEN.INSTALL_PHANTOM_SCREEN)}>
        {m.installPhantom}
      </Button>
      <Button variant="secondary" onClick={() => navigate(SCREEN.PHANTOM_REDIRECT_SCREEN)}>
        {m.openInPhantomApp}
      </Button>
    </div>
  );
}
