import { type AuthenticateResult, LatchkeyError, SCREEN, type User } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { GATE_REJECTIONS, renderWithClient } from '../../../../test/renderWithClient.tsx';
import CrossAppAuth from './CrossAppAuth.tsx';

const PROVIDER = 'latchkey:latchkeywallet00000000000';
const connections = [
  {
    provider_app_id: 'latchkeywallet00000000000',
    provider_app_name: 'Latchkey Wallet',
    provider_app_icon_url: null,
    provider_app_custom_api_url: null,
    read_only: false,
  },
];

function rejected(code: string, message = 'x') {
  const result = Promise.reject(new LatchkeyError(message, { code: code as never }));
  result.catch(() => {});
  return result;
}

function render(params: ScreenParams, client: object = {}) {
  return renderWithClient(
    CrossAppAuth,
    {
      getCrossAppConnections: async () => connections,
      knownCrossAppConnections: () => null,
      ...client,
    },
    { screen: SCREEN.CROSS_APP_AUTH_SCREEN, params },
  );
}

describe('CROSS_APP_AUTH_SCREEN (issue 21 item 3; spec sections 4 and 8)', () => {
  it('connecting names the provider app while its popup is open', async () => {
    const { container } = render({ oauth: { provider: PROVIDER, result: new Promise(() => {}) } });
    await screen.findByText('Connecting to Latchkey Wallet');
    expect(container.querySelector('[data-cross-app-step="connecting"]')).toBeTruthy();
  });

  it('success: connected, then finishLogin 1.4 s later', async () => {
    const login: AuthenticateResult = { user: TEST_USER, isNewUser: true };
    const { value } = render({ oauth: { provider: PROVIDER, result: Promise.resolve(login) } });
    await screen.findByText('Connected with Latchkey Wallet');
    expect(value.finishLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(value.finishLogin).toHaveBeenCalledWith(login), { timeout: 3000 });
  });

  it('link mode ends with completeLink', async () => {
    const user: User = { ...TEST_USER, linkedAccounts: [] };
    const { value } = render({
      mode: 'link',
      oauth: { provider: PROVIDER, result: Promise.resolve(user) },
    });
    await waitFor(() => expect(value.completeLink).toHaveBeenCalledWith(user), { timeout: 3000 });
    expect(value.finishLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['cross_app_canceled', 'User canceled flow', true],
    ['cross_app_timeout', 'Authorization request timed out after 2 minutes.', true],
    ['cross_app_invalid_connection', 'Invalid connected app', false],
    ['oauth_unexpected', 'Unexpected auth flow. This may be a phishing attempt.', false],
    [
      'network_error',
      'There was an issue connecting your Latchkey Wallet account. Please try again.',
      true,
    ],
  ])('%s says “%s” (retry: %s)', async (code, text, retryable) => {
    const { container } = render({ oauth: { provider: PROVIDER, result: rejected(code) } });
    await waitFor(() => expect(screen.getByText(text)).toBeTruthy());
    expect(
      container.querySelector('[data-cross-app-step="failed"]')?.getAttribute('data-error-code'),
    ).toBe(code);
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(retryable);
    expect(screen.getByRole('button', { name: 'Use another method' })).toBeTruthy();
  });

  it('Try again opens a new popup flow in its click (through the captcha gate)', async () => {
    const initOAuth = vi.fn(() => new Promise(() => {}));
    const { value } = render(
      { oauth: { provider: PROVIDER, result: rejected('cross_app_canceled') } },
      { initOAuth },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(value.withCaptcha).toHaveBeenCalled();
    expect(initOAuth).toHaveBeenCalledWith(PROVIDER, {});
    await screen.findByText('Connecting to Latchkey Wallet');
  });

  it.each(GATE_REJECTIONS)('%s goes to %s', async (code, target) => {
    const { value } = render({ oauth: { provider: PROVIDER, result: rejected(code) } });
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(
        target,
        expect.objectContaining({ returnTo: 'LANDING' }),
      ),
    );
  });
});
