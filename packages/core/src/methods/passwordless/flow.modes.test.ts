import { describe, expect, it, vi } from 'vitest';
import { errorScreenFor } from '../../errors/errorScreenFor.ts';
import { SCREEN } from '../../screens/screens.ts';
import { createPasswordlessFlow, type PasswordlessFlowClient } from './flow.ts';
import { apiError as api, fakeChannelsClient, USER, useFakeTimersPerTest } from './test/harness.ts';

/** Both channels, every mode; a login must not happen in these modes. */
function fakeClient(overrides: Partial<PasswordlessFlowClient> = {}) {
  return {
    ...fakeChannelsClient(),
    loginWithEmailCode: vi.fn<PasswordlessFlowClient['loginWithEmailCode']>(async () => {
      throw new Error('login must not be called');
    }),
    loginWithSmsCode: vi.fn<NonNullable<PasswordlessFlowClient['loginWithSmsCode']>>(async () => {
      throw new Error('login must not be called');
    }),
    linkWithEmailCode: vi.fn<NonNullable<PasswordlessFlowClient['linkWithEmailCode']>>(
      async () => USER,
    ),
    linkWithSmsCode: vi.fn<NonNullable<PasswordlessFlowClient['linkWithSmsCode']>>(
      async () => USER,
    ),
    updateEmailWithCode: vi.fn<NonNullable<PasswordlessFlowClient['updateEmailWithCode']>>(
      async () => USER,
    ),
    ...overrides,
  };
}

useFakeTimersPerTest();

describe('createPasswordlessFlow modes (issue 6)', () => {
  it("defaults to mode 'login'", async () => {
    const flow = createPasswordlessFlow(fakeClient());
    expect(flow.getState().mode).toBe('login');
    await flow.sendCode('alice@example.com');
    expect(flow.getState().mode).toBe('login');
  });

  it('link (email) calls linkWithEmailCode and resolves {user, isNewUser: false}', async () => {
    const client = fakeClient();
    const onComplete = vi.fn();
    const flow = createPasswordlessFlow(client, { onComplete });
    await flow.sendCode('second@example.com', { mode: 'link' });
    expect(flow.getState().mode).toBe('link');
    await expect(flow.submitCode('123456')).resolves.toBe(true);
    expect(client.linkWithEmailCode).toHaveBeenCalledWith({
      email: 'second@example.com',
      code: '123456',
    });
    expect(client.loginWithEmailCode).not.toHaveBeenCalled();
    expect(flow.getState()).toMatchObject({
      step: 'success',
      result: { user: USER, isNewUser: false },
    });
    await vi.advanceTimersByTimeAsync(1400);
    expect(onComplete).toHaveBeenCalledWith({ user: USER, isNewUser: false });
  });

  it('link (sms) calls linkWithSmsCode', async () => {
    const client = fakeClient();
    const flow = createPasswordlessFlow(client);
    await flow.sendCode('+1 4155552671', { mode: 'link', channel: 'sms' });
    await flow.submitCode('654321');
    expect(client.linkWithSmsCode).toHaveBeenCalledWith({
      phoneNumber: '+1 4155552671',
      code: '654321',
    });
    expect(flow.getState().result).toEqual({ user: USER, isNewUser: false });
  });

  it('update-email calls updateEmailWithCode with the new address', async () => {
    const client = fakeClient();
    const flow = createPasswordlessFlow(client);
    await flow.sendCode('new@example.com', { mode: 'update-email' });
    await flow.submitCode('111111');
    expect(client.updateEmailWithCode).toHaveBeenCalledWith({
      newEmail: 'new@example.com',
      code: '111111',
    });
    expect(flow.getState().result).toEqual({ user: USER, isNewUser: false });
  });

  it('resend keeps the mode', async () => {
    const client = fakeClient();
    const flow = createPasswordlessFlow(client, { resendCooldownS: 0 });
    await flow.sendCode('second@example.com', { mode: 'link' });
    await flow.resend({ mode: 'login' });
    expect(client.sendEmailCode).toHaveBeenCalledTimes(2);
    expect(flow.getState().mode).toBe('link');
    await flow.submitCode('123456');
    expect(client.linkWithEmailCode).toHaveBeenCalled();
  });

  it('reset goes back to login mode', async () => {
    const flow = createPasswordlessFlow(fakeClient());
    await flow.sendCode('second@example.com', { mode: 'link' });
    flow.reset();
    expect(flow.getState().mode).toBe('login');
  });

  it.each([
    ['cannot_link_more_of_type', { step: 'error', errorMessage: 'Server message', screen: null }],
    ['linked_to_another_user', { step: 'error', errorMessage: null, screen: SCREEN.ERROR_SCREEN }],
    ['email_required_to_update', { step: 'error', errorMessage: 'Server message', screen: null }],
    ['internal_error', { step: 'error', errorMessage: 'Issue verifying code', screen: null }],
  ] as const)('a link failing with %s lands in state', async (code, expected) => {
    const error = api(code, 'Server message');
    const flow = createPasswordlessFlow(
      fakeClient({ linkWithEmailCode: vi.fn(async () => Promise.reject(error)) }),
    );
    await flow.sendCode('second@example.com', { mode: 'link' });
    await flow.submitCode('123456');
    expect(flow.getState()).toMatchObject({ ...expected, error });
  });

  it("a wrong link code (422) shows 'Invalid or expired verification code'", async () => {
    const flow = createPasswordlessFlow(
      fakeClient({
        linkWithEmailCode: vi.fn(async () => Promise.reject(api('invalid_credentials'))),
      }),
    );
    await flow.sendCode('second@example.com', { mode: 'link' });
    await flow.submitCode('123456');
    expect(flow.getState()).toMatchObject({
      step: 'invalid',
      errorMessage: 'Invalid or expired verification code',
    });
  });
});

describe('createPasswordlessFlow send-time gates (spec section 8)', () => {
  it('allowlist_rejected at send goes to ALLOWLIST_REJECTION_SCREEN', async () => {
    const error = api('allowlist_rejected');
    const flow = createPasswordlessFlow(
      fakeClient({ sendEmailCode: vi.fn(async () => Promise.reject(error)) }),
    );
    await expect(flow.sendCode('bob@blocked.example')).resolves.toBe(false);
    expect(flow.getState()).toMatchObject({
      step: 'error',
      screen: SCREEN.ALLOWLIST_REJECTION_SCREEN,
      error,
    });
  });

  it('invalid_captcha at send goes to ERROR_SCREEN, whose CTA resets the captcha', async () => {
    const error = api('invalid_captcha');
    const flow = createPasswordlessFlow(
      fakeClient({ sendEmailCode: vi.fn(async () => Promise.reject(error)) }),
    );
    await flow.sendCode('alice@example.com', { captchaToken: 'used-token' });
    const state = flow.getState();
    expect(state).toMatchObject({ step: 'error', screen: SCREEN.ERROR_SCREEN, error });
    expect(errorScreenFor(state.error, { appName: 'Acme' })).toMatchObject({
      detail: 'Please try again.',
      resetsCaptcha: true,
    });
  });
});
