import { type AuthenticateResult, LatchkeyError, type User } from '@latchkey/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { GATE_REJECTIONS, renderWithClient } from '../../../../test/renderWithClient.tsx';
import AwaitingOAuth from './AwaitingOAuth.tsx';

function render(params: ScreenParams, client: object = {}) {
  return renderWithClient(AwaitingOAuth, client, { screen: 'AWAITING_OAUTH_SCREEN', params });
}

describe('AWAITING_OAUTH_SCREEN gates and link mode (issue 6)', () => {
  it.each(GATE_REJECTIONS)('%s goes to %s', async (code, screen) => {
    const error = new LatchkeyError('refused', { code });
    const result = Promise.reject(error);
    result.catch(() => {});
    const { value } = render({ oauth: { provider: 'google', result } });
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(screen, { error, returnTo: 'LANDING' }),
    );
  });

  it('a login success goes through finishLogin 1.4 s later', async () => {
    const login: AuthenticateResult = { user: TEST_USER, isNewUser: false };
    const { value, container } = render({
      oauth: { provider: 'google', result: Promise.resolve(login) },
    });
    await waitFor(() =>
      expect(container.querySelector('[data-oauth-step="connected"]')).toBeTruthy(),
    );
    await waitFor(() => expect(value.finishLogin).toHaveBeenCalledWith(login), { timeout: 3000 });
    expect(value.completeLink).not.toHaveBeenCalled();
  });

  it('link mode: linkOAuth’s user ends the flow with completeLink', async () => {
    const user: User = { ...TEST_USER, linkedAccounts: [] };
    const { value, container } = render({
      mode: 'link',
      oauth: { provider: 'google', result: Promise.resolve(user) },
    });
    await waitFor(() =>
      expect(container.querySelector('[data-oauth-step="connected"]')).toBeTruthy(),
    );
    await waitFor(() => expect(value.completeLink).toHaveBeenCalledWith(user), { timeout: 3000 });
    expect(value.finishLogin).not.toHaveBeenCalled();
  });

  it('link mode after a redirect: the return page’s answer ends with completeLink too', async () => {
    const user: User = { ...TEST_USER, linkedAccounts: [] };
    const returned = { code: 'c', state: 's', provider: 'google' };
    const client = { completeOAuth: () => Promise.resolve({ user, isNewUser: false }) };
    const { value } = render({ mode: 'link', oauth: { provider: 'google', returned } }, client);
    await waitFor(() => expect(value.completeLink).toHaveBeenCalledWith(user), { timeout: 3000 });
    expect(value.finishLogin).not.toHaveBeenCalled();
  });
});
