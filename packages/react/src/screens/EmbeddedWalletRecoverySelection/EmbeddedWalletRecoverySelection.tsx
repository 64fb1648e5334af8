import { recoveryScreenFor } from '@latchkey/core/embedded-wallet';
import { Button } from '../../components/Button/Button.tsx';
import { ShieldIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { recoverySelectionCss } from './EmbeddedWalletRecoverySelection.css.ts';

const LABELS: Record<string, keyof Messages> = {
  'user-passcode': 'recoveryMethodPassword',
  'google-drive': 'recoveryMethodGoogleDrive',
  icloud: 'recoveryMethodIcloud',
};

/**
 * EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN (spec sections 2 and 4, "Recovery choice"): shown when
 * more than one recovery method exists; each choice continues on that method's screen.
 */
export default function EmbeddedWalletRecoverySelection() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(recoverySelectionCss);
  const { request, navigate, messages: m } = useWalletScreen('recover');
  const methods = request.methods ?? [];
  return (
    <div className="lk-wallet lk-wallet-select">
      <ModalHeader
        title={m.recoverySelectionTitle}
        message={m.recoverySelectionDetail}
        icon={<ShieldIcon />}
      />
      <ul>
        {methods.map((method) => {
          const next = recoveryScreenFor([method]);
          return (
            <li key={method}>
              <Button
                variant="secondary"
                disabled={!next}
                onClick={() =>
                  next && navigate(next, { wallet: { ...request, methods: [method] } })
                }
              >
                {LABELS[method] ? m[LABELS[method]] : method}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
