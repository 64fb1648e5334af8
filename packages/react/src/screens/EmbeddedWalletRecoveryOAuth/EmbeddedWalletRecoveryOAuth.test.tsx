import { SCREEN, WalletError } from '@latchkey/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/fakeClient.ts';
import { renderWalletScreen, WALLET_ADDRESS } from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletRecoveryOAuth from './EmbeddedWalletRecoveryOAuth.tsx';

describe('EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN (issue 23: the cloud page in a frame)', () => {
  it('recover: frames the cloud page for the provider under its header; done resolves with the address and closes', async () => {
    const { manager, resolve, closed, container } = renderWalletScreen(
      <EmbeddedWalletRecoveryOAuth />,
      { kind: 'recover', methods: ['google-drive'] },
    );
    expect(screen.getByText('Restore from Google Drive')).toBeTruthy();
    expect(screen.getByText('Use the Google Drive account that holds your backup.')).toBeTruthy();
    await waitFor(() => expect(manager.clouds).toHaveLength(1));
    const frame = manager.clouds[0]!;
    expect(frame.parameters).toMatchObject({ action: 'recover', provider: 'google-drive' });
    expect(frame.parameters.oauthReturn).toBeUndefined();
    // A new device: the MFA check before the page fetches the recovery share.
    expect(manager.ensureMfa).toHaveBeenCalledWith({ onDevice: false });
    expect(container.querySelector('[data-fake-cloud-frame="recover:google-drive"]')).toBeTruthy();
    expect(container.querySelector('input')).toBeNull();
    act(() => {
      frame.load();
      frame.finish({ status: 'done', address: WALLET_ADDRESS, recoveryMethod: 'google-drive' });
    });
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(WALLET_ADDRESS));
    expect(closed).toHaveBeenCalled();
  });

  it("hands the redirect's oauthReturn to the page", async () => {
    const oauthReturn = { code: 'code-1', state: 'S'.repeat(43) };
    const { manager } = renderWalletScreen(<EmbeddedWalletRecoveryOAuth />, {
      kind: 'recover',
      methods: ['google-drive'],
      oauthReturn,
    });
    await waitFor(() => expect(manager.clouds).toHaveLength(1));
    expect(manager.clouds[0]!.parameters.oauthReturn).toEqual(oauthReturn);
  });

  it("set: 'Back up to iCloud'; done resolves and shows 'Backup complete' until Close", async () => {
    const { manager, resolve, closed } = renderWalletScreen(<EmbeddedWalletRecoveryOAuth />, {
      kind: 'set-recovery',
      action: 'set',
      methods: ['icloud'],
      automatic: false,
    });
    expect(screen.getByText('Back up to iCloud')).toBeTruthy();
    expect(
      screen.getByText('Your recovery key is saved in your own iCloud; only this app can see it.'),
    ).toBeTruthy();
    await waitFor(() => expect(manager.clouds).toHaveLength(1));
    expect(manager.clouds[0]!.parameters).toMatchObject({ action: 'set', provider: 'icloud' });
    act(() =>
      manager.clouds[0]!.finish({
        status: 'done',
        address: WALLET_ADDRESS,
        recoveryMethod: 'icloud',
      }),
    );
    expect(await screen.findByText('Backup complete')).toBeTruthy();
    expect(
      screen.getByText('You can now restore your wallet from iCloud on a new device.'),
    ).toBeTruthy();
    expect(resolve).toHaveBeenCalledWith(undefined);
    expect(closed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toHaveBeenCalled();
  });

  it('create: done continues on the created screen with the address', async () => {
    const login = { user: TEST_USER, isNewUser: true };
    const { manager, modal } = renderWalletScreen(<EmbeddedWalletRecoveryOAuth />, {
      kind: 'set-recovery',
      action: 'create',
      methods: ['google-drive'],
      automatic: true,
      login,
    });
    await waitFor(() => expect(manager.clouds).toHaveLength(1));
    expect(manager.clouds[0]!.parameters).toMatchObject({
      action: 'create',
      provider: 'google-drive',
    });
    expect(manager.ensureMfa).not.toHaveBeenCalled();
    act(() =>
      manager.clouds[0]!.finish({
        status: 'done',
        address: WALLET_ADDRESS,
        recoveryMethod: 'google-drive',
      }),
    );
    await waitFor(() =>
      expect(modal.navigate).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_CREATED_SCREEN, {
        wallet: expect.objectContaining({ kind: 'create', address: WALLET_ADDRESS, login }),
      }),
    );
  });

  it("a fatal frame error shows 'Unable to recover wallet' (recover) or the generic error (set, rejected)", async () => {
    const first = renderWalletScreen(<EmbeddedWalletRecoveryOAuth />, {
      kind: 'recover',
      methods: ['icloud'],
    });
    await waitFor(() => expect(first.manager.clouds).toHaveLength(1));
    act(() => first.manager.clouds[0]!.fail(new WalletError('boom', { type: 'error' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to recover wallet');
    expect(first.reject).not.toHaveBeenCalled();
    first.unmount();

    const second = renderWalletScreen(<EmbeddedWalletRecoveryOAuth />, {
      kind: 'set-recovery',
      action: 'set',
      methods: ['google-drive'],
      automatic: false,
    });
    await waitFor(() => expect(second.manager.clouds).toHaveLength(1));
    const error = new WalletError('boom', { type: 'error' });
    act(() => second.manager.clouds[0]!.fail(error));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error has occurred, please try again.',
    );
    expect(second.reject).toHaveBeenCalledWith(error);
  });
});
