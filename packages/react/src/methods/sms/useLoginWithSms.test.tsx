import { ApiError, type AuthenticateResult } from '@latchkey/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../../test/fakeClient.ts';
import { useLoginWithSms, type UseLoginWithSmsParameters } from './useLoginWithSms.ts';

afterEach(() => {
  cleanup();
});

const PHONE = '+1 4155552671';

/** A provider around a fake client with the SMS pair: code '654321' logs in, others are a 422. */
function setup(parameters: UseLoginWithSmsParameters = {}) {
  const fake = createFakeClient();
  const client = Object.assign(fake.client, {
    sendSmsCode: vi.fn(async (_: { phoneNumber: string; captchaToken?: string }) => {}),
    loginWithSmsCode: vi.fn(
      async ({ code }: { phoneNumber: string; code: string }): Promise<AuthenticateResult> => {
        if (code !== '654321') {
          throw new ApiError({ status: 422, code: 'invalid_credentials', message: 'Invalid code' });
        }
        fake.setState({ status: 'authenticated', user: TEST_USER });
        return { user: TEST_USER, isNewUser: false };
      },
    ),
  });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={client}>
      {children}
    </LatchkeyProvider>
  );
  const statuses: string[] = [];
  const view = renderHook(
    () => {
      const hook = useLoginWithSms(parameters);
      if (statuses.at(-1) !== hook.state.status) statuses.push(hook.state.status);
      return hook;
    },
    { wrapper },
  );
  return { client, ...view, statuses };
}

describe('useLoginWithSms (issue 12, spec section 4: SMS code login, headless)', () => {
  it('texts a code, logs in with it and reports { user, isNewUser }', async () => {
    const onComplete = vi.fn();
    const onError = vi.fn();
    const { client, result, statuses } = setup({ onComplete, onError });
    await act(() => result.current.sendCode({ phoneNumber: PHONE, captchaToken: 'tok' }));
    expect(client.sendSmsCode).toHaveBeenCalledWith({ phoneNumber: PHONE, captchaToken: 'tok' });
    expect(client.sendEmailCode).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ status: 'awaiting-code-input', error: null });

    await act(() => result.current.loginWithCode({ code: '654321' }));
    expect(client.loginWithSmsCode).toHaveBeenCalledWith({ phoneNumber: PHONE, code: '654321' });
    expect(result.current.state).toEqual({ status: 'done', error: null });
    expect(onComplete).toHaveBeenCalledWith({ user: TEST_USER, isNewUser: false });
    expect(onError).not.toHaveBeenCalled();
    expect(statuses).toEqual(['initial', 'awaiting-code-input', 'submitting-code', 'done']);
  });

  it('a wrong code (HTTP 422): error invalid_credentials and onError; no onComplete', async () => {
    const onComplete = vi.fn();
    const onError = vi.fn();
    const { result } = setup({ onComplete, onError });
    await act(() => result.current.sendCode({ phoneNumber: PHONE }));
    await act(() => result.current.loginWithCode({ code: '111111' }));
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error).toBeInstanceOf(ApiError);
    expect(result.current.state.error?.code).toBe('invalid_credentials');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid_credentials' }));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('a failed send keeps the server code', async () => {
    const onError = vi.fn();
    const { client, result } = setup({ onError });
    client.sendSmsCode.mockRejectedValueOnce(
      new ApiError({ status: 400, code: 'invalid_captcha', message: 'Captcha failed' }),
    );
    await act(() => result.current.sendCode({ phoneNumber: PHONE }));
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error?.code).toBe('invalid_captcha');
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
