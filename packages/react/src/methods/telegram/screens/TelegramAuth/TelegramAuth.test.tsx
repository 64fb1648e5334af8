import { type AuthenticateResult, LatchkeyError, type User } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { GATE_REJECTIONS, renderWithClient } from '../../../../test/renderWithClient.tsx';
import TelegramAuth, { telegramAuthTexts } from './TelegramAuth.tsx';

/** The widget functions, answered by the fake client's methods of the same names. */
vi.mock('../../widget.ts', () => ({
  telegramWidgetReady: (c: { telegramWidgetReady: () => boolean }) => c.telegramWidgetReady(),
  prepareTelegramWidget: (c: { prepareTelegramWidget: () => Promise<void> }) =>
    c.prepareTelegramWidget(),
  loginWithTelegramWidget: (c: { loginWithTelegramWidget: (o: unknown) => unknown }, o: unknown) =>
    c.loginWithTelegramWidget(o),
  linkTelegramWidget: (c: { linkTelegramWidget: () => unknown }) => c.linkTelegramWidget(),
}));

function render(params: ScreenParams, client: object = {}) {
  const base = {
    telegramWidgetReady: () => false,
    prepareTelegramWidget: () => new Promise(() => {}),
    loginWithTelegramWidget: vi.fn(),
  };
  return renderWithClient(
    TelegramAuth,
    { ...base, ...client },
    { screen: 'TELEGRAM_AUTH_SCREEN', params },
  );
}
const rejected = (error: unknown) => {
  const result = Promise.reject(error);
  result.catch(() => {});
  return result;
};

describe('TELEGRAM_AUTH_SCREEN (issue 16)', () => {
  it('verifies, then says connected and goes through finishLogin 1.4 s later', async () => {
    let resolve!: (r: AuthenticateResult) => void;
    const result = new Promise<AuthenticateResult>((r) => (resolve = r));
    const { value, container } = render({ telegram: { result } });
    expect(container.querySelector('[data-telegram-step="verifying"]')).toBeTruthy();
    // The header is the one status: announced, and not repeated by a second line.
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(telegramAuthTexts.telegramVerifyingTitle);
    expect(status.textContent).toContain(telegramAuthTexts.telegramVerifyingDetail);
    expect(screen.queryByText('Verifying…')).toBeNull();
    const login: AuthenticateResult = { user: TEST_USER, isNewUser: true };
    resolve(login);
    await waitFor(() =>
      expect(container.querySelector('[data-telegram-step="connected"]')).toBeTruthy(),
    );
    expect(value.finishLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(value.finishLogin).toHaveBeenCalledWith(login), { timeout: 3000 });
  });

  it('link mode ends with completeLink', async () => {
    const user: User = { ...TEST_USER, linkedAccounts: [] };
    const { value } = render({ mode: 'link', telegram: { result: Promise.resolve(user) } });
    await waitFor(() => expect(value.completeLink).toHaveBeenCalledWith(user), { timeout: 3000 });
    expect(value.finishLogin).not.toHaveBeenCalled();
  });

  it('a refused proof fails with its text and Try another method, reported once', async () => {
    const error = new LatchkeyError('expired', { code: 'invalid_credentials' });
    const { value, container } = render({ telegram: { result: rejected(error) } });
    await waitFor(() =>
      expect(container.querySelector('[data-telegram-step="failed"]')).toBeTruthy(),
    );
    expect(screen.getByText(telegramAuthTexts.telegramInvalidCredentials)).toBeTruthy();
    expect(value.fail).toHaveBeenCalledTimes(1);
    expect(value.fail).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'invalid_credentials' }),
    );
    screen.getByRole('button', { name: 'Try another method' }).click();
    expect(value.navigate).toHaveBeenCalledWith('LANDING');
  });

  it.each(GATE_REJECTIONS)('%s goes to %s', async (code, target) => {
    const error = new LatchkeyError('refused', { code });
    const { value } = render({ telegram: { result: rejected(error) } });
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(target, { error, returnTo: 'LANDING' }),
    );
  });

  it("widget: 'Continue with Telegram' waits for the script, then opens the window in the click", async () => {
    let loaded!: () => void;
    const login: AuthenticateResult = { user: TEST_USER, isNewUser: false };
    const loginWithTelegramWidget = vi.fn(() => Promise.resolve(login));
    const { container } = render(
      { method: 'Telegram', telegram: { widget: true } },
      {
        prepareTelegramWidget: () => new Promise<void>((r) => (loaded = r)),
        loginWithTelegramWidget,
      },
    );
    expect(container.querySelector('[data-telegram-step="ready"]')).toBeTruthy();
    const button = screen.getByRole('button', { name: telegramAuthTexts.telegramContinue });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button); // not loaded yet: nothing opens
    expect(loginWithTelegramWidget).not.toHaveBeenCalled();
    loaded();
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(button);
    await waitFor(() => expect(loginWithTelegramWidget).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(container.querySelector('[data-telegram-step="connected"]')).toBeTruthy(),
    );
  });

  it('widget: a closed window says canceled and Try again opens it again', async () => {
    const canceled = new LatchkeyError('canceled', { code: 'exited_auth_flow' });
    const loginWithTelegramWidget = vi.fn(() => new Promise(() => {}));
    const { container } = render(
      { method: 'Telegram', telegram: { widget: true, result: rejected(canceled) } },
      { telegramWidgetReady: () => true, loginWithTelegramWidget },
    );
    await waitFor(() =>
      expect(container.querySelector('[data-telegram-step="failed"]')).toBeTruthy(),
    );
    expect(screen.getByText(telegramAuthTexts.telegramCanceled)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: telegramAuthTexts.telegramRetry }));
    await waitFor(() => expect(loginWithTelegramWidget).toHaveBeenCalledTimes(1));
    expect(container.querySelector('[data-telegram-step="verifying"]')).toBeTruthy();
  });

  it('without a running login it says the method is not configured', () => {
    const { container } = render({ method: 'Telegram' });
    expect(container.querySelector('[data-not-configured="Telegram"]')).toBeTruthy();
  });
});
