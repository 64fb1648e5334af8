import { SCREEN, type SessionState, type WalletController } from '@latchkey/core';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ID, TEST_USER } from '../test/fakeClient.ts';
import { mayCarryCloudReturn, useCloudRecoveryReturn } from './useCloudRecoveryReturn.ts';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const STATE = 'S'.repeat(43);
const RETURN = `/wallet?latchkey_oauth_code=code-1&latchkey_oauth_state=${STATE}&latchkey_oauth_provider=google-drive`;
const AUTHENTICATED: SessionState = { status: 'authenticated', user: TEST_USER };

function pending(action: string) {
  sessionStorage.setItem(
    `latchkey:cloud-recovery:${APP_ID}`,
    JSON.stringify({ action, provider: 'google-drive', address: ADDRESS, at: Date.now() }),
  );
}

function setup(session: SessionState, open = false) {
  let settle!: () => void;
  const wallet = {
    prompt: vi.fn(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
    ),
  } as unknown as WalletController & { prompt: ReturnType<typeof vi.fn> };
  const hook = renderHook(
    ({ s, o }: { s: SessionState; o: boolean }) => useCloudRecoveryReturn(APP_ID, s, wallet, o),
    { initialProps: { s: session, o: open } },
  );
  return { hook, wallet, settle: () => settle() };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

describe('useCloudRecoveryReturn (issue 23, the redirect fallback)', () => {
  it('reopens the OAuth screen with the pending flow and oauthReturn once logged in; auto-connect waits meanwhile', async () => {
    window.history.replaceState(null, '', RETURN);
    pending('recover');
    const { hook, wallet, settle } = setup({ status: 'loading', user: null });
    expect(hook.result.current).toBe(true);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/wallet');
    expect(wallet.prompt).not.toHaveBeenCalled();
    hook.rerender({ s: AUTHENTICATED, o: true });
    await new Promise((r) => setTimeout(r, 10));
    expect(wallet.prompt).not.toHaveBeenCalled();
    hook.rerender({ s: AUTHENTICATED, o: false });
    await waitFor(() => expect(wallet.prompt).toHaveBeenCalledTimes(1));
    expect(wallet.prompt).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, {
      kind: 'recover',
      methods: ['google-drive'],
      oauthReturn: { code: 'code-1', state: STATE },
    });
    expect(hook.result.current).toBe(true);
    settle();
    await waitFor(() => expect(hook.result.current).toBe(false));
    expect(sessionStorage.length).toBe(0);
  });

  it('a set flow comes back as a backup request', async () => {
    window.history.replaceState(null, '', RETURN);
    pending('set');
    const { wallet } = setup(AUTHENTICATED);
    await waitFor(() => expect(wallet.prompt).toHaveBeenCalled());
    expect(wallet.prompt).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, {
      kind: 'set-recovery',
      action: 'set',
      methods: ['google-drive'],
      automatic: false,
      oauthReturn: { code: 'code-1', state: STATE },
    });
  });

  it('ignores a return with no pending flow, and a page without a return', async () => {
    window.history.replaceState(null, '', RETURN);
    const { hook, wallet } = setup(AUTHENTICATED);
    await waitFor(() => expect(hook.result.current).toBe(false));
    expect(wallet.prompt).not.toHaveBeenCalled();

    const plain = setup(AUTHENTICATED);
    expect(plain.hook.result.current).toBe(false);
    expect(mayCarryCloudReturn('?latchkey_oauth_provider=google')).toBe(false);
    expect(mayCarryCloudReturn('?a=1&latchkey_oauth_provider=icloud')).toBe(true);
  });
});
