/**
 * Sign In With Farcaster (issue 16) against the real Hono app on PGlite, a real anvil holding the
 * Id Registry stand-in at the Id Registry's address, and the relay stand-in over HTTP. The test
 * plays the Farcaster app with `@farcaster/auth-client`'s wallet client: it reads the channel's
 * parameters from the connect URI, builds the sign-in message, signs it with a custody key and
 * answers the relay. A message signed by the fid's custody key logs in once, and so does one
 * signed by an auth address of the fid on the Key Registry stand-in (until removed); another key, a nonce
 * of another channel, a wrong domain, an expired message, an expired channel and another origin
 * are refused; link, a second user's link and unlink; the relay or the chain down answer 503.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createWalletClient, viemConnector } from '@farcaster/auth-client';
import {
  FARCASTER_CHANNEL_TTL_S,
  type FarcasterInitResponse,
  type FarcasterStatusResponse,
  ROUTES,
} from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { freePort, startAnvil, type TestAnvil } from '../../../../../test-support/anvil.ts';
import type { Database } from '../../db/index.ts';
import type { AppRow } from '../../db/schema.ts';
import {
  loginByEmail,
  testClock,
  testDatabase,
  testServer,
  type TestServer,
} from '../../test-utils.ts';
import { signInMessageFields } from './dev/client.ts';
import { installIdRegistryStandIn, registerFid } from './dev/idRegistry.ts';
import { addAuthAddress, installKeyRegistryStandIn, removeAuthAddress } from './dev/keyRegistry.ts';
import { createRelayStandIn, DEV_RELAY_AUTH_KEY, type RelayChannelParams } from './dev/relay.ts';
import { FARCASTER_CHANNEL_GONE_MESSAGE, FARCASTER_PENDING_MESSAGE } from './service.ts';

const ORIGIN = 'https://app.example.com';
const CONNECT_BASE = 'https://farcaster.example/~/siwf';

let database: Database;
let server: TestServer;
let anvil: TestAnvil;
let relayServer: ServerType;
let relayUrl: string;
/** A custody key holding a registered fid, and that fid. */
const alice = { account: privateKeyToAccount(generatePrivateKey()), fid: 0 };
const bob = { account: privateKeyToAccount(generatePrivateKey()), fid: 0 };

beforeAll(async () => {
  anvil = await startAnvil();
  await installIdRegistryStandIn(anvil.rpcUrl);
  await installKeyRegistryStandIn(anvil.rpcUrl);
  alice.fid = Number(await registerFid(anvil.rpcUrl, alice.account.address));
  bob.fid = Number(await registerFid(anvil.rpcUrl, bob.account.address));
  const relay = createRelayStandIn({ connectBase: CONNECT_BASE });
  const port = await freePort();
  relayServer = serve({ fetch: relay.app.fetch, port, hostname: '127.0.0.1' });
  relayUrl = `http://127.0.0.1:${port}`;
  database = await testDatabase();
  server = testServer(database, {
    clock: testClock(Date.now()),
    server: { farcaster: { relayUrl, rpcUrl: anvil.rpcUrl } },
  });
}, 60_000);
afterAll(async () => {
  await database?.close();
  await new Promise((resolve) => relayServer?.close(resolve));
  await anvil?.stop();
});

async function refusal(res: Response) {
  const body = (await res.json()) as { code: string; error: string };
  return { status: res.status, code: body.code, error: body.error };
}

const farcasterApp = () => server.createApp({ farcasterAuth: true });

