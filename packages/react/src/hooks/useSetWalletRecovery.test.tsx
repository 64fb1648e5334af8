import { SCREEN } from '@latchkey/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../config/resolveConfig.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyProvider/context.ts';
import { APP_ID } from '../test/fakeClient.ts';
import { useSetWalletRecovery } from './useSetWalletRecovery.ts';

function setup(recoveryMethod: string, options?: ('user-passcode' | 'google-drive' | 'icloud')[]) {
  const config = resolveConfig(
    APP_ID,
    options ? { embeddedWallets: { userOwnedRecoveryOptions: options } } : {},
    { name: 'Acme' },
    'http://localhost:8787',
  );
  const manager = { getState: () => ({ status: 'connected', recoveryMethod }) };
  const wallet = {
    ready: vi.fn(async () => manager),
    prompt: vi.fn(async () => undefined),
  };
  const value = { config, wallet } as unknown as LatchkeyContextValue;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LatchkeyContext.Provider value={value}>{children}</LatchkeyContext.Provider>
  );
  const { result } = renderHook(() => useSetWalletRecovery(), { wrapper });
  return { result, wallet };
}

describe('useSetWalletRecovery (issue 23)', () => {
  it("without a method: the selection over the app's options, after the wallet is ready", async () => {
    const { result, wallet } = setup('latchkey', ['user-passcode', 'google-drive', 'icloud']);
    await act(() => result.current.setWalletRecovery());
    expect(wallet.ready).toHaveBeenCalled();
    expect(wallet.prompt).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN, {
      kind: 'set-recovery',
      action: 'set',
      methods: ['user-passcode', 'google-drive', 'icloud'],
      automatic: false,
    });
  });

  it('a cloud method opens its OAuth screen; the password is setWalletPassword', async () => {
    const { result, wallet } = setup('latchkey', ['user-passcode', 'google-drive']);
    await act(() => result.current.setWalletRecovery({ recoveryMethod: 'google-drive' }));
    expect(wallet.prompt).toHaveBeenLastCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, {
      kind: 'set-recovery',
      action: 'set',
      methods: ['google-drive'],
      automatic: false,
    });
    await act(() => result.current.setWalletRecovery({ recoveryMethod: 'user-passcode' }));
    expect(wallet.prompt).toHaveBeenLastCalledWith(
      SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN,
      { kind: 'set-password', automatic: false, mode: 'update' },
    );
  });

  it('a wallet with a password changes it; the default options (password only) skip the selection', async () => {
    const { result, wallet } = setup('user-passcode');
    await act(() => result.current.setWalletRecovery());
    expect(wallet.prompt).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN, {
      kind: 'set-password',
      automatic: false,
      mode: 'set',
    });
  });
});
