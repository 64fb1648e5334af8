import { type AuthenticateResult, LatchkeyError } from '@latchkey/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { waitForScreen } from '../../../../test/modal.ts';
import { openModal } from '../../../../test/openModal.ts';
import { TEST_USER } from '../../../../test/fakeClient.ts';

const notAllowed = () =>
  new LatchkeyError('Passkey request timed out or rejected by user.', {
    code: 'passkey_not_allowed',
  });

async function openPasskeyModal(login: () => Promise<AuthenticateResult>) {
  const view = await openModal({ client: { appConfig: { passkey_auth: true } } });
  const client = view.client as typeof view.client & Record<string, unknown>;
  client.loginWithPasskey = vi.fn(login);
  client.signupWithPasskey = vi.fn(async () => ({ user: TEST_USER, isNewUser: true }));
  await waitFor(() => expect(view.q.getByText('I have a passkey')).toBeTruthy());
  fireEvent.click(view.q.getByText('I have a passkey'));
  return { ...view, client };
}

describe('AWAITING_PASSKEY_SYSTEM_DIALOGUE', () => {
  it("'I have a passkey' logs in: loading, then success, then closes after 1400 ms", async () => {
    let resolve!: (r: AuthenticateResult) => void;
    const { client } = await openPasskeyModal(
      () => new Promise<AuthenticateResult>((r) => (resolve = r)),
    );
    const { el } = await waitForScreen('AWAITING_PASSKEY_SYSTEM_DIALOGUE');
    await waitFor(() => expect(el.textContent).toContain('Waiting for your passkey'));
    expect(client.loginWithPasskey).toHaveBeenCalledTimes(1);
    resolve({ user: TEST_USER, isNewUser: false });
    await waitFor(() => expect(el.textContent).toContain('Success!'));
    await waitFor(
      () =>
        expect(
          document.querySelector('.lk-host')?.shadowRoot?.querySelector('[role="dialog"]'),
        ).toBeFalsy(),
      { timeout: 3000 },
    );
  });

  it('shows the spec text and Retry on a rejected dialog; Retry runs it again', async () => {
    const login = vi
      .fn<() => Promise<AuthenticateResult>>()
      .mockRejectedValueOnce(notAllowed())
      .mockResolvedValueOnce({ user: TEST_USER, isNewUser: false });
    const { client } = await openPasskeyModal(login);
    const { el, q } = await waitForScreen('AWAITING_PASSKEY_SYSTEM_DIALOGUE');
    await waitFor(() =>
      expect(el.textContent).toContain('Passkey request timed out or rejected by user.'),
    );
    fireEvent.click(q.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(el.textContent).toContain('Success!'));
    expect(client.loginWithPasskey).toHaveBeenCalledTimes(2);
  });

  it("offers 'Sign up with a passkey' after a failed log-in", async () => {
    const { client } = await openPasskeyModal(() => Promise.reject(new Error('boom')));
    const { el, q } = await waitForScreen('AWAITING_PASSKEY_SYSTEM_DIALOGUE');
    await waitFor(() => expect(el.textContent).toContain('An unknown error occurred.'));
    fireEvent.click(q.getByRole('button', { name: 'Sign up with a passkey' }));
    await waitFor(() => expect(el.textContent).toContain('Success!'));
    expect(client.signupWithPasskey).toHaveBeenCalledTimes(1);
  });
});
