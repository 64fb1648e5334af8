import { WalletError } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWalletScreen, WALLET_ADDRESS } from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletPasswordRecovery from './EmbeddedWalletPasswordRecovery.tsx';

describe('EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', () => {
  it("shows 'Invalid recovery password, please try again.' for a wrong password, then recovers", async () => {
    const { manager, resolve, closed } = renderWalletScreen(<EmbeddedWalletPasswordRecovery />, {
      kind: 'recover',
    });
    manager.recover.mockRejectedValueOnce(
      new WalletError('Invalid recovery password, please try again.', {
        type: 'invalid_recovery_pin',
      }),
    );
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recover wallet' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid recovery password, please try again.',
    );
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recover wallet' }));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(WALLET_ADDRESS));
    expect(manager.recover).toHaveBeenLastCalledWith({ password: 'right-1' });
    expect(closed).toHaveBeenCalled();
  });
});
