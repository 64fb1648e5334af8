import { ROUTES, type SessionResponse, type UserWire } from '@latchkey/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors/request.ts';
import { AlreadyLoggedInError } from '../errors/session.ts';
import * as oauthModule from './oauth/index.ts';
import { readPendingOAuth } from './oauth/shared.ts';
import { APP_ID, accessToken, type Call, fakeFetch, json, wireUser } from '../test/fakes.ts';
import type { LatchkeyClient } from '../session/createLatchkeyClient.ts';
import { setup as clientSetup, KEYS, ME, NOW, fresh as TOKEN } from '../session/test/client.ts';

const verification = {
  verified_at: 1_700_000_001,
  first_verified_at: 1_700_000_001,
  latest_verified_at: 1_700_000_002,
};
const twoEmails = wireUser({
  linked_accounts: [
    { type: 'email', address: 'alice@example.com', ...verification },
    { type: 'email', address: 'second@example.com', ...verification },
  ],
});
const phoneOnly = wireUser({
  linked_accounts: [{ type: 'phone', number: '+14155552671', ...verification }],
});

/** A client restored from a stored token (logged in as `me`), or logged out. */
async function setup(
  routes: Parameters<typeof fakeFetch>[0],
  { loggedIn = true, me = wireUser() }: { loggedIn?: boolean; me?: UserWire } = {},
) {
  const { client, ...fake } = clientSetup(
    { [ME]: () => json({ user: me }), ...routes },
    {
      stored: loggedIn ? { [KEYS.token]: TOKEN } : {},
      oauth: () => Promise.resolve(oauthModule),
    },
  );
  await client.initialize();
  return { client, ...fake };
}

const SIWE_BODY = {
  message: 'm',
  signature: '0x',
  chainId: 'eip155:1',
  walletClientType: 'metamask',
  connectorType: 'injected',
};
const answer = (user: UserWire) => () => json({ user });
const last = (calls: Call[], path: string) => calls.filter((c) => c.url.endsWith(path)).at(-1)!;

