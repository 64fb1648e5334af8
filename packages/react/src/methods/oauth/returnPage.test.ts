import * as oauth from '@latchkey/core/oauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderMountContext } from '../linkTypes.ts';
import { handleOAuthReturn } from './returnPage.ts';

const APP_ID = 'latchkeytest0000000000000';

function context() {
  const flow = { openLogin: vi.fn(), openLink: vi.fn() };
  const client = { getState: () => ({ status: 'unauthenticated', user: null }) };
  return { ctx: { appId: APP_ID, client, flow } as unknown as ProviderMountContext, flow };
}

const query = (provider: string) =>
  `/?latchkey_oauth_code=code-1&latchkey_oauth_state=state-1&latchkey_oauth_provider=${provider}`;

afterEach(() => {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

describe("the social login's OAuth return page (issue 5) and cloud recovery returns (issue 23)", () => {
  it.each(['google-drive', 'icloud'])(
    'leaves a %s return (a cloud recovery redirect) and its URL alone',
    (provider) => {
      window.history.replaceState(null, '', query(provider));
      const { ctx, flow } = context();
      handleOAuthReturn(ctx, oauth);
      expect(flow.openLogin).not.toHaveBeenCalled();
      expect(flow.openLink).not.toHaveBeenCalled();
      expect(window.location.search).toContain(`latchkey_oauth_provider=${provider}`);
      expect(window.location.search).toContain('latchkey_oauth_code=code-1');
    },
  );

  it('a login return (google) is stripped and opens the login on AWAITING_OAUTH_SCREEN', () => {
    window.history.replaceState(null, '', query('google'));
    // This tab started a redirect login: it completes here.
    sessionStorage.setItem(
      `latchkey:oauth:${APP_ID}`,
      JSON.stringify({ provider: 'google', state: 'state-1', verifier: 'v', mode: 'redirect' }),
    );
    const { ctx, flow } = context();
    handleOAuthReturn(ctx, oauth);
    expect(window.location.search).toBe('');
    expect(flow.openLogin).toHaveBeenCalledWith({
      screen: 'AWAITING_OAUTH_SCREEN',
      params: {
        oauth: {
          provider: 'google',
          returned: { code: 'code-1', state: 'state-1', provider: 'google' },
        },
      },
    });
  });
});
