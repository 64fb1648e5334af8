import {
  FARCASTER_CONNECT_TIMEOUT_MS,
  FARCASTER_POLL_INTERVAL_MS,
  ROUTES,
  type FarcasterStatusResponse,
} from '@latchkey/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlreadyLoggedInError } from '../../errors/session.ts';
import { fresh, KEYS, ME, session, setup } from '../../session/test/client.ts';
import { json, wireUser } from '../../test/fakes.ts';

const INIT = `POST ${ROUTES.farcasterInit}`;
const STATUS = `POST ${ROUTES.farcasterStatus}`;
const AUTH = `POST ${ROUTES.farcasterAuthenticate}`;
const LINK = `POST ${ROUTES.farcasterLink}`;
const UNLINK = `POST ${ROUTES.farcasterUnlink}`;

const CHANNEL = 'b7f0c6a2-0000-4000-8000-000000000001';
const CONNECT_URI = `https://farcaster.xyz/~/siwf?channelToken=${CHANNEL}`;
const opened = () =>
  json({ channel_token: CHANNEL, connect_uri: CONNECT_URI, expires_at: 1_800_000_300 });
const pending = () => json({ state: 'pending' } satisfies FarcasterStatusResponse);
const completed = () =>
  json({
    state: 'completed',
    fid: 3,
    username: 'dwr',
    display_name: 'Dan',
    profile_picture_url: null,
  } satisfies FarcasterStatusResponse);
const times = { verified_at: 1, first_verified_at: 1, latest_verified_at: 2 };
const farcasterAccount = {
  type: 'farcaster',
  fid: '3',
  owner_address: '0x8773442740C17C9d0F0B87022c722F9a136206eD',
  username: 'dwr',
  display_name: 'Dan',
  bio: null,
  profile_picture_url: 'https://i.example/dwr.png',
  signer_public_key: null,
  ...times,
} as const;

/** Lets the timers and the answers they wait for run for `ms` of fake time. */
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

