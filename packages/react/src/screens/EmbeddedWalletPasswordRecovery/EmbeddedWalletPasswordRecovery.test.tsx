import { WalletError } from '@latchkey/core';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWalletScreen, WALLET_ADDRESS } from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletPasswordRecovery from './EmbeddedWalletPasswordRecovery.tsx';

describe('EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN (password typed in the wallet frame)', () => {
  it('frames the recovery page under the title; its result resolves with the address and closes', async () => {
    const { manager, resolve, closed, container } = renderWalletScreen(
      <EmbeddedWalletPasswordRecovery />,
      { kind: 'recover' },
    );
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(
      screen.getByText(
        'Enter the recovery password you set to restore your wallet on this device.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(manager.passwords).toHaveLength(1));
    const frame = manager.passwords[0]!;
    expect(frame.parameters.action).toBe('recover');
    expect(container.querySelector('.lk-pwframe')!.getAttribute('data-action')).toBe('recover');
    expect(container.querySelector('input')).toBeNull();
    expect(manager.recover).not.toHaveBeenCalled();
    act(() => {
      frame.load();
      frame.finish({ address: WALLET_ADDRESS, recoveryMethod: 'user-passcode' });
    });
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(WALLET_ADDRESS));
    expect(closed).toHaveBeenCalled();
  });

  it("leaves 'too many attempts' to the frame; other failures show 'Unable to recover wallet'", async () => {
    const first = renderWalletScreen(<EmbeddedWalletPasswordRecovery />, { kind: 'recover' });
    await waitFor(() => expect(first.manager.passwords).toHaveLength(1));
    act(() =>
      first.manager.passwords[0]!.fail(
        new WalletError('Too many attempts', { type: 'recovery_attempts_exceeded' }),
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(first.resolve).not.toHaveBeenCalled();
    first.unmount();

    const second = renderWalletScreen(<EmbeddedWalletPasswordRecovery />, { kind: 'recover' });
    await waitFor(() => expect(second.manager.passwords).toHaveLength(1));
    act(() => second.manager.passwords[0]!.fail(new WalletError('boom', { type: 'error' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to recover wallet');
  });
});
