import { SCREEN } from '@latchkey/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFakeManager,
  renderWalletScreen,
  WALLET_ADDRESS,
} from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletConnecting from './EmbeddedWalletConnecting.tsx';

describe('EMBEDDED_WALLET_CONNECTING_SCREEN: recovery on a new device (spec section 4)', () => {
  it.each([
    ['google-drive', SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN],
    ['icloud', SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN],
    ['user-passcode', SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN],
  ] as const)(
    "a %s wallet with no share here continues on its method's screen",
    async (recoveryMethod, next) => {
      const manager = createFakeManager();
      manager.set({ status: 'idle' });
      manager.connect.mockResolvedValueOnce({
        status: 'needs-recovery',
        address: WALLET_ADDRESS,
        recoveryMethod,
      } as never);
      const { modal, resolve } = renderWalletScreen(
        <EmbeddedWalletConnecting />,
        { kind: 'connect' },
        { manager },
      );
      await waitFor(() =>
        expect(modal.navigate).toHaveBeenCalledWith(next, {
          wallet: expect.objectContaining({ kind: 'recover', methods: [recoveryMethod], resolve }),
        }),
      );
    },
  );
});