async function loggedIn(routes: Parameters<typeof setup>[0]) {
  const fake = setup(
    { [ME]: () => json({ user: wireUser() }), ...routes },
    { stored: { [KEYS.token]: fresh } },
  );
  await fake.client.initialize();
  return fake;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('farcaster actions (issue 16; spec sections 4 and 9)', () => {
  it('opens a channel with the captcha token and polls its status every 2 s', async () => {
    const { client, calls, count } = setup({ [INIT]: opened, [STATUS]: pending });
    const connection = await client.startFarcasterLogin({ captchaToken: 'cap' });
    expect(calls[0]!.body).toEqual({ token: 'cap' });
    expect(connection).toMatchObject({ connectUri: CONNECT_URI, channelToken: CHANNEL });
    expect(connection.expiresAt).toEqual(new Date(1_800_000_300_000));
    expect(FARCASTER_POLL_INTERVAL_MS).toBe(2_000);
    await wait(1_999);
    expect(count(STATUS)).toBe(0);
    await wait(1);
    expect(count(STATUS)).toBe(1);
    await wait(8_000);
    expect(count(STATUS)).toBe(5);
    expect(calls.filter((c) => c.url.endsWith('/status')).map((c) => c.body)).toEqual(
      Array(5).fill({ channel_token: CHANNEL }),
    );
    connection.cancel();
  });

  it('once the app has signed, logs in once with the channel token and sets the session', async () => {
    const { client, count, calls } = setup({
      [INIT]: opened,
      [STATUS]: [pending, pending, completed],
      [AUTH]: () =>
        json({
          ...session(),
          user: wireUser({ linked_accounts: [farcasterAccount] }),
          is_new_user: true,
        }),
    });
    const connection = await client.startFarcasterLogin();
    expect(calls[0]!.body).toEqual({});
    let signed = false;
    void connection.signed.then(() => (signed = true));
    await wait(4_000);
    expect(signed).toBe(false);
    await wait(2_000);
    expect(signed).toBe(true);
    const result = await connection.result;
    expect(count(STATUS)).toBe(3);
    expect(count(AUTH)).toBe(1);
    expect(calls.find((c) => c.url.endsWith('/authenticate'))!.body).toEqual({
      channel_token: CHANNEL,
    });
    expect(result.isNewUser).toBe(true);
    expect(client.getState().status).toBe('authenticated');
    expect(result.user.farcaster).toEqual({
      fid: 3,
      username: 'dwr',
      displayName: 'Dan',
      pfp: 'https://i.example/dwr.png',
      ownerAddress: farcasterAccount.owner_address,
      signerPublicKey: null,
    });
    await wait(10_000);
    expect(count(STATUS)).toBe(3); // no poll after the end
  });

  it("rejects farcaster_timeout after 120 s without the app's answer, and stops polling", async () => {
    const { client, count } = setup({ [INIT]: opened, [STATUS]: pending });
    const connection = await client.startFarcasterLogin();
    const outcome = connection.result.catch((e: unknown) => e);
    await wait(FARCASTER_CONNECT_TIMEOUT_MS - 1);
    expect(count(STATUS)).toBe(59);
    await wait(1);
    const error = await outcome;
    expect(FARCASTER_CONNECT_TIMEOUT_MS).toBe(120_000);
    expect(error).toMatchObject({
      code: 'farcaster_timeout',
      shortMessage: 'The request timed out. Try again.',
    });
    const polls = count(STATUS);
    await wait(20_000);
    expect(count(STATUS)).toBe(polls);
    expect(count(AUTH)).toBe(0);
  });

  it('cancel() stops polling and rejects exited_auth_flow', async () => {
    const { client, count } = setup({ [INIT]: opened, [STATUS]: pending });
    const connection = await client.startFarcasterLogin();
    await wait(4_000);
    expect(count(STATUS)).toBe(2);
    connection.cancel();
    await expect(connection.result).rejects.toMatchObject({ code: 'exited_auth_flow' });
    await wait(20_000);
    expect(count(STATUS)).toBe(2);
  });

  it('retries a poll that failed on the network, but not one the server refused', async () => {
    const { client, count } = setup({
      [INIT]: opened,
      [STATUS]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => json({ error: 'Service unavailable', code: 'unknown_error' }, 503),
        completed,
      ],
      [AUTH]: () => json({ ...session(), is_new_user: false }),
    });
    const connection = await client.startFarcasterLogin();
    await wait(6_000);
    await expect(connection.result).resolves.toMatchObject({ isNewUser: false });
    expect(count(STATUS)).toBe(3);

    const refused = setup({
      [INIT]: opened,
      [STATUS]: () => json({ error: 'Unknown channel', code: 'invalid_data' }, 400),
    });
    const second = await refused.client.startFarcasterLogin();
    const outcome = second.result.catch((e: unknown) => e);
    await wait(2_000);
    expect(await outcome).toMatchObject({ code: 'invalid_data', status: 400 });
    await wait(10_000);
    expect(refused.count(STATUS)).toBe(1);
  });

  it("passes the server's refusal of the signed message through", async () => {
    const { client } = setup({
      [INIT]: opened,
      [STATUS]: completed,
      [AUTH]: () => json({ error: 'Invalid signature', code: 'invalid_credentials' }, 422),
    });
    const connection = await client.startFarcasterLogin();
    const outcome = connection.result.catch((e: unknown) => e);
    await wait(2_000);
    expect(await outcome).toMatchObject({ code: 'invalid_credentials', status: 422 });
  });

  it('refuses to log in while logged in, without a request', async () => {
    const { client, count } = await loggedIn({});
    await expect(client.startFarcasterLogin()).rejects.toBeInstanceOf(AlreadyLoggedInError);
    expect(count(INIT)).toBe(0);
  });

  it('links with the bearer token on init and link, and stores the answered user', async () => {
    const linked = wireUser({ linked_accounts: [farcasterAccount] });
    const { client, calls, count } = await loggedIn({
      [INIT]: opened,
      [STATUS]: completed,
      [LINK]: () => json({ user: linked }),
    });
    const connection = await client.startFarcasterLink();
    await wait(2_000);
    const user = await connection.result;
    const sent = calls.filter((c) => c.url.includes('/farcaster/'));
    expect(sent.map((c) => c.url.split('/farcaster/')[1])).toEqual(['init', 'status', 'link']);
    expect(sent[0]!.body).toEqual({});
    expect(sent[2]!.body).toEqual({ channel_token: CHANNEL });
    for (const c of [sent[0]!, sent[2]!])
      expect(c.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(count(AUTH)).toBe(0);
    expect(user.linkedAccounts[0]).toMatchObject({ type: 'farcaster', fid: 3, username: 'dwr' });
    expect(client.getState().user).toBe(user);
  });

  it('cancel() of a link rejects exited_link_flow', async () => {
    const { client } = await loggedIn({ [INIT]: opened, [STATUS]: pending });
    const connection = await client.startFarcasterLink();
    connection.cancel();
    await expect(connection.result).rejects.toMatchObject({ code: 'exited_link_flow' });
  });

  it('refuses to link or unlink while logged out, without a request', async () => {
    const { client, calls } = setup({});
    await expect(client.startFarcasterLink()).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
      shortMessage: 'You must be logged in to link an account.',
    });
    await expect(client.unlinkFarcaster(3)).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });
    expect(calls).toHaveLength(0);
  });

  it('unlinks by fid with the bearer token', async () => {
    const after = wireUser();
    const { client, calls } = await loggedIn({ [UNLINK]: () => json({ user: after }) });
    const user = await client.unlinkFarcaster(3);
    const call = calls.find((c) => c.url.endsWith('/farcaster/unlink'))!;
    expect(call.body).toEqual({ fid: 3 });
    expect(call.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(client.getState().user).toBe(user);
    expect(user.farcaster).toBeUndefined();
  });
});
