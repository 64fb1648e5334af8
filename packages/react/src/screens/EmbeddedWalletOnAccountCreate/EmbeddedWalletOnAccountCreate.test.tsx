import { SCREEN } from '@latchkey/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/fakeClient.ts';
import { renderWalletScreen, WALLET_ADDRESS } from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletOnAccountCreate from './EmbeddedWalletOnAccountCreate.tsx';

const login = { user: TEST_USER, isNewUser: true };

describe('EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN', () => {
  it('creates the wallet once, then shows the created screen', async () => {
    const { manager, modal } = renderWalletScreen(<EmbeddedWalletOnAccountCreate />, {
      kind: 'create',
      login,
    });
    await waitFor(() =>
      expect(modal.navigate).toHaveBeenCalledWith(
        SCREEN.EMBEDDED_WALLET_CREATED_SCREEN,
        expect.objectContaining({ wallet: expect.objectContaining({ address: WALLET_ADDRESS }) }),
      ),
    );
    expect(manager.create).toHaveBeenCalledTimes(1);
  });

  it('a failure during login logs the user out and posts embedded_wallet_creation_failure_logout', async () => {
    const { manager, modal, client, reject } = renderWalletScreen(
      <EmbeddedWalletOnAccountCreate />,
      { kind: 'create', login },
    );
    manager.create.mockRejectedValueOnce(new Error('walletProxy.create timed out'));
    await waitFor(() =>
      expect(modal.navigate).toHaveBeenCalledWith(
        SCREEN.ERROR_SCREEN,
        expect.objectContaining({ returnTo: SCREEN.LANDING }),
      ),
    );
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(client.api.request).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/analytics_events',
        body: {
          event_name: 'embedded_wallet_creation_failure_logout',
          client_id: null,
          payload: {
            error: 'walletProxy.create timed out',
            screen: SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN,
          },
        },
      }),
    );
    expect(reject).toHaveBeenCalled();
  });

  it('with requireUserOwnedRecoveryOnCreate the password flow creates the wallet instead', async () => {
    const { manager, modal } = renderWalletScreen(
      <EmbeddedWalletOnAccountCreate />,
      { kind: 'create', login },
      { config: { embeddedWallets: { requireUserOwnedRecoveryOnCreate: true } } },
    );
    await waitFor(() =>
      expect(modal.navigate).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN, {
        wallet: expect.objectContaining({ kind: 'set-password', automatic: true, mode: 'create' }),
      }),
    );
    expect(manager.create).not.toHaveBeenCalled();
  });

  it('with requireUserOwnedRecoveryOnCreate and several backups, the selection screen comes first (issue 23)', async () => {
    const { manager, modal } = renderWalletScreen(
      <EmbeddedWalletOnAccountCreate />,
      { kind: 'create', login },
      {
        config: {
          embeddedWallets: {
            requireUserOwnedRecoveryOnCreate: true,
            userOwnedRecoveryOptions: ['user-passcode', 'google-drive', 'icloud'],
          },
        },
      },
    );
    await waitFor(() =>
      expect(modal.navigate).toHaveBeenCalledWith(
        SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN,
        {
          wallet: expect.objectContaining({
            kind: 'set-recovery',
            action: 'create',
            methods: ['user-passcode', 'google-drive', 'icloud'],
            automatic: true,
            login,
          }),
        },
      ),
    );
    expect(manager.create).not.toHaveBeenCalled();
  });

  it('with a single cloud backup, its OAuth screen creates the wallet (issue 23)', async () => {
    const { manager, modal } = renderWalletScreen(
      <EmbeddedWalletOnAccountCreate />,
      { kind: 'create', login },
      {
        config: {
          embeddedWallets: {
            requireUserOwnedRecoveryOnCreate: true,
            userOwnedRecoveryOptions: ['icloud'],
          },
        },
      },
    );
    await waitFor(() =>
      expect(modal.navigate).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, {
        wallet: expect.objectContaining({
          kind: 'set-recovery',
          action: 'create',
          methods: ['icloud'],
        }),
      }),
    );
    expect(manager.create).not.toHaveBeenCalled();
  });
});
