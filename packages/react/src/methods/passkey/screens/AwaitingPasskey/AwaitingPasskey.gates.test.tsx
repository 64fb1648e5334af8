import { type AuthenticateResult, LatchkeyError, type User } from '@latchkey/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { GATE_REJECTIONS, renderWithClient } from '../../../../test/renderWithClient.tsx';
import AwaitingPasskey from './AwaitingPasskey.tsx';

function render(
  client: Partial<Record<'loginWithPasskey' | 'signupWithPasskey' | 'linkPasskey', unknown>>,
  params: ScreenParams,
) {
  return renderWithClient(AwaitingPasskey, client, {
    screen: 'AWAITING_PASSKEY_SYSTEM_DIALOGUE',
    params,
  });
}

describe('AWAITING_PASSKEY_SYSTEM_DIALOGUE gates and link mode (issue 6)', () => {
  it.each(GATE_REJECTIONS)('%s goes to %s', async (code, screen) => {
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
    const withCaptcha = vi.fn((run: (token?: string) => Promise<void> | void) => run('tok-2'));
    const { findByRole } = renderWithClient(
      AwaitingPasskey,
      { loginWithPasskey },
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
