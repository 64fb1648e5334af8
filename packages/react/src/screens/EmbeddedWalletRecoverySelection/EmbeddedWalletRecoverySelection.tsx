import { embeddedWalletOf } from '@latchkey/core';
import { recoveryChoice } from '@latchkey/core/embedded-wallet';
import { Button } from '../../components/Button/Button.tsx';
import { ShieldIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { WhySecure } from '../EmbeddedWalletPasswordUpdateSplash/WhySecure.tsx';
import { recoverySelectionCss } from './EmbeddedWalletRecoverySelection.css.ts';

const LABELS: Record<string, keyof Messages> = {
  'user-passcode': 'recoveryMethodPassword',
  'google-drive': 'recoveryMethodGoogleDrive',
  icloud: 'recoveryMethodIcloud',
};

/**
 * EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN (spec sections 2 and 4, "Recovery choice"; issue 23):
 * shown when more than one method exists, one button per method; each choice continues on that
 * method's screen (core's `recoveryChoice`). Recovery (`kind: 'recover'`, the wallet's methods):
 * 'Recover your wallet'. A backup (`kind: 'set-recovery'`, the app's `userOwnedRecoveryOptions`):
 * 'Back up your wallet' with the 'Why do I need to secure my account?' explainer; the password
 * goes to the password flow (creating the wallet, or moving it to / changing its password),
 * Google Drive and iCloud to EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN. A backup the user started
 * (`set`) has Cancel; closing rejects with 4001.
 */
export default function EmbeddedWalletRecoverySelection() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(recoverySelectionCss);
  const {
    request,
    navigate,
    close,
    client,
    wallet,
    messages: m,
  } = useWalletScreen('recover', 'set-recovery');
  const methods = request.methods ?? [];
  const backup = request.kind === 'set-recovery';
  const walletRecoveryMethod =
    embeddedWalletOf(client.getState().user)?.recoveryMethod ?? wallet.getState().recoveryMethod;
  return (
    <div className="lk-wallet lk-wallet-select">
      <ModalHeader
        title={backup ? m.recoveryBackupTitle : m.recoverySelectionTitle}
        message={backup ? m.recoveryBackupDetail : m.recoverySelectionDetail}
        icon={<ShieldIcon />}
      />
      <ul>
        {methods.map((method) => {
          const next = recoveryChoice(method, request, walletRecoveryMethod);
          return (
            <li key={method}>
              <Button
                variant="secondary"
                disabled={!next}
                onClick={() =>
                  next &&
                  navigate(next.screen, {
                    wallet: { ...next.params, resolve: request.resolve, reject: request.reject },
                  })
                }
              >
                {LABELS[method] ? m[LABELS[method]] : method}
              </Button>
            </li>
          );
        })}
      </ul>
      {backup && <WhySecure messages={m} />}
      {backup && !request.automatic && (
        <div className="lk-wallet__actions">
          <Button variant="secondary" onClick={close}>
            {m.cancel}
          </Button>
        </div>
      )}
    </div>
  );
}
