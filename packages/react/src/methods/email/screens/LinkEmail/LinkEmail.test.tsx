import { createPasswordlessFlow, LatchkeyError, SCREEN } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClient } from '../../../../test/fakeClient.ts';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import LinkEmail from './LinkEmail.tsx';

describe('LINK_EMAIL_SCREEN (issue 6)', () => {
  it('sends a code in link mode and opens AWAITING_PASSWORDLESS_CODE { mode: link }', async () => {
    const { client } = createFakeClient();
    const flow = createPasswordlessFlow(client);
    const { value } = renderScreen(<LinkEmail />, { passwordless: flow });
    expect(screen.getByText('Link your email')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Email address' });
    fireEvent.change(input, { target: { value: 'bob@example.com' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(SCREEN.AWAITING_PASSWORDLESS_CODE, {
        mode: 'link',
        returnTo: SCREEN.LINK_EMAIL_SCREEN,
      }),
    );
    expect(client.sendEmailCode).toHaveBeenCalledWith({ email: 'bob@example.com' });
    expect(flow.getState().mode).toBe('link');
    flow.destroy();
  });

  it('Enter with an invalid address sends nothing', () => {
    const { client } = createFakeClient();
    const flow = createPasswordlessFlow(client);
    renderScreen(<LinkEmail />, { passwordless: flow });
    const input = screen.getByRole('textbox', { name: 'Email address' });
    fireEvent.change(input, { target: { value: 'bob@' } });
    fireEvent.submit(input.closest('form')!);
    expect(client.sendEmailCode).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('a refused send goes to its error screen, returning here, and reports the code', async () => {
    const { client } = createFakeClient({
      sendEmailCode: async () => {
        throw new LatchkeyError('This account has already been linked to another user.', {
          code: 'linked_to_another_user',
        });
      },
    });
    const flow = createPasswordlessFlow(client);
    const { value } = renderScreen(<LinkEmail />, { passwordless: flow });
    const input = screen.getByRole('textbox', { name: 'Email address' });
    fireEvent.change(input, { target: { value: 'taken@example.com' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(value.fail).toHaveBeenCalled());
    expect(value.fail).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'linked_to_another_user' }),
    );
    expect(value.navigate).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ returnTo: SCREEN.LINK_EMAIL_SCREEN, mode: 'link' }),
    );
    expect(vi.mocked(value.navigate).mock.calls[0]![0]).not.toBe(SCREEN.AWAITING_PASSWORDLESS_CODE);
    flow.destroy();
  });
});
