import { type AuthenticateResult, LatchkeyError, type User } from '@latchkey/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  LatchkeyContext,
  type LatchkeyContextValue,
} from '../../../../LatchkeyProvider/context.ts';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import AwaitingPasskey from './AwaitingPasskey.tsx';

function render(
  client: Partial<Record<'loginWithPasskey' | 'signupWithPasskey' | 'linkPasskey', unknown>>,
  params: ScreenParams,
) {
  const ctx = { client } as unknown as LatchkeyContextValue;
  return renderScreen(
    <LatchkeyContext.Provider value={ctx}>
      <AwaitingPasskey />
    </LatchkeyContext.Provider>,
    { screen: 'AWAITING_PASSKEY_SYSTEM_DIALOGUE', params },
  );
}

describe('AWAITING_PASSKEY_SYSTEM_DIALOGUE gates and link mode (issue 6)', () => {
  it.each([
    ['allowlist_rejected', 'ALLOWLIST_REJECTION_SCREEN'],
    ['max_accounts_reached', 'USER_LIMIT_REACHED_SCREEN'],
    ['user_does_not_exist', 'ACCOUNT_NOT_FOUND_SCREEN'],
  ] as const)('%s goes to %s', async (code, screen) => {
    const error = new LatchkeyError('refused', { code });
    const loginWithPasskey = vi.fn(() => Promise.reject(error));
    const { value } = render({ loginWithPasskey }, { passkey: 'login' });
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(screen, { error, returnTo: 'LANDING' }),
    );
    expect(value.fail).toHaveBeenCalledWith(expect.objectContaining({ code }));
  });

  it('a login success goes through finishLogin (the one after-login routing)', async () => {
    const result: AuthenticateResult = { user: TEST_USER, isNewUser: true };
    const { value } = render({ loginWithPasskey: vi.fn(async () => result) }, { passkey: 'login' });
    await waitFor(() => expect(value.finishLogin).toHaveBeenCalledWith(result), {
      timeout: 3000,
    });
    expect(value.complete).not.toHaveBeenCalled();
  });

  it('link mode adds a passkey with linkPasskey and ends with completeLink(user)', async () => {
    const linked: User = { ...TEST_USER, linkedAccounts: [] };
    const linkPasskey = vi.fn(async () => linked);
    const loginWithPasskey = vi.fn();
    const { value, container } = render({ linkPasskey, loginWithPasskey }, { mode: 'link' });
    // The success text says what happened: a passkey was added (not 'You are logged in...').
    await waitFor(() =>
      expect(container.textContent).toContain('Your new passkey is added to your account.'),
    );
    expect(container.textContent).not.toContain('You are logged in with your passkey.');
    await waitFor(() => expect(value.completeLink).toHaveBeenCalledWith(linked), {
      timeout: 3000,
    });
    expect(linkPasskey).toHaveBeenCalledTimes(1);
    expect(loginWithPasskey).not.toHaveBeenCalled();
    expect(value.finishLogin).not.toHaveBeenCalled();
  });

  it('passes the gate’s captcha token to the ceremony; Retry goes through the gate again', async () => {
    const error = new LatchkeyError('no', { code: 'passkey_not_allowed' });
    const loginWithPasskey = vi
      .fn<(o?: { captchaToken?: string }) => Promise<AuthenticateResult>>()
      .mockRejectedValueOnce(error)
      .mockResolvedValueOnce({ user: TEST_USER, isNewUser: false });
    const ctx = { client: { loginWithPasskey } } as unknown as LatchkeyContextValue;
    const withCaptcha = vi.fn((run: (token?: string) => Promise<void> | void) => run('tok-2'));
    const { findByRole } = renderScreen(
      <LatchkeyContext.Provider value={ctx}>
        <AwaitingPasskey />
      </LatchkeyContext.Provider>,
      {
        screen: 'AWAITING_PASSKEY_SYSTEM_DIALOGUE',
        params: { passkey: 'login', captchaToken: 'tok-1' },
        withCaptcha,
      },
    );
    await waitFor(() => expect(loginWithPasskey).toHaveBeenCalledWith({ captchaToken: 'tok-1' }));
    fireEvent.click(await findByRole('button', { name: 'Retry' }));
    expect(withCaptcha).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(loginWithPasskey).toHaveBeenCalledTimes(2));
    expect(loginWithPasskey).toHaveBeenLastCalledWith({ captchaToken: 'tok-2' });
  });
});
