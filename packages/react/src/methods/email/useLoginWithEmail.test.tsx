import { ApiError, LatchkeyError } from '@latchkey/core';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProviderMissingError } from '../../hooks/useInternalLatchkey.ts';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import {
  APP_ID,
  createFakeClient,
  type FakeClientOptions,
  TEST_USER,
} from '../../test/fakeClient.ts';
import { useLoginWithEmail, type UseLoginWithEmailParameters } from './useLoginWithEmail.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(parameters: UseLoginWithEmailParameters = {}, options: FakeClientOptions = {}) {
  const fake = createFakeClient(options);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={fake.client}>
      {children}
    </LatchkeyProvider>
  );
  const statuses: string[] = [];
  const view = renderHook(
    () => {
      const hook = useLoginWithEmail(parameters);
      if (statuses.at(-1) !== hook.state.status) statuses.push(hook.state.status);
      return hook;
    },
    { wrapper },
  );
  return { ...fake, ...view, statuses };
}

describe('useLoginWithEmail (issue 12, spec section 4: email code login, headless)', () => {
  it('sends a code, logs in and reports { user, isNewUser }, states in order', async () => {
    const onComplete = vi.fn();
    const onError = vi.fn();
    let delivered = () => {};
    const { client, result, statuses } = setup(
      { onComplete, onError },
      { sendEmailCode: () => new Promise<void>((resolve) => (delivered = resolve)) },
    );
    expect(result.current.state).toEqual({ status: 'initial', error: null });

    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = result.current.sendCode({ email: 'alice@example.com' });
    });
    expect(result.current.state).toEqual({ status: 'sending-code', error: null });
    await act(async () => {
      delivered();
      await sent;
    });
    expect(client.sendEmailCode).toHaveBeenCalledWith({ email: 'alice@example.com' });
    expect(result.current.state).toEqual({ status: 'awaiting-code-input', error: null });

    await act(() => result.current.loginWithCode({ code: '123456' }));
    expect(client.loginWithEmailCode).toHaveBeenCalledWith({
      email: 'alice@example.com',
      code: '123456',
    });
    expect(result.current.state).toEqual({ status: 'done', error: null });
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith({ user: TEST_USER, isNewUser: true });
    expect(onError).not.toHaveBeenCalled();
    expect(statuses).toEqual([
      'initial',
      'sending-code',
      'awaiting-code-input',
      'submitting-code',
      'done',
    ]);
  });

  it('passes the captcha token with the send', async () => {
    const { client, result } = setup();
    await act(() => result.current.sendCode({ email: 'a@b.co', captchaToken: 'tok' }));
    expect(client.sendEmailCode).toHaveBeenCalledWith({ email: 'a@b.co', captchaToken: 'tok' });
  });

  it('a wrong code: status error with invalid_credentials, onError, no onComplete; a retry logs in', async () => {
    const onComplete = vi.fn();
    const onError = vi.fn();
    const { result } = setup({ onComplete, onError });
    await act(() => result.current.sendCode({ email: 'alice@example.com' }));
    await act(() => result.current.loginWithCode({ code: '000000' }));
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error).toBeInstanceOf(LatchkeyError);
    expect(result.current.state.error?.code).toBe('invalid_credentials');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].code).toBe('invalid_credentials');
    expect(onComplete).not.toHaveBeenCalled();

    await act(() => result.current.loginWithCode({ code: '123456' }));
    expect(result.current.state).toEqual({ status: 'done', error: null });
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('a code that is not 6 digits: invalid_input without a server call', async () => {
    const onError = vi.fn();
    const { client, result } = setup({ onError });
    await act(() => result.current.sendCode({ email: 'alice@example.com' }));
    await act(() => result.current.loginWithCode({ code: '12ab' }));
    expect(client.loginWithEmailCode).not.toHaveBeenCalled();
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error?.code).toBe('invalid_input');
    expect(onError.mock.calls[0]![0].code).toBe('invalid_input');
  });

  it('a failed send: status error with the server code; the promise does not reject', async () => {
    const onError = vi.fn();
    const { result } = setup(
      { onError },
      {
        sendEmailCode: async () => {
          throw new ApiError({ status: 403, code: 'allowlist_rejected', message: 'Not allowed' });
        },
      },
    );
    await act(() => result.current.sendCode({ email: 'eve@example.com' }));
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error?.code).toBe('allowlist_rejected');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'allowlist_rejected' }));
  });

  it('uses the latest callbacks', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const params: UseLoginWithEmailParameters = { onComplete: first };
    const { result, rerender } = setup(params);
    params.onComplete = second;
    rerender();
    await act(() => result.current.sendCode({ email: 'alice@example.com' }));
    await act(() => result.current.loginWithCode({ code: '123456' }));
    await waitFor(() => expect(second).toHaveBeenCalledTimes(1));
    expect(first).not.toHaveBeenCalled();
  });

  it('throws LatchkeyProviderMissingError outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLoginWithEmail())).toThrow(LatchkeyProviderMissingError);
  });
});
