import { ERROR_STATUS } from '@latchkey/api';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../errors/request.ts';
import { SCREEN } from '../../screens/screens.ts';
import { createPasswordlessFlow } from './flow.ts';
import { fakeChannelsClient, RESULT, useFakeTimersPerTest } from './test/harness.ts';

useFakeTimersPerTest();

describe('createPasswordlessFlow: the sms channel', () => {
  it('sends, resends and verifies through the SMS client methods', async () => {
    const client = fakeChannelsClient();
    const onComplete = vi.fn();
    const flow = createPasswordlessFlow(client, { onComplete });
    expect(await flow.sendCode('+1 4155552671', { channel: 'sms', captchaToken: 'cap' })).toBe(
      true,
    );
    expect(client.sendSmsCode).toHaveBeenCalledWith({
      phoneNumber: '+1 4155552671',
      captchaToken: 'cap',
    });
    expect(client.sendEmailCode).not.toHaveBeenCalled();
    expect(flow.getState()).toMatchObject({
      step: 'awaiting-code',
      channel: 'sms',
      destination: '+1 4155552671',
      email: '',
      resendCooldownS: 30,
    });

    await vi.advanceTimersByTimeAsync(30_000);
    expect(await flow.resend()).toBe(true);
    expect(client.sendSmsCode).toHaveBeenLastCalledWith({ phoneNumber: '+1 4155552671' });

    expect(await flow.submitCode('123456')).toBe(true);
    expect(client.loginWithSmsCode).toHaveBeenCalledWith({
      phoneNumber: '+1 4155552671',
      code: '123456',
    });
    await vi.advanceTimersByTimeAsync(1400);
    expect(onComplete).toHaveBeenCalledWith(RESULT);
  });

  it('a region the provider refuses goes to ERROR_SCREEN with not_supported', async () => {
    const client = fakeChannelsClient();
    client.sendSmsCode.mockRejectedValueOnce(
      new ApiError({
        code: 'not_supported',
        status: ERROR_STATUS.not_supported,
        message: 'SMS authentication from this region is not available',
      }),
    );
    const flow = createPasswordlessFlow(client);
    expect(await flow.sendCode('+86 13800138000', { channel: 'sms' })).toBe(false);
    expect(flow.getState()).toMatchObject({ step: 'error', screen: SCREEN.ERROR_SCREEN });
    expect(flow.getState().error?.code).toBe('not_supported');
  });

  it('switching channel on a new send resets the destination', async () => {
    const client = fakeChannelsClient();
    const flow = createPasswordlessFlow(client);
    await flow.sendCode('+1 4155552671', { channel: 'sms' });
    flow.reset();
    await flow.sendCode('alice@example.com');
    expect(flow.getState()).toMatchObject({
      channel: 'email',
      destination: 'alice@example.com',
      email: 'alice@example.com',
    });
    await flow.submitCode('654321');
    expect(client.loginWithEmailCode).toHaveBeenCalledWith({
      email: 'alice@example.com',
      code: '654321',
    });
  });
});