async function init(app: AppRow, headers: Record<string, string> = { origin: ORIGIN }) {
  const res = await server.post(app.id, ROUTES.farcasterInit, {}, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as FarcasterInitResponse;
}

/** The channel parameters a Farcaster app reads from a connect URI. */
function paramsOf(connectUri: string): RelayChannelParams & { channelToken: string } {
  const query = Object.fromEntries(new URL(connectUri).searchParams) as Record<string, string>;
  return {
    channelToken: query.channelToken!,
    siweUri: query.siweUri!,
    domain: query.domain!,
    nonce: query.nonce!,
    expirationTime: query.expirationTime,
  };
}

/**
 * Plays the Farcaster app: builds the sign-in message for the channel (with `overrides`), signs
 * it with `signer` and answers the relay as `fid`.
 */
async function answer(
  connectUri: string,
  who: { account: PrivateKeyAccount; fid: number },
  options: {
    signer?: PrivateKeyAccount;
    overrides?: Record<string, unknown>;
    username?: string;
  } = {},
) {
  const wallet = createWalletClient({
    relay: relayUrl,
    ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }),
  });
  const { channelToken, ...params } = paramsOf(connectUri);
  const fields = { ...signInMessageFields(params), address: who.account.address };
  let message: string;
  if (options.overrides && 'expirationTime' in options.overrides) {
    // The wallet client refuses to build an expired message: build it as the library does.
    message = createSiweMessage({
      ...fields,
      ...options.overrides,
      version: '1',
      statement: 'Farcaster Auth',
      chainId: 10,
      issuedAt: new Date(Date.now() - 60_000),
      resources: [`farcaster://fid/${who.fid}`],
    });
  } else {
    const built = wallet.buildSignInMessage({ ...fields, fid: who.fid, ...options.overrides });
    if (built.isError) throw built.error;
    message = built.message;
  }
  const signature = await (options.signer ?? who.account).signMessage({ message });
  const res = await wallet.authenticate({
    channelToken,
    authKey: DEV_RELAY_AUTH_KEY,
    message,
    signature,
    fid: who.fid,
    username: options.username ?? `user${who.fid}`,
    displayName: `User ${who.fid}`,
    bio: 'hello',
    pfpUrl: `https://i.example/${who.fid}.png`,
  });
  expect(res.isError).toBe(false);
}

const status = (app: AppRow, channel: FarcasterInitResponse) =>
  server.post(
    app.id,
    ROUTES.farcasterStatus,
    { channel_token: channel.channel_token },
    {
      origin: ORIGIN,
    },
  );
const authenticate = (app: AppRow, channel: FarcasterInitResponse, origin = ORIGIN) =>
  server.post(
    app.id,
    ROUTES.farcasterAuthenticate,
    { channel_token: channel.channel_token },
    {
      origin,
    },
  );

type UserAnswer = { user: { id: string; linked_accounts: Record<string, unknown>[] } };

