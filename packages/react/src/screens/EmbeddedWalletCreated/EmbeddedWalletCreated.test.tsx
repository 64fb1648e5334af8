import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/fakeClient.ts';
import { renderWalletScreen, WALLET_ADDRESS } from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletCreated from './EmbeddedWalletCreated.tsx';

describe('EMBEDDED_WALLET_CREATED_SCREEN', () => {
  it("says 'Welcome' to a user new this session and completes the login after 2.5 s", async () => {
    const login = { user: TEST_USER, isNewUser: true };
    const { modal } = renderWalletScreen(<EmbeddedWalletCreated />, {
      kind: 'create',
      login,
      address: WALLET_ADDRESS,
    });
    expect(screen.getByRole('heading').textContent).toBe('Welcome');
    await new Promise((r) => setTimeout(r, 2000));
    expect(modal.complete).not.toHaveBeenCalled();
    await waitFor(() => expect(modal.complete).toHaveBeenCalledWith(login), { timeout: 1500 });
  });

  it("says 'All set!' otherwise, resolves with the address and closes", async () => {
    const { resolve, closed } = renderWalletScreen(<EmbeddedWalletCreated />, {
      kind: 'create',
      login: { user: TEST_USER, isNewUser: false },
      address: WALLET_ADDRESS,
    });
    expect(screen.getByRole('heading').textContent).toBe('All set!');
    const alone = renderWalletScreen(<EmbeddedWalletCreated />, {
      kind: 'create',
      address: WALLET_ADDRESS,
    });
    await waitFor(() => expect(alone.resolve).toHaveBeenCalledWith(WALLET_ADDRESS), {
      timeout: 3500,
    });
    expect(alone.closed).toHaveBeenCalled();
    expect(resolve).toHaveBeenCalledWith(WALLET_ADDRESS);
    expect(closed).not.toHaveBeenCalled(); // the login case completes instead of closing
  });
});
