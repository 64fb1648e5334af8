import { Button } from '../../../../components/Button/Button.tsx';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { WalletIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { phantomCss } from './Phantom.css.ts';

/** Where the Phantom extension is installed from. */
export const PHANTOM_DOWNLOAD_URL = 'https://phantom.app/download';

/**
 * INSTALL_PHANTOM_SCREEN (spec section 2): the four setup steps (install the extension, set up
 * a wallet, store the recovery phrase, reload the page), an install link and 'Reload page'.
 */
export default function InstallPhantom() {
  useStyleSheet(buttonCss);
  useStyleSheet(phantomCss);
  const { messages: m } = useModal();
  return (
    <div className="lk-phantom">
      <ModalHeader title={m.installPhantomTitle} icon={<WalletIcon />} />
      <ol className="lk-phantom__steps">
        <li>{m.installPhantomStep1}</li>
        <li>{m.installPhantomStep2}</li>
        <li>{m.installPhantomStep3}</li>
        <li>{m.installPhantomStep4}</li>
      </ol>
      <a
        className="lk-button lk-button--primary"
        href={PHANTOM_DOWNLOAD_URL}
        target="_blank"
        rel="noopener noreferrer"
      >
        {m.installPhantom}
      </a>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {m.reloadPage}
      </Button>
    </div>
  );
}
