import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { LockIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { PasswordInput } from '../../components/PasswordInput/PasswordInput.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { passwordRecoveryCss } from './EmbeddedWalletPasswordRecovery.css.ts';

/** True for the frame's wrong-password answers (spec section 8). */
function isWrongPassword(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return type === 'invalid_recovery_pin' || type === 'invalid_request_arguments';
}

/**
 * EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN (spec sections 4, 5 and 8): the user's recovery
 * password restores the wallet on this device (`manager.recover({password})`). A wrong password
 * shows 'Invalid recovery password, please try again.' and the user may retry; success resolves
 * the request with the address and closes. Closing first rejects with 4001.
 */
export default function EmbeddedWalletPasswordRecovery() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(passwordRecoveryCss);
  const { wallet, settle, close, messages: m } = useWalletScreen('recover', 'connect');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      const manager = await wallet.manager();
      const { address } = await manager.recover({ password });
      settle(address);
      close();
    } catch (thrown) {
      setError(isWrongPassword(thrown) ? m.invalidRecoveryPassword : m.unableToRecoverWallet);
      setBusy(false);
    }
  };

  return (
    <div className="lk-wallet lk-wallet-recovery">
      <ModalHeader
        title={m.passwordRecoveryTitle}
        message={m.passwordRecoveryDetail}
        icon={<LockIcon />}
      />
      <form onSubmit={(e) => void onSubmit(e)}>
        <PasswordInput
          label={m.passwordLabel}
          value={password}
          autoComplete="current-password"
          onValueChange={(v) => {
            setPassword(v);
            setError(null);
          }}
          error={error}
          messages={m}
        />
        <Button type="submit" disabled={!password || busy}>
          {busy ? m.recovering : m.recoverWallet}
        </Button>
      </form>
    </div>
  );
}
