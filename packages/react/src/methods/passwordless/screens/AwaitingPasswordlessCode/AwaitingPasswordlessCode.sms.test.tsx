import { createPasswordlessFlow } from '@latchkey/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import AwaitingPasswordlessCode from './AwaitingPasswordlessCode.tsx';

describe('AWAITING_PASSWORDLESS_CODE for SMS', () => {
  it("says 'Please check <number> for a text', resends and logs in over SMS", async () => {
    const client = {
      sendEmailCode: vi.fn(async () => {}),
      loginWithEmailCode: vi.fn(),
      sendSmsCode: vi.fn(async () => {}),
      loginWithSmsCode: vi.fn(async () => ({ user: TEST_USER, isNewUser: true })),
    };
    const flow = createPasswordlessFlow(client, { resendCooldownS: 1 });
    await flow.sendCode('+1 4155552671', { channel: 'sms' });
    const { container } = renderScreen(<AwaitingPasswordlessCode />, {
      passwordless: flow,
      params: { displayDestination: '+1 415 555 2671' },
    });
    expect(container.querySelector('.lk-header__message')?.textContent).toBe(
      'Please check +1 415 555 2671 for a text from Acme and enter your code below.',
    );
    const resend = () => container.querySelector('.lk-awaiting__resend')!;
    await waitFor(() => expect(resend().textContent).toBe("Didn't get a text?Resend code"), {
      timeout: 2500,
    });
    fireEvent.click(resend().querySelector('button')!);
    await waitFor(() => expect(client.sendSmsCode).toHaveBeenCalledTimes(2));

    const first = container.querySelector<HTMLInputElement>('input[aria-label="Digit 1"]')!;
    fireEvent.paste(first, { clipboardData: { getData: () => '123456' } });
    await waitFor(() =>
      expect(client.loginWithSmsCode).toHaveBeenCalledWith({
        phoneNumber: '+1 4155552671',
        code: '123456',
      }),
    );
    flow.destroy();
  });
});
