import { describe, expect, it, vi } from 'vitest';
import { TimeoutError } from '../../errors/request.ts';
import { SCREEN } from '../../screens/screens.ts';
import type { AuthenticateResult } from '../../session/user.ts';
import { createPasswordlessFlow } from './flow.ts';
import { apiError as api, fakeClient, RESULT, useFakeTimersPerTest } from './test/harness.ts';

useFakeTimersPerTest();

describe('createPasswordlessFlow: sending', () => {
  it('goes idle -> sending -> awaiting-code and starts a 30 s countdown', async () => {
    const client = fakeClient();
    const flow = createPasswordlessFlow(client);
    const steps: string[] = [];
    flow.subscribe((s) => steps.push(s.step));
    expect(flow.getState().step).toBe('idle');
    await expect(flow.sendCode('alice@example.com', { captchaToken: 'cap' })).resolves.toBe(true);
    expect(client.sendEmailCode).toHaveBeenCalledWith({
      email: 'alice@example.com',
      captchaToken: 'cap',
    });
    expect(steps).toContain('sending');
    expect(flow.getState()).toMatchObject({
      step: 'awaiting-code',
      email: 'alice@example.com',
      resendCooldownS: 30,
    });
  });

  it('ticks the countdown each second down to 0, then stops', async () => {
    const flow = createPasswordlessFlow(fakeClient());
    await flow.sendCode('alice@example.com');
    await vi.advanceTimersByTimeAsync(999);
    expect(flow.getState().resendCooldownS).toBe(30);
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.getState().resendCooldownS).toBe(29);
    await vi.advanceTimersByTimeAsync(28_000);
    expect(flow.getState().resendCooldownS).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(flow.getState().resendCooldownS).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores resend during the cooldown, resends after it and restarts the countdown', async () => {
    const client = fakeClient();
    const flow = createPasswordlessFlow(client);
    await flow.sendCode('alice@example.com');
    await expect(flow.resend()).resolves.toBe(false);
    expect(client.sendEmailCode).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(flow.resend()).resolves.toBe(true);
    expect(client.sendEmailCode).toHaveBeenCalledTimes(2);
    expect(flow.getState()).toMatchObject({
      step: 'awaiting-code',
      resendCooldownS: 30,
      resending: false,
    });
  });

  it('a send failure goes to ERROR_SCREEN with the error', async () => {
    const error = new TimeoutError({ timeoutMs: 20_000 });
    const flow = createPasswordlessFlow(
      fakeClient({ sendEmailCode: vi.fn(async () => Promise.reject(error)) }),
    );
    await expect(flow.sendCode('alice@example.com')).resolves.toBe(false);
    expect(flow.getState()).toMatchObject({
      step: 'error',
      error,
      screen: SCREEN.ERROR_SCREEN,
      resendCooldownS: 0,
    });
  });

  it('a failed resend goes to ERROR_SCREEN', async () => {
    let n = 0;
    const flow = createPasswordlessFlow(
      fakeClient({
        sendEmailCode: vi.fn(async () => {
          if (n++ > 0) throw api('too_many_requests');
        }),
      }),
    );
    await flow.sendCode('alice@example.com');
    await vi.advanceTimersByTimeAsync(30_000);
    await flow.resend();
    expect(flow.getState()).toMatchObject({
      step: 'error',
      screen: SCREEN.ERROR_SCREEN,
      resending: false,
    });
  });

  it('a malformed email stays on the screen with an inline message', async () => {
    const { InvalidInputError } = await import('../../errors/session.ts');
    const flow = createPasswordlessFlow(
      fakeClient({
        sendEmailCode: vi.fn(async () => Promise.reject(new InvalidInputError('Bad email'))),
      }),
    );
    await flow.sendCode('nope');
    expect(flow.getState()).toMatchObject({
      step: 'error',
      screen: null,
      errorMessage: 'Bad email',
    });
  });
});