describe('account methods (spec sections 5, 6 and 7; issue 6)', () => {
  it.each([
    [
      'linkWithEmailCode',
      ROUTES.passwordlessLink,
      (c: LatchkeyClient) =>
        c.linkWithEmailCode({ email: ' second@example.com ', code: '123 456' }),
      { email: 'second@example.com', code: '123456' },
    ],
    [
      'linkWithSmsCode',
      ROUTES.passwordlessSmsLink,
      (c: LatchkeyClient) => c.linkWithSmsCode({ phoneNumber: '+1 4155552671', code: '654321' }),
      { phoneNumber: '+1 4155552671', code: '654321' },
    ],
    [
      'unlinkEmail',
      ROUTES.passwordlessUnlink,
      (c: LatchkeyClient) => c.unlinkEmail('second@example.com'),
      { address: 'second@example.com' },
    ],
    [
      'unlinkPhone',
      ROUTES.passwordlessSmsUnlink,
      (c: LatchkeyClient) => c.unlinkPhone('+14155552671'),
      { phoneNumber: '+14155552671' },
    ],
    [
      'unlinkWallet',
      ROUTES.siweUnlink,
      (c: LatchkeyClient) => c.unlinkWallet('0x1111111111111111111111111111111111111111'),
      { address: '0x1111111111111111111111111111111111111111' },
    ],
    [
      'unlinkOAuth',
      ROUTES.oauthUnlink,
      (c: LatchkeyClient) => c.unlinkOAuth('google', 'sub-42'),
      { provider: 'google', subject: 'sub-42' },
    ],
    [
      'unlinkPasskey',
      ROUTES.passkeyUnlink,
      (c: LatchkeyClient) => c.unlinkPasskey('cred-1'),
      { credential_id: 'cred-1' },
    ],
    ['acceptTerms', ROUTES.acceptTerms, (c: LatchkeyClient) => c.acceptTerms(), {}],
  ] as const)(
    '%s posts the spec payload with the bearer token and adopts the answer',
    async (_, path, run, body) => {
      const updated = wireUser({ ...twoEmails, has_accepted_terms: true });
      const { client, calls } = await setup({ [`POST ${path}`]: answer(updated) });
      expect(client.getState().user?.linkedAccounts).toHaveLength(1);
      const seen: unknown[] = [];
      client.subscribe((s) => seen.push(s.user));
      const user = await run(client);
      const call = last(calls, path);
      expect(call.body).toEqual(body);
      expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
      expect(user.linkedAccounts).toHaveLength(2);
      expect(user.hasAcceptedTerms).toBe(true);
      expect(client.getState()).toEqual({ status: 'authenticated', user });
      expect(seen).toEqual([user]);
    },
  );

  it.each([
    [
      'linkWithEmailCode',
      (c: LatchkeyClient) => c.linkWithEmailCode({ email: 'a@b.co', code: '123456' }),
    ],
    [
      'linkWithSmsCode',
      (c: LatchkeyClient) => c.linkWithSmsCode({ phoneNumber: '+14155552671', code: '123456' }),
    ],
    [
      'updateEmailWithCode',
      (c: LatchkeyClient) => c.updateEmailWithCode({ newEmail: 'a@b.co', code: '123456' }),
    ],
    ['unlinkEmail', (c: LatchkeyClient) => c.unlinkEmail('a@b.co')],
    ['unlinkPasskey', (c: LatchkeyClient) => c.unlinkPasskey('x')],
    ['acceptTerms', (c: LatchkeyClient) => c.acceptTerms()],
    ['linkWithSiwe', (c: LatchkeyClient) => c.linkWithSiwe(SIWE_BODY)],
    ['linkOAuth', (c: LatchkeyClient) => c.linkOAuth('google', { redirect: true })],
  ] as const)('%s needs a logged-in user (no request sent)', async (_, run) => {
    const { client, calls } = await setup({}, { loggedIn: false });
    expect(client.getState().status).toBe('unauthenticated');
    await expect(run(client)).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
      shortMessage: expect.stringMatching(/^You must be logged in to /),
    });
    expect(calls).toHaveLength(0);
  });

  it('updateEmailWithCode sends {oldAddress, newAddress, code}', async () => {
    const updated = wireUser({
      linked_accounts: [{ type: 'email', address: 'new@example.com', ...verification }],
    });
    const { client, calls } = await setup({
      [`POST ${ROUTES.passwordlessUpdate}`]: answer(updated),
    });
    const user = await client.updateEmailWithCode({ newEmail: 'new@example.com', code: '111111' });
    expect(last(calls, ROUTES.passwordlessUpdate).body).toEqual({
      oldAddress: 'alice@example.com',
      newAddress: 'new@example.com',
      code: '111111',
    });
    expect(user.email).toEqual({ address: 'new@example.com' });
    expect(client.getState().user?.email).toEqual({ address: 'new@example.com' });
  });

  it('updateEmailWithCode refuses a user without email before any request', async () => {
    const { client, calls } = await setup({}, { me: phoneOnly });
    const before = calls.length;
    await expect(
      client.updateEmailWithCode({ newEmail: 'new@example.com', code: '111111' }),
    ).rejects.toMatchObject({
      code: 'email_required_to_update',
      shortMessage: 'User is required to have an email address to update it.',
    });
    expect(calls).toHaveLength(before);
  });

  it('keeps the user when the server refuses (cannot_unlink_last_account)', async () => {
    const { client } = await setup({
      [`POST ${ROUTES.passwordlessUnlink}`]: () =>
        json({ error: 'Cannot unlink the last account', code: 'cannot_unlink_last_account' }, 409),
    });
    const before = client.getState();
    const error = await client.unlinkEmail('alice@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'cannot_unlink_last_account', status: 409 });
    expect(client.getState()).toBe(before);
  });

  it('sendEmailCode and sendSmsCode send the bearer token only while logged in', async () => {
    const routes = {
      [`POST ${ROUTES.passwordlessInit}`]: () => json({ success: true }),
      [`POST ${ROUTES.passwordlessSmsInit}`]: () => json({ success: true }),
    };
    const inSession = await setup(routes);
    await inSession.client.sendEmailCode({ email: 'second@example.com' });
    await inSession.client.sendSmsCode({ phoneNumber: '+14155552671' });
    expect(last(inSession.calls, ROUTES.passwordlessInit).headers.get('authorization')).toBe(
      `Bearer ${TOKEN}`,
    );
    expect(last(inSession.calls, ROUTES.passwordlessSmsInit).headers.get('authorization')).toBe(
      `Bearer ${TOKEN}`,
    );
    const loggedOut = await setup(routes, { loggedIn: false });
    await loggedOut.client.sendEmailCode({ email: 'a@example.com', captchaToken: 'cap' });
    const call = last(loggedOut.calls, ROUTES.passwordlessInit);
    expect(call.headers.get('authorization')).toBeNull();
    expect(call.body).toEqual({ email: 'a@example.com', token: 'cap' });
  });

  describe('every login method refuses while logged in (spec section 6)', () => {
    it.each([
      [
        'loginWithEmailCode',
        (c: LatchkeyClient) => c.loginWithEmailCode({ email: 'a@b.co', code: '123456' }),
      ],
      [
        'loginWithSmsCode',
        (c: LatchkeyClient) => c.loginWithSmsCode({ phoneNumber: '+14155552671', code: '123456' }),
      ],
      ['loginWithSiwe', (c: LatchkeyClient) => c.loginWithSiwe(SIWE_BODY)],
      ['initOAuth', (c: LatchkeyClient) => c.initOAuth('google', { redirect: true })],
      ['signupWithPasskey', (c: LatchkeyClient) => c.signupWithPasskey()],
      ['loginWithPasskey', (c: LatchkeyClient) => c.loginWithPasskey()],
    ] as const)('%s', async (_, run) => {
      const { client, calls } = await setup({});
      const before = calls.length;
      await expect(run(client)).rejects.toBeInstanceOf(AlreadyLoggedInError);
      expect(calls).toHaveLength(before);
    });
  });
});

