import { createPasswordlessFlow, SCREEN } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClient } from '../../../../test/fakeClient.ts';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import LinkPhone from './LinkPhone.tsx';

describe('LINK_PHONE_SCREEN (issue 6)', () => {
  it('sends the code in link mode and opens AWAITING_PASSWORDLESS_CODE with mode link', async () => {
    const { client } = createFakeClient();
    const sendSmsCode = vi.fn(async () => {});
    const flow = createPasswordlessFlow({ ...client, sendSmsCode });
    const { value } = renderScreen(<LinkPhone />, { passwordless: flow });
    expect(screen.getByText('Link your phone number')).toBeTruthy();
    const input = await screen.findByRole('textbox', { name: 'Phone number' }, { timeout: 5000 });
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '415' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '4155552671' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(
        SCREEN.AWAITING_PASSWORDLESS_CODE,
        expect.objectContaining({ mode: 'link', returnTo: SCREEN.LINK_PHONE_SCREEN }),
      ),
    );
    expect(sendSmsCode).toHaveBeenCalledWith({ phoneNumber: '+1 4155552671' });
    expect(flow.getState()).toMatchObject({ mode: 'link', channel: 'sms' });
    flow.destroy();
  });
});
