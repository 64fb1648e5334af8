import { formatMessage, SCREEN } from '@latchkey/core';
import { useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { CheckIcon, ShieldIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { logoutAfterCreationFailure } from '../../wallet/loginFailure.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { CloudFrame } from './CloudFrame.tsx';

/** The providers' names in the texts ({provider}). */
export const CLOUD_PROVIDER_LABELS = {
  'google-drive': 'recoveryMethodGoogleDrive',
  icloud: 'recoveryMethodIcloud',
} as const satisfies Record<string, keyof Messages>;

/** Frame answers the page already shows in its own words (it keeps showing them). */
const SHOWN_IN_FRAME = new Set(['recovery_attempts_exceeded']);

/**
 * EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN (spec sections 2, 4 and 8; issue 23): the wallet's
 * backup in the user's own Google Drive or iCloud. The header says what happens ('Restore from
 * {provider}' for recovery, 'Back up to {provider}' for create and set); below it the wallet's
 * cloud page, framed (`manager.mountCloud`), draws the provider's button, runs the sign-in from a
 * click inside it and shows and retries the provider's failures ('{Recovery|Back up} with
 * {provider} unsuccessful') itself. Done: recovery settles with the address and closes;
 * creation continues on EMBEDDED_WALLET_CREATED_SCREEN; set settles and shows 'Backup complete'.
 * A fatal frame error shows 'Unable to recover wallet' (recovery) or 'An error has occurred,
 * please try again.'; a creation during login that fails logs the user out. Closing first
 * rejects with 4001. Opened with `kind: 'recover'` (`methods: [provider]`) or `kind:
 * 'set-recovery'` (`action`, `methods: [provider]`), and `oauthReturn` after a redirect.
 */
export default function EmbeddedWalletRecoveryOAuth() {
  useStyleSheet(walletLayoutCss);
  const s = useWalletScreen('recover', 'set-recovery');
  const { request, wallet, client, config, messages: m } = s;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const provider = request.methods?.[0];
  if (provider !== 'google-drive' && provider !== 'icloud') {
    throw new Error('EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN needs a cloud recovery method');
  }
  const action = request.kind === 'recover' ? 'recover' : request.action;
  const name = m[CLOUD_PROVIDER_LABELS[provider]];
  const fill = (text: string) => formatMessage(text, { provider: name });

  if (done) {
    return (
      <div className="lk-wallet lk-wallet-cloud">
        <ModalHeader
          title={m.cloudBackupSuccessTitle}
          message={fill(m.cloudBackupSuccessDetail)}
          icon={<CheckIcon />}
          iconTone="success"
        />
        <div className="lk-wallet__actions">
          <Button onClick={s.close}>{m.close}</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="lk-wallet lk-wallet-cloud">
      <ModalHeader
        title={fill(action === 'recover' ? m.cloudRecoverTitle : m.cloudBackupTitle)}
        message={fill(action === 'recover' ? m.cloudRecoverDetail : m.cloudBackupDetail)}
        icon={<ShieldIcon />}
      />
      <CloudFrame
        action={action}
        provider={provider}
        {...(request.oauthReturn ? { oauthReturn: request.oauthReturn } : {})}
        wallet={wallet}
        config={config}
        messages={m}
        title={fill(m.cloudFrameTitle)}
        redirectingLabel={fill(m.cloudRedirecting)}
        onResult={({ address }) => {
          if (request.kind === 'recover') {
            s.settle(address);
            s.close();
          } else if (request.action === 'create') {
            s.navigate(SCREEN.EMBEDDED_WALLET_CREATED_SCREEN, {
              wallet: { ...request, kind: 'create', address },
            });
          } else {
            s.settle(undefined);
            setDone(true);
          }
        }}
        onError={(thrown) => {
          const type = (thrown as { type?: unknown } | null)?.type;
          if (typeof type === 'string' && SHOWN_IN_FRAME.has(type)) return;
          setError(action === 'recover' ? m.unableToRecoverWallet : m.cloudBackupFailed);
          if (request.kind === 'set-recovery' && request.action === 'create' && request.login) {
            void logoutAfterCreationFailure(
              client,
              thrown,
              SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
            );
          }
          if (action !== 'recover') s.fail(thrown);
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
