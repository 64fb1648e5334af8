import { describe, expect, it } from 'vitest';
import { completeOAuthFlow } from './flow.ts';
import { isOAuthProvider } from './oauth.ts';
import {
  oauthFailure,
  oauthMessages,
  readOAuthReturn,
  stripOAuthReturn,
  UNEXPECTED_AUTH_FLOW,
} from './shared.ts';

describe('OAuth return page', () => {
  it('reads and strips latchkey_oauth_* parameters', () => {
    const href =
      'https://app.example.com/page?x=1&latchkey_oauth_code=abc&latchkey_oauth_state=st&latchkey_oauth_provider=google#h';
    expect(readOAuthReturn(href)).toEqual({ code: 'abc', state: 'st', provider: 'google' });
    expect(stripOAuthReturn(href)).toBe('https://app.example.com/page?x=1#h');
    expect(readOAuthReturn('https://app.example.com/?x=1')).toBeNull();
  });

  it('knows the nine providers', () => {
    for (const p of [
      'google',
      'twitter',
      'discord',
      'github',
      'spotify',
      'instagram',
      'tiktok',
      'linkedin',
      'apple',
    ]) {
      expect(isOAuthProvider(p)).toBe(true);
    }
    expect(isOAuthProvider('myspace')).toBe(false);
  });

  it('refuses a return without a matching stored state as a phishing attempt', async () => {
    const deps = {
      appId: 'a'.repeat(25),
      api: { request: () => Promise.reject(new Error('must not be called')) } as never,
      login: () => Promise.reject(new Error('must not be called')),
    };
    await expect(
      completeOAuthFlow(deps, { code: 'c', state: 'attacker', provider: 'google' }),
    ).rejects.toMatchObject({ code: 'oauth_unexpected', message: UNEXPECTED_AUTH_FLOW });
  });
});

describe('OAuth failure texts (spec section 8)', () => {
  const m = oauthMessages;
  it.each([
    ['linked_to_another_user', 'This account has already been linked to another user.', false],
    ['invalid_credentials', 'Something went wrong. Try again.', true],
    ['oauth_user_denied', 'Retry and check Google to finish connecting your account.', true],
    [
      'too_many_requests',
      'Request limit reached for Google. Please wait a moment and try again.',
      false,
    ],
    [
      'oauth_account_suspended',
      'Your Google account is suspended. Please try another login method.',
      false,
    ],
    [
      'cannot_link_more_of_type',
      'You cannot authorize more than one account for this user.',
      false,
    ],
    ['oauth_unexpected', UNEXPECTED_AUTH_FLOW, false],
  ] as const)('%s', (code, detail, retryable) => {
    expect(oauthFailure(code, 'google', m)).toEqual({
      title: 'Authentication failed',
      detail,
      retryable,
    });
  });
  it('oauth_unexpected with a latchkey: provider', () => {
    expect(oauthFailure('oauth_unexpected', 'latchkey:abc', m).detail).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
