import { type AuthenticateResult, LatchkeyError } from '@latchkey/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../../test/fakeClient.ts';
import { useLoginWithPasskey, type UseLoginWithPasskeyParameters } from './useLoginWithPasskey.ts';

afterEach(() => {
  cleanup();
});

type Ceremony = (options?: { captchaToken?: string }) => Promise<AuthenticateResult>;

function setup(parameters: UseLoginWithPasskeyParameters = {}) {
  const fake = createFakeClient();
  let finish: (result: AuthenticateResult) => void = () => {};
  const pending = () => new Promise<AuthenticateResult>((resolve) => (finish = resolve));
  const client = Object.assign(fake.client, {
    loginWithPasskey: vi.fn<Ceremony>(pending),
    signupWithPasskey: vi.fn<Ceremony>(pending),
  });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={client}>
      {children}
    </LatchkeyProvider>
  );
  const view = renderHook(() => useLoginWithPasskey(parameters), { wrapper });
  return { client, ...view, finish: (r: AuthenticateResult) => finish(r) };
}

describe('useLoginWithPasskey (issue 12, spec section 4: passkey login, headless)', () => {
  it('login: initial -> loading -> done, onComplete with { user, isNewUser }', async () => {
    const onComplete = vi.fn();
    const { client, result, finish } = setup({ onComplete });
    expect(result.current.state).toEqual({ status: 'initial', error: null });
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.loginWithPasskey();
    });
    expect(result.current.state).toEqual({ status: 'loading', error: null });
    expect(client.loginWithPasskey).toHaveBeenCalledWith({});
    expect(client.signupWithPasskey).not.toHaveBeenCalled();
    await act(async () => {
      finish({ user: TEST_USER, isNewUser: false });
      await run;
    });
    expect(result.current.state).toEqual({ status: 'done', error: null });
    expect(onComplete).toHaveBeenCalledWith({ user: TEST_USER, isNewUser: false });
  });

  it('signup passes the captcha token and reports a new user', async () => {
    const onComplete = vi.fn();
    const { client, result, finish } = setup({ onComplete });
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.signupWithPasskey({ captchaToken: 'tok' });
    });
    expect(client.signupWithPasskey).toHaveBeenCalledWith({ captchaToken: 'tok' });
    expect(client.loginWithPasskey).not.toHaveBeenCalled();
    await act(async () => {
      finish({ user: TEST_USER, isNewUser: true });
      await run;
    });
    expect(onComplete).toHaveBeenCalledWith({ user: TEST_USER, isNewUser: true });
  });

  it('a cancelled dialog: error passkey_not_allowed and onError, no onComplete', async () => {
    const onComplete = vi.fn();
    const onError = vi.fn();
    const { client, result } = setup({ onComplete, onError });
    client.loginWithPasskey.mockRejectedValueOnce(
      new LatchkeyError('Not allowed', { code: 'passkey_not_allowed' }),
    );
    await act(() => result.current.loginWithPasskey());
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error?.code).toBe('passkey_not_allowed');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'passkey_not_allowed' }));
    expect(onComplete).not.toHaveBeenCalled();
  });
});