describe('linkOAuth (issue 6)', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('redirect mode records purpose link; completeOAuth then posts oauth/link with the bearer', async () => {
    const linked = wireUser({
      linked_accounts: [
        { type: 'email', address: 'alice@example.com', ...verification },
        {
          type: 'google_oauth',
          subject: 'g-1',
          email: 'alice@gmail.com',
          name: 'Alice',
          username: null,
          ...verification,
        },
      ],
    });
    const { client, calls } = await setup({
      [`POST ${ROUTES.oauthInit}`]: () => json({ url: 'https://accounts.example/auth' }),
      [`POST ${ROUTES.oauthLink}`]: answer(linked),
      [`POST ${ROUTES.oauthAuthenticate}`]: () => json({ error: 'no', code: 'invalid_data' }, 400),
    });
    await expect(client.linkOAuth('google', { redirect: true })).resolves.toBeNull();
    const pending = readPendingOAuth(APP_ID)!;
    expect(pending).toMatchObject({ provider: 'google', mode: 'redirect', purpose: 'link' });
    const result = await client.completeOAuth({
      code: 'auth-code',
      state: pending.state,
      provider: 'google',
    });
    const call = last(calls, ROUTES.oauthLink);
    expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call.body).toMatchObject({
      provider: 'google',
      authorization_code: 'auth-code',
      state_code: pending.state,
      code_verifier: pending.verifier,
    });
    expect(calls.some((c) => c.url.endsWith(ROUTES.oauthAuthenticate))).toBe(false);
    expect(result.isNewUser).toBe(false);
    expect(result.user.linkedAccounts.map((a) => a.type)).toEqual(['email', 'google_oauth']);
    expect(client.getState().user).toBe(result.user);
  });

  it('a login flow still authenticates (purpose login)', async () => {
    const session: SessionResponse = {
      user: wireUser(),
      token: accessToken(NOW, 3000),
      refresh_token: 'r',
      session_update_action: 'set',
    };
    const { client, calls } = await setup(
      {
        [`POST ${ROUTES.oauthInit}`]: () => json({ url: 'https://accounts.example/auth' }),
        [`POST ${ROUTES.oauthAuthenticate}`]: () => json({ ...session, is_new_user: true }),
      },
      { loggedIn: false },
    );
    await client.initOAuth('github', { redirect: true });
    const pending = readPendingOAuth(APP_ID)!;
    expect(pending.purpose).toBe('login');
    const result = await client.completeOAuth({ code: 'c', state: pending.state, provider: '' });
    expect(result.isNewUser).toBe(true);
    expect(calls.some((c) => c.url.endsWith(ROUTES.oauthLink))).toBe(false);
  });

  it('a link return after logout refuses with missing_or_invalid_token', async () => {
    const { client } = await setup({
      [`POST ${ROUTES.oauthInit}`]: () => json({ url: 'https://accounts.example/auth' }),
      [`POST ${ROUTES.logout}`]: () => json({}),
    });
    await client.linkOAuth('google', { redirect: true });
    const pending = readPendingOAuth(APP_ID)!;
    await client.logout();
    await expect(
      client.completeOAuth({ code: 'c', state: pending.state, provider: 'google' }),
    ).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
  });
});

