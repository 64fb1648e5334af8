import { useState } from 'react';
import { LockIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { PasswordFrame } from '../EmbeddedWalletPasswordCreate/PasswordFrame.tsx';
import { passwordRecoveryCss } from './EmbeddedWalletPasswordRecovery.css.ts';

/** Frame answers the page already shows in its own words (it keeps showing them). */
const SHOWN_IN_FRAME = new Set(['recovery_attempts_exceeded']);

/**
 * EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN (spec sections 4, 5 and 8; issue 24 item 4): the
 * user's recovery password restores the wallet on this device. The password is typed in the
 * wallet's password page, framed here (`manager.mountPassword` with `recover`): a wrong password
 * shows 'Invalid recovery password, please try again.' inside the frame and the user retries
 * there; too many attempts show the frame's attempts-exceeded state. Success resolves the request
 * with the address and closes. Closing first rejects with 4001.
 */
export default function EmbeddedWalletPasswordRecovery() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(passwordRecoveryCss);
  const { wallet, settle, close, config, messages: m } = useWalletScreen('recover', 'connect');
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="lk-wallet lk-wallet-recovery">
      <ModalHeader
        title={m.passwordRecoveryTitle}
        message={m.passwordRecoveryDetail}
        icon={<LockIcon />}
      />
      <PasswordFrame
        action="recover"
        wallet={wallet}
        config={config}
        messages={m}
        onResult={({ address }) => {
          settle(address);
          close();
        }}
        onError={(thrown) => {
          const type = (thrown as { type?: unknown } | null)?.type;
          if (typeof type === 'string' && SHOWN_IN_FRAME.has(type)) return;
          setError(m.unableToRecoverWallet);
        }}
      />
      {error && (
        <p className="lk-wallet__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