describe('Sign In With Farcaster', () => {
  it('opens a channel for the calling origin, reports pending then the profile, logs in once', async () => {
    const app = await farcasterApp();
    const channel = await init(app);
    const params = paramsOf(channel.connect_uri);
    expect(params.domain).toBe('app.example.com');
    expect(params.siweUri).toBe(`${ORIGIN}/`);
    expect(params.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(channel.expires_at - Math.floor(server.clock() / 1000)).toBe(FARCASTER_CHANNEL_TTL_S);

    expect(await (await status(app, channel)).json()).toEqual({ state: 'pending' });
    expect(await refusal(await authenticate(app, channel))).toEqual({
      status: 400,
      code: 'invalid_data',
      error: FARCASTER_PENDING_MESSAGE,
    });

    await answer(channel.connect_uri, alice);
    const completed = (await (await status(app, channel)).json()) as FarcasterStatusResponse;
    expect(completed).toEqual({
      state: 'completed',
      fid: alice.fid,
      username: `user${alice.fid}`,
      display_name: `User ${alice.fid}`,
      profile_picture_url: `https://i.example/${alice.fid}.png`,
    });
    // The relay closed the channel on that answer; the server kept it.
    expect(await (await status(app, channel)).json()).toEqual(completed);

    const res = await authenticate(app, channel);
    expect(res.status).toBe(200);
    const body = (await res.json()) as UserAnswer & { is_new_user: boolean };
    expect(body.is_new_user).toBe(true);
    expect(body.user.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'farcaster',
        fid: String(alice.fid),
        owner_address: alice.account.address,
        username: `user${alice.fid}`,
        display_name: `User ${alice.fid}`,
        bio: 'hello',
        profile_picture_url: `https://i.example/${alice.fid}.png`,
        signer_public_key: null,
      }),
    );

    // Spent: a second use of the channel is refused, and so is its status.
    expect(await refusal(await authenticate(app, channel))).toEqual({
      status: 422,
      code: 'invalid_credentials',
      error: FARCASTER_CHANNEL_GONE_MESSAGE,
    });
    expect((await status(app, channel)).status).toBe(422);

    // A new channel logs the same fid in to the same user, with the new username.
    const again = await init(app);
    await answer(again.connect_uri, alice, { username: 'alice2' });
    const second = (await (await authenticate(app, again)).json()) as UserAnswer & {
      is_new_user: boolean;
    };
    expect(second.is_new_user).toBe(false);
    expect(second.user.id).toBe(body.user.id);
    expect(second.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', username: 'alice2' }),
    );
  });

  it('refuses a message signed by a key that does not hold the fid', async () => {
    const app = await farcasterApp();
    const channel = await init(app);
    await answer(channel.connect_uri, alice, { signer: bob.account, overrides: {} });
    const refused = await refusal(await authenticate(app, channel));
    expect(refused).toMatchObject({ status: 422, code: 'invalid_credentials' });
    expect(refused.error).toMatch(/verified/);
  });

  it('refuses a key claiming another fid than its own', async () => {
    const app = await farcasterApp();
    const channel = await init(app);
    // Bob's key signs a message for Alice's fid, with Bob's address in it.
    await answer(channel.connect_uri, { account: bob.account, fid: alice.fid });
    const refused = await refusal(await authenticate(app, channel));
    expect(refused).toMatchObject({ status: 422, code: 'invalid_credentials' });
    expect(refused.error).toMatch(/is not an auth address or owner of fid/);
  });

  it("logs in with an auth address of the fid as the fid's custody; not once removed, nor another fid's", async () => {
    const app = await farcasterApp();
    const authAddress = privateKeyToAccount(generatePrivateKey());
    await addAuthAddress(anvil.rpcUrl, BigInt(alice.fid), authAddress.address);
    const channel = await init(app);
    await answer(channel.connect_uri, { account: authAddress, fid: alice.fid });
    const res = await authenticate(app, channel);
    expect(res.status).toBe(200);
    const body = (await res.json()) as UserAnswer;
    // The account is Alice's fid, owned by her custody address (read from the Id Registry), not
    // by the auth address that signed.
    expect(body.user.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'farcaster',
        fid: String(alice.fid),
        owner_address: alice.account.address,
      }),
    );

    // An auth address of Bob's fid cannot sign for Alice's.
    const bobsAuthAddress = privateKeyToAccount(generatePrivateKey());
    await addAuthAddress(anvil.rpcUrl, BigInt(bob.fid), bobsAuthAddress.address);
    const other = await init(app);
    await answer(other.connect_uri, { account: bobsAuthAddress, fid: alice.fid });
    const refusedOther = await refusal(await authenticate(app, other));
    expect(refusedOther).toMatchObject({ status: 422, code: 'invalid_credentials' });
    expect(refusedOther.error).toMatch(/is not an auth address or owner of fid/);

    // Removed from the Key Registry, it signs in no more.
    await removeAuthAddress(anvil.rpcUrl, BigInt(alice.fid), authAddress.address);
    const later = await init(app);
    await answer(later.connect_uri, { account: authAddress, fid: alice.fid });
    const refused = await refusal(await authenticate(app, later));
    expect(refused).toMatchObject({ status: 422, code: 'invalid_credentials' });
    expect(refused.error).toMatch(/is not an auth address or owner of fid/);
  });

  it('refuses the nonce of another channel, a wrong domain and an expired message', async () => {
    const app = await farcasterApp();
    const first = await init(app);
    const cases: Record<string, unknown>[] = [
      { nonce: paramsOf(first.connect_uri).nonce },
      { domain: 'evil.example' },
      { expirationTime: new Date(Date.now() - 1000) },
    ];
    for (const overrides of cases) {
      const channel = await init(app);
      await answer(channel.connect_uri, alice, { overrides });
      const refused = await refusal(await authenticate(app, channel));
      expect(refused, JSON.stringify(overrides)).toMatchObject({
        status: 422,
        code: 'invalid_credentials',
      });
    }
  });

  it('refuses a channel past its time and a request from another origin', async () => {
    const clock = testClock(Date.now());
    const local = testServer(database, {
      clock,
      server: { farcaster: { relayUrl, rpcUrl: anvil.rpcUrl } },
    });
    const app = await local.createApp({
      farcasterAuth: true,
      allowedOrigins: [ORIGIN, 'https://other.example.com'],
    });
    const res = await local.post(app.id, ROUTES.farcasterInit, {}, { origin: ORIGIN });
    const channel = (await res.json()) as FarcasterInitResponse;
    await answer(channel.connect_uri, alice);
    const other = await local.post(
      app.id,
      ROUTES.farcasterAuthenticate,
      { channel_token: channel.channel_token },
      { origin: 'https://other.example.com' },
    );
    expect(await refusal(other)).toEqual({
      status: 422,
      code: 'invalid_credentials',
      error: 'The request origin is not the sign-in domain',
    });
    clock.advance(FARCASTER_CHANNEL_TTL_S * 1000 + 1);
    const late = await local.post(
      app.id,
      ROUTES.farcasterAuthenticate,
      { channel_token: channel.channel_token },
      { origin: ORIGIN },
    );
    expect(await refusal(late)).toEqual({
      status: 422,
      code: 'invalid_credentials',
      error: FARCASTER_CHANNEL_GONE_MESSAGE,
    });
  });

  it('refuses an app without Farcaster and a channel token of another app', async () => {
    const off = await server.createApp({ farcasterAuth: false });
    const res = await server.post(off.id, ROUTES.farcasterInit, {}, { origin: ORIGIN });
    expect(await refusal(res)).toMatchObject({ status: 403, code: 'disallowed_login_method' });

    const app = await farcasterApp();
    const other = await farcasterApp();
    const channel = await init(app);
    await answer(channel.connect_uri, alice);
    expect((await authenticate(other, channel)).status).toBe(422);
    expect((await authenticate(app, channel)).status).toBe(200);
  });
});

