import { LatchkeyError } from '@latchkey/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { waitForScreen } from '../../test/modal.ts';
import { openModal } from '../../test/openModal.ts';

describe('LANDING', () => {
  it("has an email input: placeholder 'your@email.com', type email, autocomplete email", async () => {
    const { email } = await openModal();
    expect(email.getAttribute('placeholder')).toBe('your@email.com');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
  });

  it('keeps Submit disabled for a bad email and enables it for a good one', async () => {
    const { q, email } = await openModal();
    const submit = q.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'alice@' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'alice@example' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'alice@example.com' } });
    expect(submit.disabled).toBe(false);
  });

  it('Enter submits: sends the code and moves to AWAITING_PASSWORDLESS_CODE', async () => {
    const { email, client } = await openModal();
    fireEvent.change(email, { target: { value: 'alice@example.com' } });
    // Enter in a single-field form submits it.
    fireEvent.submit(email.form!);
    await waitFor(() => expect(client.sendEmailCode).toHaveBeenCalledTimes(1));
    expect(client.sendEmailCode.mock.calls[0]![0]).toMatchObject({ email: 'alice@example.com' });
    const { el } = await waitForScreen('AWAITING_PASSWORDLESS_CODE');
    expect(el.textContent).toContain('alice@example.com');
  });

  it('does not send for an invalid email even when the form is submitted', async () => {
    const { email, client } = await openModal();
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.submit(email.form!);
    await new Promise((r) => setTimeout(r, 30));
    expect(client.sendEmailCode).not.toHaveBeenCalled();
  });

  it('a send failure shows ERROR_SCREEN whose call to action returns to LANDING', async () => {
    const { email } = await openModal({
      client: {
        sendEmailCode: async () => {
          throw new LatchkeyError('Too many attempts', { code: 'too_many_requests' });
        },
      },
    });
    fireEvent.change(email, { target: { value: 'alice@example.com' } });
    fireEvent.submit(email.form!);
    const { el, q } = await waitForScreen('ERROR_SCREEN');
    expect(el.querySelector('.lk-header__title')?.textContent).toBe('Request failed');
    expect(el.querySelector('.lk-header__message')?.textContent).toBe('Too many attempts.');
    fireEvent.click(q.getByRole('button', { name: 'Try again later' }));
    const back = await waitForScreen('LANDING');
    // The address typed before is still there.
    expect(back.el.querySelector<HTMLInputElement>('input[type="email"]')!.value).toBe(
      'alice@example.com',
    );
  });
});
