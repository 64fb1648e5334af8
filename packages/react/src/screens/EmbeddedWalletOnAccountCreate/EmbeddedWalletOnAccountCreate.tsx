import { SCREEN } from '@latchkey/core';
import { createRecoveryPrompt } from '@latchkey/core/embedded-wallet';
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
 * then EMBEDDED_WALLET_CREATED_SCREEN. With `requireUserOwnedRecoveryOnCreate` the wallet is
 * created with a backup of the user's (issue 23; core's `createRecoveryPrompt`): several
 * `userOwnedRecoveryOptions` -> EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN; a single cloud method
 * -> EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN with `create`; only the password -> the password flow. A failure during login logs the
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
      // Issue 23: the backup the app offers creates the wallet (selection, cloud or password).
      const next = createRecoveryPrompt(walletConfig.userOwnedRecoveryOptions, request.login);
      navigate(next.screen, {
        wallet: { ...next.params, resolve: request.resolve, reject: request.reject },
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
