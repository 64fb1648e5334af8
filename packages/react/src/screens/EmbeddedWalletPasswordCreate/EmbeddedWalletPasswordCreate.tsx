import { SCREEN } from '@latchkey/core';
import { useRef } from 'react';
import { logoutAfterCreationFailure } from '../../wallet/loginFailure.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { PasswordFlowView } from './PasswordFlowView.tsx';

/**
 * EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN (spec sections 2 and 4, "Password flow"; issue 24
 * item 4): the four-step flow, typed in the wallet's password page framed here, so this page
 * never sees the password. Mode 'create' (requireUserOwnedRecoveryOnCreate) has the page create
 * the wallet with user-passcode recovery, then shows EMBEDDED_WALLET_CREATED_SCREEN; a failure
 * during login logs the user out. Mode 'update' (`setWalletPassword()` from automatic recovery)
 * has it set a first password; mode 'set' (the wallet already has one) has it change it. The
 * manager adopts the page's result. Resolves the request once done; Cancel or close rejects
 * with 4001.
 */
export default function EmbeddedWalletPasswordCreate() {
  const s = useWalletScreen('set-password');
  const { request, wallet, client, messages: m } = s;
  const createdAddress = useRef<string | undefined>(undefined);
  const action =
    request.mode === 'create' ? 'create' : request.mode === 'update' ? 'set' : 'change';
  const onDone = () => {
    if (request.mode === 'create') {
      s.navigate(SCREEN.EMBEDDED_WALLET_CREATED_SCREEN, {
        wallet: {
          ...request,
          kind: 'create',
          address: createdAddress.current ?? wallet.getState().address ?? undefined,
        },
      });
      return;
    }
    s.settle(undefined);
    s.close();
  };
  return (
    <PasswordFlowView
      messages={m}
      config={s.config}
      wallet={wallet}
      action={action}
      automatic={request.automatic}
      title={request.mode === 'update' ? m.passwordUpdateTitle : m.passwordCreateTitle}
      detail={request.mode === 'update' ? m.passwordUpdateDetail : m.passwordCreateDetail}
      onResult={(result) => {
        createdAddress.current = result.address;
      }}
      onFailure={(error) => {
        if (request.mode === 'create' && request.login) {
          void logoutAfterCreationFailure(
            client,
            error,
            SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
          );
        }
        s.fail(error);
      }}
      onCancel={s.close}
      onDone={onDone}
    />
  );
}
