import { SCREEN } from '@latchkey/core';
import { useRef } from 'react';
import { logoutAfterCreationFailure } from '../../wallet/loginFailure.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { PasswordFlowView } from './PasswordFlowView.tsx';

/**
 * EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN (spec sections 2 and 4, "Password flow"): the four-step
 * flow. Mode 'create' (requireUserOwnedRecoveryOnCreate) creates the wallet with user-passcode
 * recovery, then shows EMBEDDED_WALLET_CREATED_SCREEN; a failure during login logs the user out.
 * Modes 'set' / 'update' (`setWalletPassword()`) move the wallet to user-passcode recovery
 * (`manager.setRecovery`). Resolves the request once done; Cancel or close rejects with 4001.
 */
export default function EmbeddedWalletPasswordCreate() {
  const s = useWalletScreen('set-password');
  const { request, wallet, client, messages: m } = s;
  const createdAddress = useRef<string | undefined>(undefined);
  const submit = async (password: string) => {
    const manager = await wallet.manager();
    if (request.mode === 'create') {
      try {
        const { address } = await manager.create({ recoveryMethod: 'user-passcode', password });
        createdAddress.current = address;
      } catch (error) {
        if (request.login) {
          await logoutAfterCreationFailure(
            client,
            error,
            SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
          );
        }
        s.fail(error);
        throw error;
      }
      return;
    }
    if (manager.getState().status !== 'connected') {
      const result = await manager.connect();
      if (result.status !== 'connected') throw new Error(m.unableToRecoverWallet);
    }
    await manager.setRecovery({ recoveryMethod: 'user-passcode', password });
  };
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
      appName={s.config.appName}
      submit={submit}
      automatic={request.automatic}
      title={request.mode === 'update' ? m.passwordUpdateTitle : m.passwordCreateTitle}
      detail={request.mode === 'update' ? m.passwordUpdateDetail : m.passwordCreateDetail}
      onCancel={s.close}
      onDone={onDone}
    />
  );
}