describe('captcha tokens of the other login inits (issue 6)', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('initOAuth sends captchaToken as token in oauth/init; linkOAuth never does', async () => {
    const { client, calls } = await setup(
      { [`POST ${ROUTES.oauthInit}`]: () => json({ url: 'https://accounts.example/auth' }) },
      { loggedIn: false },
    );
    await client.initOAuth('google', { redirect: true, captchaToken: 'cap-o' });
    expect(last(calls, ROUTES.oauthInit).body).toMatchObject({
      provider: 'google',
      token: 'cap-o',
    });

    const linking = await setup({
      [`POST ${ROUTES.oauthInit}`]: () => json({ url: 'https://accounts.example/auth' }),
    });
    await linking.client.linkOAuth('google', { redirect: true, captchaToken: 'cap-o' });
    expect(last(linking.calls, ROUTES.oauthInit).body).not.toHaveProperty('token');
  });

  it.each([
    ['signupWithPasskey', ROUTES.passkeyRegisterInit, ROUTES.passkeyRegisterAuthenticate],
    ['loginWithPasskey', ROUTES.passkeyAuthenticateInit, ROUTES.passkeyAuthenticate],
  ] as const)('%s sends captchaToken as token in its init call', async (method, init, finish) => {
    const session: SessionResponse = {
      user: wireUser(),
      token: accessToken(NOW, 3000),
      refresh_token: 'r',
      session_update_action: 'set',
    };
    const { client, ...fake } = clientSetup(
      {
        [`POST ${init}`]: () => json({ options: { challenge: 'c' } }),
        [`POST ${finish}`]: () => json({ ...session, is_new_user: false }),
      },
      {
        passkeys: async () => ({
          createPasskey: async () => ({ id: 'new' }) as never,
          getPasskey: async () => ({ id: 'old' }) as never,
        }),
      },
    );
    await client.initialize();
    await client[method]({ captchaToken: 'cap-p' });
    expect(last(fake.calls, init).body).toEqual({ token: 'cap-p' });
    await client.logout().catch(() => {});
    await client[method]();
    expect(last(fake.calls, init).body).toEqual({});
  });
});