describe('link and unlink', () => {
  it('links the verified fid, refuses it to a second user, and unlinks it', async () => {
    const app = await farcasterApp();
    const session = await loginByEmail(server, app.id);
    const bearer = { authorization: `Bearer ${session.token}`, origin: ORIGIN };
    const channel = await init(app, bearer);
    await answer(channel.connect_uri, bob);
    const linked = await server.post(
      app.id,
      ROUTES.farcasterLink,
      { channel_token: channel.channel_token },
      bearer,
    );
    expect(linked.status).toBe(200);
    const { user } = (await linked.json()) as UserAnswer;
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: String(bob.fid) }),
    );

    const other = await loginByEmail(server, app.id);
    const otherBearer = { authorization: `Bearer ${other.token}`, origin: ORIGIN };
    const second = await init(app, otherBearer);
    await answer(second.connect_uri, bob);
    const refused = await server.post(
      app.id,
      ROUTES.farcasterLink,
      { channel_token: second.channel_token },
      otherBearer,
    );
    expect(await refusal(refused)).toMatchObject({ status: 409, code: 'linked_to_another_user' });

    const unlinked = await server.post(app.id, ROUTES.farcasterUnlink, { fid: bob.fid }, bearer);
    expect(unlinked.status).toBe(200);
    const after = (await unlinked.json()) as UserAnswer;
    expect(after.user.linked_accounts.some((a) => a.type === 'farcaster')).toBe(false);
    const anonymous = await server.post(app.id, ROUTES.farcasterUnlink, { fid: bob.fid });
    expect(anonymous.status).toBe(401);
  });
});

describe('when Farcaster cannot be reached', () => {
  it('answers 503 when the relay is down, and when the Id Registry cannot be read', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const noRelay = testServer(database, {
      clock: testClock(Date.now()),
      server: { farcaster: { relayUrl: closed, rpcUrl: anvil.rpcUrl } },
    });
    const app = await noRelay.createApp({ farcasterAuth: true });
    const res = await noRelay.post(app.id, ROUTES.farcasterInit, {}, { origin: ORIGIN });
    expect(await refusal(res)).toMatchObject({ status: 503, code: 'service_unavailable' });

    const noChain = testServer(database, {
      clock: testClock(Date.now()),
      server: { farcaster: { relayUrl, rpcUrl: closed } },
    });
    const app2 = await noChain.createApp({ farcasterAuth: true });
    const opened = await noChain.post(app2.id, ROUTES.farcasterInit, {}, { origin: ORIGIN });
    const channel = (await opened.json()) as FarcasterInitResponse;
    await answer(channel.connect_uri, alice);
    const down = await noChain.post(
      app2.id,
      ROUTES.farcasterAuthenticate,
      { channel_token: channel.channel_token },
      { origin: ORIGIN },
    );
    expect(await refusal(down)).toMatchObject({ status: 503, code: 'service_unavailable' });
  });
});
