import { SCREEN } from '@latchkey/core';
import { useEffect } from 'react';
import { WalletIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { logoutAfterCreationFailure, once } from '../../wallet/loginFailure.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { onAccountCreateCss } from './EmbeddedWalletOnAccountCreate.css.ts';

/**
 * EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN (spec section 4, "Embedded wallet creation"): creates
 * the wallet through core's manager (token, frame init 30 s, create 10 s, refresh user, check),
 * then EMBEDDED_WALLET_CREATED_SCREEN. With `requireUserOwnedRecoveryOnCreate` the password flow
 * runs first and creates the wallet with user-passcode recovery. A failure during login logs the
 * user out and posts `embedded_wallet_creation_failure_logout` with the error and the screen.
 */
export default function EmbeddedWalletOnAccountCreate() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(onAccountCreateCss);
  const {
    request,
    wallet,
    client,
    walletConfig,
    navigate,
    messages: m,
  } = useWalletScreen('create');

  useEffect(() => {
    if (walletConfig.requireUserOwnedRecoveryOnCreate) {
      navigate(SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN, {
        wallet: { ...request, kind: 'set-password', automatic: true, mode: 'create' },
      });
      return;
    }
    let live = true;
    once(request, async () => (await wallet.manager()).create()).then(
      ({ address }) => {
        if (live)
          navigate(SCREEN.EMBEDDED_WALLET_CREATED_SCREEN, { wallet: { ...request, address } });
      },
      async (error: unknown) => {
        if (request.login) {
          await logoutAfterCreationFailure(
            client,
            error,
            SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN,
          );
        }
        request.reject(error);
        if (live) navigate(SCREEN.ERROR_SCREEN, { error, returnTo: SCREEN.LANDING });
      },
    );
    return () => {
      live = false;
    };
  }, [request, wallet, client, walletConfig, navigate]);

  return (
    <div className="lk-wallet lk-wallet-create">
      <ModalHeader
        title={m.walletCreatingTitle}
        message={m.walletCreatingDetail}
        icon={<WalletIcon />}
      />
      <div className="lk-wallet__busy" role="status" aria-label={m.walletCreatingTitle}>
        <span className="lk-spinner" />
      </div>
    </div>
  );
}
