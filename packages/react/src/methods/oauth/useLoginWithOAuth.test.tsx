import type { OAuthProvider } from '@latchkey/api';
import { type AuthenticateResult, LatchkeyError } from '@latchkey/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../../test/fakeClient.ts';
import { useLoginWithOAuth, type UseLoginWithOAuthParameters } from './useLoginWithOAuth.ts';

afterEach(() => {
  cleanup();
});

type InitOAuth = (
  provider: OAuthProvider,
  options?: { captchaToken?: string },
) => Promise<AuthenticateResult | null>;

function setup(parameters: UseLoginWithOAuthParameters = {}) {
  const fake = createFakeClient();
  let finish: (result: AuthenticateResult | null) => void = () => {};
  const client = Object.assign(fake.client, {
    initOAuth: vi.fn<InitOAuth>(() => new Promise((resolve) => (finish = resolve))),
  });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={client}>
      {children}
    </LatchkeyProvider>
  );
  const view = renderHook(() => useLoginWithOAuth(parameters), { wrapper });
  return { client, ...view, finish: (r: AuthenticateResult | null) => finish(r) };
}

describe('useLoginWithOAuth (issue 12, spec section 5: social login, headless)', () => {
  it('popup: starts initOAuth synchronously, loading -> done, onComplete', async () => {
    const onComplete = vi.fn();
    const { client, result, finish } = setup({ onComplete });
    expect(result.current.state).toEqual({ status: 'initial', error: null });
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.initOAuth({ provider: 'google', captchaToken: 'tok' });
      // Inside the click, before any await: the popup needs the user's gesture.
      expect(client.initOAuth).toHaveBeenCalledWith('google', { captchaToken: 'tok' });
    });
    expect(result.current.state).toEqual({ status: 'loading', error: null });
    await act(async () => {
      finish({ user: TEST_USER, isNewUser: true });
      await run;
    });
    expect(result.current.state).toEqual({ status: 'done', error: null });
    expect(onComplete).toHaveBeenCalledWith({ user: TEST_USER, isNewUser: true });
  });

  it('redirect (null): stays loading while the page leaves; no callback', async () => {
    const onComplete = vi.fn();
    const onError = vi.fn();
    const { client, result, finish } = setup({ onComplete, onError });
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.initOAuth({ provider: 'github' });
    });
    expect(client.initOAuth).toHaveBeenCalledWith('github', {});
    await act(async () => {
      finish(null);
      await run;
    });
    expect(result.current.state).toEqual({ status: 'loading', error: null });
    expect(onComplete).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('a denied consent: error oauth_user_denied and onError', async () => {
    const onComplete = vi.fn();
    const onError = vi.fn();
    const { client, result } = setup({ onComplete, onError });
    client.initOAuth.mockRejectedValueOnce(
      new LatchkeyError('Denied', { code: 'oauth_user_denied' }),
    );
    await act(() => result.current.initOAuth({ provider: 'google' }));
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error?.code).toBe('oauth_user_denied');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'oauth_user_denied' }));
    expect(onComplete).not.toHaveBeenCalled();
  });
});