describe('createPasswordlessFlow: code entry', () => {
  it('logs in, then calls onComplete after 1400 ms', async () => {
    const client = fakeClient();
    const onComplete = vi.fn();
    const flow = createPasswordlessFlow(client, { onComplete });
    await flow.sendCode('alice@example.com');
    await expect(flow.submitCode('123456')).resolves.toBe(true);
    expect(client.loginWithEmailCode).toHaveBeenCalledWith({
      email: 'alice@example.com',
      code: '123456',
    });
    expect(flow.getState()).toMatchObject({ step: 'success', result: RESULT });
    await vi.advanceTimersByTimeAsync(1399);
    expect(onComplete).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onComplete).toHaveBeenCalledWith(RESULT);
  });

  it('takes a completion delay function (900 ms before consent or wallet creation)', async () => {
    const onComplete = vi.fn();
    const flow = createPasswordlessFlow(fakeClient(), { onComplete, completeDelayMs: () => 900 });
    await flow.sendCode('alice@example.com');
    await flow.submitCode('123456');
    await vi.advanceTimersByTimeAsync(900);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('stops the resend countdown on success', async () => {
    const flow = createPasswordlessFlow(fakeClient());
    await flow.sendCode('alice@example.com');
    await flow.submitCode('123456');
    await vi.advanceTimersByTimeAsync(5000);
    expect(flow.getState().resendCooldownS).toBe(30);
  });

  it('an invalid code (422) shows the message and resets the boxes after 1400 ms', async () => {
    const flow = createPasswordlessFlow(
      fakeClient({
        loginWithEmailCode: vi.fn(async () => Promise.reject(api('invalid_credentials'))),
      }),
    );
    await flow.sendCode('alice@example.com');
    await expect(flow.submitCode('000000')).resolves.toBe(false);
    expect(flow.getState()).toMatchObject({
      step: 'invalid',
      errorMessage: 'Invalid or expired verification code',
      resetCount: 0,
    });
    await vi.advanceTimersByTimeAsync(1399);
    expect(flow.getState().step).toBe('invalid');
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.getState()).toMatchObject({ step: 'awaiting-code', resetCount: 1 });
  });

  it('a right code after an invalid one logs in', async () => {
    let n = 0;
    const flow = createPasswordlessFlow(
      fakeClient({
        loginWithEmailCode: vi.fn(async () => {
          if (n++ === 0) throw api('invalid_credentials');
          return RESULT;
        }),
      }),
    );
    await flow.sendCode('alice@example.com');
    await flow.submitCode('000000');
    await vi.advanceTimersByTimeAsync(1400);
    await flow.submitCode('123456');
    expect(flow.getState()).toMatchObject({ step: 'success', errorMessage: null });
  });

  it('5 wrong answers kill the code: submits are refused until a new code is sent', async () => {
    const login = vi.fn(async ({ code }: { code: string }) => {
      if (code !== '123456') throw api('invalid_credentials');
      return RESULT;
    });
    const flow = createPasswordlessFlow(fakeClient({ loginWithEmailCode: login }));
    await flow.sendCode('alice@example.com');
    for (let i = 1; i <= 4; i++) {
      await flow.submitCode('000000');
      await vi.advanceTimersByTimeAsync(1400);
      expect(flow.getState()).toMatchObject({ failedAttempts: i, codeExhausted: false });
    }
    await flow.submitCode('000000');
    // The 5th answer shows like the others first ...
    expect(flow.getState()).toMatchObject({
      step: 'invalid',
      errorMessage: 'Invalid or expired verification code',
      codeExhausted: false,
    });
    await vi.advanceTimersByTimeAsync(1400);
    // ... then the boxes clear and the code is dead.
    expect(flow.getState()).toMatchObject({
      step: 'awaiting-code',
      failedAttempts: 5,
      codeExhausted: true,
      errorMessage: 'Too many wrong codes. This code can no longer be used.',
      resetCount: 5,
    });
    await expect(flow.submitCode('123456')).resolves.toBe(false);
    expect(login).toHaveBeenCalledTimes(5);
    // Resend waits for the cooldown like any resend, then starts over with a live code.
    await expect(flow.resend()).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(flow.resend()).resolves.toBe(true);
    expect(flow.getState()).toMatchObject({
      step: 'awaiting-code',
      failedAttempts: 0,
      codeExhausted: false,
      errorMessage: null,
      resetCount: 6,
    });
    await expect(flow.submitCode('123456')).resolves.toBe(true);
  });

  it.each([
    ['cannot_link_more_of_type', { step: 'error', errorMessage: 'Server message', screen: null }],
    ['max_accounts_reached', { step: 'error', screen: SCREEN.USER_LIMIT_REACHED_SCREEN }],
    ['user_does_not_exist', { step: 'error', screen: SCREEN.ACCOUNT_NOT_FOUND_SCREEN }],
    ['allowlist_rejected', { step: 'error', screen: SCREEN.ALLOWLIST_REJECTION_SCREEN }],
    ['linked_to_another_user', { step: 'error', screen: SCREEN.ERROR_SCREEN }],
    ['internal_error', { step: 'error', errorMessage: 'Issue verifying code', screen: null }],
    ['too_many_requests', { step: 'error', errorMessage: 'Issue verifying code', screen: null }],
  ] as const)('maps %s (spec section 8, "Code entry")', async (code, expected) => {
    const error = api(code);
    const flow = createPasswordlessFlow(
      fakeClient({ loginWithEmailCode: vi.fn(async () => Promise.reject(error)) }),
    );
    await flow.sendCode('alice@example.com');
    await flow.submitCode('123456');
    expect(flow.getState()).toMatchObject({ ...expected, error });
    await vi.advanceTimersByTimeAsync(5000);
    expect(flow.getState().step).toBe('error');
  });

  it("maps a timeout to 'Issue verifying code'", async () => {
    const flow = createPasswordlessFlow(
      fakeClient({
        loginWithEmailCode: vi.fn(async () =>
          Promise.reject(new TimeoutError({ timeoutMs: 20_000 })),
        ),
      }),
    );
    await flow.sendCode('alice@example.com');
    await flow.submitCode('123456');
    expect(flow.getState()).toMatchObject({ step: 'error', errorMessage: 'Issue verifying code' });
  });

  it('refuses a malformed code without a request', async () => {
    const client = fakeClient();
    const flow = createPasswordlessFlow(client);
    await flow.sendCode('alice@example.com');
    await expect(flow.submitCode('12a456')).resolves.toBe(false);
    expect(flow.getState().errorMessage).toBe('Code should be numeric');
    expect(client.loginWithEmailCode).not.toHaveBeenCalled();
  });

  it('ignores a second submit while verifying', async () => {
    let resolve: (r: AuthenticateResult) => void = () => {};
    const client = fakeClient({
      loginWithEmailCode: vi.fn(() => new Promise<AuthenticateResult>((r) => (resolve = r))),
    });
    const flow = createPasswordlessFlow(client);
    await flow.sendCode('alice@example.com');
    const first = flow.submitCode('123456');
    expect(flow.getState().step).toBe('verifying');
    await expect(flow.submitCode('123456')).resolves.toBe(false);
    resolve(RESULT);
    await expect(first).resolves.toBe(true);
    expect(client.loginWithEmailCode).toHaveBeenCalledTimes(1);
  });

  it('takes message overrides', async () => {
    const flow = createPasswordlessFlow(
      fakeClient({
        loginWithEmailCode: vi.fn(async () => Promise.reject(api('invalid_credentials'))),
      }),
      { messages: { invalidOrExpiredCode: 'Code invalide' } },
    );
    await flow.sendCode('alice@example.com');
    await flow.submitCode('000000');
    expect(flow.getState().errorMessage).toBe('Code invalide');
  });
});

describe('createPasswordlessFlow: reset and destroy', () => {
  it('reset goes back to idle and clears timers', async () => {
    const flow = createPasswordlessFlow(fakeClient());
    await flow.sendCode('alice@example.com');
    flow.reset();
    expect(flow.getState()).toMatchObject({ step: 'idle', email: '', resendCooldownS: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('destroy cancels onComplete and drops late answers', async () => {
    const onComplete = vi.fn();
    const flow = createPasswordlessFlow(fakeClient(), { onComplete });
    const listener = vi.fn();
    flow.subscribe(listener);
    await flow.sendCode('alice@example.com');
    await flow.submitCode('123456');
    const calls = listener.mock.calls.length;
    flow.destroy();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onComplete).not.toHaveBeenCalled();
    expect(listener).toHaveBeenCalledTimes(calls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a code sent before reset does not move the flow', async () => {
    let resolve: () => void = () => {};
    const flow = createPasswordlessFlow(
      fakeClient({ sendEmailCode: vi.fn(() => new Promise<void>((r) => (resolve = r))) }),
    );
    const sending = flow.sendCode('alice@example.com');
    flow.reset();
    resolve();
    await expect(sending).resolves.toBe(false);
    expect(flow.getState().step).toBe('idle');
  });
});
