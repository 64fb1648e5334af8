import { SCREEN, type SessionState, type WalletController } from '@latchkey/core';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../test/fakeClient.ts';
import { useWalletAutoConnect } from './useWalletAutoConnect.ts';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const WALLET_USER = {
  ...TEST_USER,
  linkedAccounts: [
    {
      type: 'wallet',
      address: ADDRESS,
      chainType: 'ethereum',
      chainId: null,
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      recoveryMethod: 'icloud',
      imported: false,
    },
  ],
} as unknown as SessionState['user'];

function wallet(recoveryMethod: string) {
  const manager = {
    getState: () => ({ status: 'idle' }),
    connect: vi.fn(async () => ({ status: 'needs-recovery', address: ADDRESS, recoveryMethod })),
  };
  return {
    subscribe: () => () => {},
    getState: () => ({ status: 'idle' }),
    manager: async () => manager,
    reset: vi.fn(),
    prompt: vi.fn(async () => undefined),
  } as unknown as WalletController & { prompt: ReturnType<typeof vi.fn> };
}

describe('useWalletAutoConnect: a wallet that needs recovery on this device (spec section 4)', () => {
  it.each([
    ['icloud', SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN],
    ['google-drive', SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN],
    ['user-passcode', SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN],
  ])("opens a %s wallet's recovery screen", async (recoveryMethod, screen) => {
    const w = wallet(recoveryMethod);
    renderHook(() =>
      useWalletAutoConnect({ status: 'authenticated', user: WALLET_USER }, w, false),
    );
    await waitFor(() => expect(w.prompt).toHaveBeenCalled());
    expect(w.prompt).toHaveBeenCalledWith(screen, { kind: 'recover', methods: [recoveryMethod] });
  });

  it('waits while the modal (or a cloud recovery return) is open', async () => {
    const w = wallet('icloud');
    renderHook(() => useWalletAutoConnect({ status: 'authenticated', user: WALLET_USER }, w, true));
    await new Promise((r) => setTimeout(r, 20));
    expect(w.prompt).not.toHaveBeenCalled();
  });
});
