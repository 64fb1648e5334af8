import { SCREEN } from '@latchkey/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/fakeClient.ts';
import { renderWalletScreen } from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletRecoverySelection from './EmbeddedWalletRecoverySelection.tsx';

const ALL = ['user-passcode', 'google-drive', 'icloud'];

describe('EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN (spec section 4, "Recovery choice"; issue 23)', () => {
  it("recovery: lists the wallet's methods; a cloud one continues on the OAuth screen", () => {
    const { modal, resolve } = renderWalletScreen(<EmbeddedWalletRecoverySelection />, {
      kind: 'recover',
      methods: ['user-passcode', 'google-drive'],
    });
    expect(screen.getByText('Recover your wallet')).toBeTruthy();
    expect(screen.queryByText('Why do I need to secure my account?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Google Drive' }));
    expect(modal.navigate).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, {
      wallet: expect.objectContaining({ kind: 'recover', methods: ['google-drive'], resolve }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Password' }));
    expect(modal.navigate).toHaveBeenLastCalledWith(
      SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN,
      { wallet: expect.objectContaining({ kind: 'recover', methods: ['user-passcode'] }) },
    );
  });

  it("set: 'Back up your wallet' lists the app's options with the explainer and Cancel, and routes each", () => {
    const { modal, resolve, reject, closed } = renderWalletScreen(
      <EmbeddedWalletRecoverySelection />,
      { kind: 'set-recovery', action: 'set', methods: ALL, automatic: false },
    );
    expect(screen.getByText('Back up your wallet')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Password', 'Google Drive', 'iCloud']),
    );
    expect(screen.getByText('Why do I need to secure my account?')).toBeTruthy();
    expect(
      screen.getByText('Google Drive: keep an encrypted backup in your own drive.'),
    ).toBeTruthy();
    expect(screen.getByText('iCloud: keep an encrypted backup in your own iCloud.')).toBeTruthy();
    expect(screen.getByText('Password: only you know it; we never see it.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'iCloud' }));
    expect(modal.navigate).toHaveBeenLastCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, {
      wallet: {
        kind: 'set-recovery',
        action: 'set',
        methods: ['icloud'],
        automatic: false,
        resolve,
        reject,
      },
    });
    // The wallet recovers automatically ('latchkey'): the password moves it to user-passcode.
    fireEvent.click(screen.getByRole('button', { name: 'Password' }));
    expect(modal.navigate).toHaveBeenLastCalledWith(SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN, {
      wallet: { kind: 'set-password', automatic: false, mode: 'update', resolve, reject },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closed).toHaveBeenCalled();
  });

  it('create: no Cancel; the password creates the wallet with it', () => {
    const login = { user: TEST_USER, isNewUser: true };
    const { modal } = renderWalletScreen(<EmbeddedWalletRecoverySelection />, {
      kind: 'set-recovery',
      action: 'create',
      methods: ALL,
      automatic: true,
      login,
    });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Password' }));
    expect(modal.navigate).toHaveBeenLastCalledWith(SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN, {
      wallet: expect.objectContaining({
        kind: 'set-password',
        mode: 'create',
        automatic: true,
        login,
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Google Drive' }));
    expect(modal.navigate).toHaveBeenLastCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, {
      wallet: expect.objectContaining({ action: 'create', methods: ['google-drive'] }),
    });
  });
});
