import { createPasswordlessFlow, LatchkeyError } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogin } from '../../../../hooks/useLogin.ts';
import { createFakeClient } from '../../../../test/fakeClient.ts';
import { dialog, waitForScreen } from '../../../../test/modal.ts';
import { openModal } from '../../../../test/openModal.ts';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import AwaitingPasswordlessCode from './AwaitingPasswordlessCode.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

function Listener({ onComplete }: { onComplete: () => void }) {
  useLogin({ onComplete });
  return null;
}

async function toCodeScreen(options: Parameters<typeof openModal>[0] = {}) {
  const opened = await openModal(options);
  fireEvent.change(opened.email, { target: { value: 'alice@example.com' } });
  fireEvent.submit(opened.email.form!);
  const found = await waitForScreen('AWAITING_PASSWORDLESS_CODE');
  const boxes = [1, 2, 3, 4, 5, 6].map((n) =>
    found.el.querySelector<HTMLInputElement>(`input[aria-label="Digit ${n}"]`)!,
  );
  const status = () => found.el.querySelector('.lk-awaiting__status')!.textContent;
  return { ...opened, ...found, boxes, status };
}

describe('AWAITING_PASSWORDLESS_CODE', () => {
  it("shows 'Enter confirmation code', the address and the app name, and focuses the first box", async () => {
    const { el, boxes } = await toCodeScreen();
    expect(el.querySelector('.lk-header__title')?.textContent).toBe('Enter confirmation code');
    expect(el.querySelector('.lk-header__message')?.textContent).toBe(
      'Please check alice@example.com for an email from Acme and enter your code below.',
    );
    await waitFor(() => expect((el.getRootNode() as ShadowRoot).activeElement).toBe(boxes[0]));
    expect(dialog()!.getAttribute('aria-labelledby')).toBe(
      el.querySelector('.lk-header__title')!.id,
    );
  });

  it('auto-submits a pasted code, shows success and closes 1400 ms later with onComplete', async () => {
    const onComplete = vi.fn();
    const { boxes, client, status } = await toCodeScreen({
      children: <Listener onComplete={onComplete} />,
    });
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } });
    await waitFor(() => expect(client.loginWithEmailCode).toHaveBeenCalledTimes(1));
    expect(client.loginWithEmailCode.mock.calls[0]![0]).toEqual({
      email: 'alice@example.com',
      code: '123456',
    });
    await waitFor(() => expect(status()).toBe('Success!'));
    // Still open during the success pause, then closed.
    await new Promise((r) => setTimeout(r, 800));
    expect(dialog()).not.toBeNull();
    await waitFor(() => expect(dialog()).toBeNull(), { timeout: 2000 });
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete.mock.calls[0]![0]).toMatchObject({
      user: { email: { address: 'alice@example.com' } },
      isNewUser: true,
    });
  });

  it("an invalid code shows 'Invalid or expired verification code', then the boxes clear after 1400 ms", async () => {
    const { boxes, status, el } = await toCodeScreen();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '000000' } });
    await waitFor(() => expect(status()).toBe('Invalid or expired verification code'));
    const values = () =>
      Array.from(el.querySelectorAll<HTMLInputElement>('.lk-code__box')).map((b) => b.value);
    expect(values().join('')).toBe('000000');
    await waitFor(() => expect(values().join('')).toBe(''), { timeout: 2500 });
    // Focus is back on the first box, ready for the next attempt.
    await waitFor(() =>
      expect((el.getRootNode() as ShadowRoot).activeElement?.getAttribute('aria-label')).toBe(
        'Digit 1',
      ),
    );
  });

  it("shows 'Code sent' with the 30 s countdown after a send, not the resend button", async () => {
    const { el } = await toCodeScreen();
    const resend = el.querySelector('.lk-awaiting__resend')!;
    expect(resend.textContent).toContain('Code sent');
    expect(resend.textContent).toMatch(/(30|29)s/);
    expect(resend.querySelector('button')).toBeNull();
  });

  it('offers Resend when the countdown ends; a resend sends again and restarts it', async () => {
    // The screen rendered alone on a flow with a 1 s cooldown (the modal's flow uses 30 s).
    const { client } = createFakeClient();
    const flow = createPasswordlessFlow(client, { resendCooldownS: 1 });
    await flow.sendCode('alice@example.com');
    const { container } = renderScreen(<AwaitingPasswordlessCode />, { passwordless: flow });
    const resend = () => container.querySelector('.lk-awaiting__resend')!;
    expect(resend().textContent).toBe('Code sent1s');
    await waitFor(() => expect(resend().textContent).toBe("Didn't get an email?Resend code"), {
      timeout: 2500,
    });
    fireEvent.click(resend().querySelector('button')!);
    await waitFor(() => expect(client.sendEmailCode).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(resend().textContent).toBe('Code sent1s'));
    flow.destroy();
  });

  it("after 5 wrong codes: 'can no longer be used', no more typing, 'Send a new code' starts over", async () => {
    const { client } = createFakeClient({
      loginWithEmailCode: async () => {
        throw new LatchkeyError('Invalid or expired verification code', {
          code: 'invalid_credentials',
        });
      },
    });
    // The screen alone on a flow with a 1 s cooldown and a 10 ms reset (the modal's: 30 s, 1400 ms).
    const flow = createPasswordlessFlow(client, { resendCooldownS: 1, invalidCodeResetMs: 10 });
    await flow.sendCode('alice@example.com');
    const { container } = renderScreen(<AwaitingPasswordlessCode />, { passwordless: flow });
    const status = () => container.querySelector('.lk-awaiting__status')!.textContent;
    const boxes = () => Array.from(container.querySelectorAll<HTMLInputElement>('.lk-code__box'));
    for (let i = 1; i <= 5; i++) {
      // The boxes of the fresh round (remounted after each reset), enabled.
      await waitFor(() => expect(flow.getState().resetCount).toBe(i - 1));
      await waitFor(() => expect(boxes()[0]!.readOnly).toBe(false));
      fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '000000' } });
      await waitFor(() => expect(flow.getState().failedAttempts).toBe(i));
    }
    await waitFor(() =>
      expect(status()).toBe('Too many wrong codes. This code can no longer be used.'),
    );
    expect(boxes().every((b) => b.readOnly && b.value === '')).toBe(true);
    // Typing into the dead code does nothing.
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
    expect(client.loginWithEmailCode).toHaveBeenCalledTimes(5);
    const resend = () => container.querySelector('.lk-awaiting__resend')!;
    expect(resend().textContent).not.toContain('Resend code');
    const newCode = () => resend().querySelector('button')!;
    expect(newCode().textContent).toBe('Send a new code');
    // Offered as soon as the resend cooldown (server-enforced too) is over.
    await waitFor(() => expect(newCode().disabled).toBe(false), { timeout: 2500 });
    fireEvent.click(newCode());
    await waitFor(() => expect(client.sendEmailCode).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(status()).toBe(''));
    expect(boxes().every((b) => !b.readOnly)).toBe(true);
    expect(resend().textContent).toBe('Code sent1s');
    flow.destroy();
  });

  it('closing resets the modal to LANDING 150 ms later: reopening starts over', async () => {
    const { q } = await toCodeScreen();
    fireEvent.click(q.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog()).toBeNull());
    fireEvent.click(screen.getByText('Log in'));
    await waitForScreen('LANDING');
  });

  it('Back returns to LANDING', async () => {
    const { q } = await toCodeScreen();
    fireEvent.click(q.getByRole('button', { name: 'Back' }));
    await waitForScreen('LANDING');
  });

  it('an error with its own screen (max_accounts_reached) navigates there', async () => {
    const { boxes } = await toCodeScreen({
      client: {
        loginWithEmailCode: async () => {
          throw new LatchkeyError('User limit', { code: 'max_accounts_reached' });
        },
      },
    });
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } });
    const { el } = await waitForScreen('USER_LIMIT_REACHED_SCREEN');
    expect(el.querySelector('.lk-header__title')?.textContent).toBe('Unable to sign in');
  });
});
