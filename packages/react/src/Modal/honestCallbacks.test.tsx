/**
 * Issue 14, item 6: `useLogin({ onError })` fires only once a failed attempt has ended (the user
 * went back to choose another method, or closed the modal), never while the modal still offers
 * another try.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { LatchkeyError } from '@latchkey/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogin } from '../hooks/useLogin.ts';
import { dialog, waitForScreen } from '../test/modal.ts';
import { openModal } from '../test/openModal.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function Listener(props: Parameters<typeof useLogin>[0]) {
  useLogin(props);
  return null;
}

/**
 * Opens the modal, sends a code and enters it; the server's answer is a failure that ends on
 * ERROR_SCREEN, whose button goes back to the landing (another try, or another method).
 */
async function failedLogin() {
  const onComplete = vi.fn();
  const onError = vi.fn();
  const opened = await openModal({
    client: {
      loginWithEmailCode: async () => {
        throw new LatchkeyError('Linked to another user', { code: 'linked_to_another_user' });
      },
    },
    children: <Listener onComplete={onComplete} onError={onError} />,
  });
  fireEvent.change(opened.email, { target: { value: 'alice@example.com' } });
  fireEvent.submit(opened.email.form!);
  const code = await waitForScreen('AWAITING_PASSWORDLESS_CODE');
  const first = code.el.querySelector<HTMLInputElement>('input[aria-label="Digit 1"]')!;
  fireEvent.paste(first, { clipboardData: { getData: () => '123456' } });
  const error = await waitForScreen('ERROR_SCREEN');
  return { ...opened, error, onComplete, onError };
}

describe('useLogin({ onError }) waits for the attempt to end', () => {
  it('not while the error screen offers another try; once, with the failure, when the user goes back', async () => {
    const { error, onError } = await failedLogin();
    expect(onError).not.toHaveBeenCalled();
    fireEvent.click(within(error.el).getAllByRole('button').at(-1)!);
    await waitForScreen('LANDING');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'linked_to_another_user' }),
    );
  });

  it('closing on the error screen reports the failure, not exited_auth_flow', async () => {
    const { onError } = await failedLogin();
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'linked_to_another_user' }),
    );
  });

  it('a wrong code is not a failure of the attempt: closing then reports exited_auth_flow', async () => {
    const onError = vi.fn();
    const opened = await openModal({ children: <Listener onError={onError} /> });
    fireEvent.change(opened.email, { target: { value: 'alice@example.com' } });
    fireEvent.submit(opened.email.form!);
    const code = await waitForScreen('AWAITING_PASSWORDLESS_CODE');
    const first = code.el.querySelector<HTMLInputElement>('input[aria-label="Digit 1"]')!;
    fireEvent.paste(first, { clipboardData: { getData: () => '000000' } });
    await waitFor(() => expect(opened.client.loginWithEmailCode).toHaveBeenCalled());
    expect(onError).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'exited_auth_flow' }));
  });
});
