/**
 * The Farcaster signer (issue 16; spec sections 2 AWAITING_FARCASTER_SIGNER, 3 and 9): the
 * client methods on a scripted `fetch`, their lazy half loaded as `LatchkeyProvider` loads it,
 * and the client's shared wallet frame: the real bridge in front of a scripted frame (a fake
 * iframe answering the protocol's messages), or a fake bridge.
 */
import {
  FARCASTER_POLL_INTERVAL_MS,
  FARCASTER_SIGNER_TIMEOUT_MS,
  type FarcasterSigner,
  FRAME_EVENTS,
  ROUTES,
  type UserWire,
} from '@latchkey/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fresh, KEYS, ME, setup } from '../../session/test/client.ts';
import { API_URL, APP_ID, json, wireUser } from '../../test/fakes.ts';
import {
  createEmbeddedWalletBridge,
  type EmbeddedWalletBridge,
} from '../../wallets/embedded/bridge.ts';
import { WalletError } from '../../wallets/embedded/errors.ts';
import { fakeBrowser, HOST_ORIGIN } from '../../wallets/embedded/testing/fakeBrowser.ts';
import { FARCASTER_SIGNER_REJECTED_MESSAGE } from './signer.ts';

const STATUS = `POST ${ROUTES.farcasterSignerStatus}`;
const KEY = `0x${'ab'.repeat(32)}` as const;
const APPROVAL_URL = 'https://farcaster.xyz/~/connect?token=0xfeed';
const ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const SIGNATURE = `0x${'cd'.repeat(64)}`;

const times = { verified_at: 1, first_verified_at: 1, latest_verified_at: 2 };
const embeddedWallet = {
  type: 'wallet',
  address: ADDRESS,
  chain_type: 'ethereum',
  chain_id: null,
  wallet_client_type: 'latchkey',
  connector_type: 'embedded',
  recovery_method: 'latchkey',
  imported: false,
  ...times,
} as const;
const farcasterAccount = (signer: string | null = null) =>
  ({
    type: 'farcaster',
    fid: '3',
    owner_address: '0x8773442740C17C9d0F0B87022c722F9a136206eD',
    username: 'dwr',
    display_name: 'Dan',
    bio: null,
    profile_picture_url: null,
    signer_public_key: signer,
    ...times,
  }) as const;
const userWith = (signer: string | null = null, wallet = true): UserWire =>
  wireUser({
    linked_accounts: [...(wallet ? [embeddedWallet] : []), farcasterAccount(signer)],
  } as Partial<UserWire>);

const signerAnswer = (
  status: FarcasterSigner['status'],
  url: string | null = status === 'pending_approval' ? APPROVAL_URL : null,
) => json({ public_key: KEY, status, signer_approval_url: url } satisfies FarcasterSigner);

/** Lets the timers and the answers they wait for run for `ms` of fake time. */
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** A client logged in as `user` (restored from a stored token), with the signer's loader. */
async function loggedIn(
  routes: Parameters<typeof setup>[0],
  { user = userWith(), loaded = true }: { user?: UserWire; loaded?: boolean } = {},
) {
  const me = vi.fn(() => json({ user }));
  const fake = setup(
    { [ME]: me, ...routes },
    {
      stored: { [KEYS.token]: fresh },
      ...(loaded ? { farcasterSigner: () => import('./signer.ts') } : {}),
    },
  );
  await fake.client.initialize();
  return { ...fake, me };
}

/**
 * A wallet frame scripted by `answer` (event, data) -> `{data}` or `{error}`, behind a fake
 * iframe, and the real bridge to it made the client's shared frame.
 */
function scriptedFrame(
  client: Awaited<ReturnType<typeof loggedIn>>['client'],
  answer: (event: string, data: Record<string, unknown>) => object,
) {
  const received: { event: string; data: Record<string, unknown> }[] = [];
  const browser = fakeBrowser(API_URL, (frame) => {
    frame.frameTarget.addEventListener('message', (e) => {
      const { id, event, data } = (e as MessageEvent).data as {
        id: string;
        event: string;
        data: Record<string, unknown>;
      };
      received.push({ event, data });
      browser.parentForFrame.postMessage({ id, event, ...answer(event, data) }, HOST_ORIGIN);
    });
    queueMicrotask(() =>
      browser.parentForFrame.postMessage({ event: FRAME_EVENTS.ready }, HOST_ORIGIN),
    );
  });
  client.sharedWalletBridge(() =>
    createEmbeddedWalletBridge({
      apiUrl: API_URL,
      appId: APP_ID,
      getAccessToken: () => client.getAccessToken(),
      document: browser.document,
    }),
  );
  return { received, browser };
}

/** A fake shared frame whose `call` is a spy. */
function fakeFrame(
  client: Awaited<ReturnType<typeof loggedIn>>['client'],
  call: (...args: unknown[]) => Promise<unknown>,
) {
  const bridge = { frameOrigin: API_URL, call: vi.fn(call) } as unknown as EmbeddedWalletBridge;
  client.sharedWalletBridge(() => bridge);
  return bridge.call as unknown as ReturnType<typeof vi.fn>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('initFarcasterSigner (issue 16)', () => {
  it("asks the shared wallet frame with the user's embedded wallet, and answers the signer in camelCase", async () => {
    const { client, me } = await loggedIn({});
    const { received, browser } = scriptedFrame(client, () => ({
      data: { public_key: KEY, status: 'pending_approval', signer_approval_url: APPROVAL_URL },
    }));
    const state = await client.initFarcasterSigner();
    expect(state).toEqual({
      publicKey: KEY,
      status: 'pending_approval',
      approvalUrl: APPROVAL_URL,
    });
    expect(received).toEqual([
      {
        event: 'latchkey:farcaster:init-signer',
        data: { address: ADDRESS, accessToken: fresh, userId: 'user_1' },
      },
    ]);
    // One frame (the client's shared one), and posted to the API's origin only.
    expect(browser.frames).toHaveLength(1);
    expect(browser.frames[0]!.received.every((r) => r.targetOrigin === API_URL)).toBe(true);
    expect(me).toHaveBeenCalledTimes(1); // the restore; a pending signer refreshes nothing
  });

  it('an approved signer refreshes the user first, so user.farcaster.signerPublicKey is set', async () => {
    const { client, me } = await loggedIn({});
    me.mockImplementation(() => json({ user: userWith(KEY) }));
    fakeFrame(client, async () => ({
      public_key: KEY,
      status: 'approved',
      signer_approval_url: null,
    }));
    expect(client.getState().user?.farcaster?.signerPublicKey).toBeNull();
    const state = await client.initFarcasterSigner();
    expect(state).toEqual({ publicKey: KEY, status: 'approved', approvalUrl: null });
    expect(me).toHaveBeenCalledTimes(2);
    expect(client.getState().user?.farcaster?.signerPublicKey).toBe(KEY);
  });

  it('refuses while logged out (missing_or_invalid_token) and without an embedded wallet (no_embedded_wallet), asking no frame', async () => {
    const out = setup({}, { farcasterSigner: () => import('./signer.ts') });
    await out.client.initialize();
    const offline = fakeFrame(out.client, async () => ({}));
    await expect(out.client.initFarcasterSigner()).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });
    await expect(out.client.signFarcasterMessage(`0x${'00'.repeat(20)}`)).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });

    const { client } = await loggedIn({}, { user: userWith(null, false) });
    const call = fakeFrame(client, async () => ({}));
    const error = await client.initFarcasterSigner().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletError);
    expect(error).toMatchObject({
      code: 'no_embedded_wallet',
      shortMessage: 'User has no embedded wallet',
    });
    expect(call).not.toHaveBeenCalled();
    expect(offline).not.toHaveBeenCalled();
  });

  it("passes the frame's refusal through (wallet not on this device, the server's refusal)", async () => {
    const { client } = await loggedIn({});
    scriptedFrame(client, () => ({
      error: { type: 'wallet_not_on_device', message: 'Wallet not found on this device' },
    }));
    const error = await client.initFarcasterSigner().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletError);
    expect(error).toMatchObject({
      type: 'wallet_not_on_device',
      code: 'frame_error',
      shortMessage: 'Wallet not found on this device',
    });
  });

  it('rejects with a TypeError without the farcasterSigner loader (LatchkeyProvider passes it)', async () => {
    const { client } = await loggedIn({}, { loaded: false });
    await expect(client.initFarcasterSigner()).rejects.toBeInstanceOf(TypeError);
  });
});

describe('watchFarcasterSigner (issue 16; spec section 9: poll 2 s, timeout 300 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('polls the status every 2 s with the bearer token, and resolves once approved, the user refreshed', async () => {
    const { client, calls, count, me } = await loggedIn({
      [STATUS]: [
        () => signerAnswer('pending_approval'),
        () => signerAnswer('pending_approval'),
        () => signerAnswer('approved'),
      ],
    });
    me.mockImplementation(() => json({ user: userWith(KEY) }));
    const watch = client.watchFarcasterSigner(KEY.toUpperCase().replace('0X', '0x'));
    let settled = false;
    void watch.result.then(() => (settled = true));
    expect(FARCASTER_POLL_INTERVAL_MS).toBe(2_000);
    await wait(1_999);
    expect(count(STATUS)).toBe(0);
    await wait(1);
    expect(count(STATUS)).toBe(1);
    await wait(2_000);
    expect(count(STATUS)).toBe(2);
    expect(settled).toBe(false);
    await wait(2_000);
    await expect(watch.result).resolves.toEqual({
      publicKey: KEY,
      status: 'approved',
      approvalUrl: null,
    });
    const polls = calls.filter((c) => c.url.endsWith(ROUTES.farcasterSignerStatus));
    expect(polls.map((c) => c.body)).toEqual(Array(3).fill({ ed25519_public_key: KEY }));
    for (const c of polls) expect(c.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(me).toHaveBeenCalledTimes(2);
    expect(client.getState().user?.farcaster?.signerPublicKey).toBe(KEY);
    await wait(20_000);
    expect(count(STATUS)).toBe(3); // no poll after the end
  });

  it("rejects farcaster_signer_rejected ('The request was rejected. Please try again.') once revoked", async () => {
    const { client, count } = await loggedIn({
      [STATUS]: [() => signerAnswer('pending_approval'), () => signerAnswer('revoked')],
    });
    const watch = client.watchFarcasterSigner(KEY);
    const outcome = watch.result.catch((e: unknown) => e);
    await wait(4_000);
    expect(await outcome).toMatchObject({
      code: 'farcaster_signer_rejected',
      shortMessage: 'The request was rejected. Please try again.',
    });
    expect(FARCASTER_SIGNER_REJECTED_MESSAGE).toBe('The request was rejected. Please try again.');
    await wait(10_000);
    expect(count(STATUS)).toBe(2);
  });

  it('rejects farcaster_signer_timeout after 300 s without a decision, and stops polling', async () => {
    const { client, count } = await loggedIn({ [STATUS]: () => signerAnswer('pending_approval') });
    const watch = client.watchFarcasterSigner(KEY);
    const outcome = watch.result.catch((e: unknown) => e);
    expect(FARCASTER_SIGNER_TIMEOUT_MS).toBe(300_000);
    await wait(FARCASTER_SIGNER_TIMEOUT_MS - 1);
    expect(count(STATUS)).toBe(149);
    let settled = false;
    void outcome.then(() => (settled = true));
    await wait(0);
    expect(settled).toBe(false);
    await wait(1);
    expect(await outcome).toMatchObject({
      code: 'farcaster_signer_timeout',
      shortMessage: 'The request timed out. Try again.',
    });
    await wait(20_000);
    expect(count(STATUS)).toBe(149);
  });

  it('cancel() stops polling and rejects exited_link_flow, even before the lazy half has loaded', async () => {
    const { client, count } = await loggedIn({ [STATUS]: () => signerAnswer('pending_approval') });
    const watch = client.watchFarcasterSigner(KEY);
    await wait(4_000);
    expect(count(STATUS)).toBe(2);
    watch.cancel();
    await expect(watch.result).rejects.toMatchObject({ code: 'exited_link_flow' });
    await wait(20_000);
    expect(count(STATUS)).toBe(2);

    const early = client.watchFarcasterSigner(KEY);
    early.cancel();
    await expect(early.result).rejects.toMatchObject({ code: 'exited_link_flow' });
    const aborted = new AbortController();
    const viaSignal = client.watchFarcasterSigner(KEY, { signal: aborted.signal });
    await wait(2_000);
    aborted.abort();
    await expect(viaSignal.result).rejects.toMatchObject({ code: 'exited_link_flow' });
    await wait(20_000);
    expect(count(STATUS)).toBe(3);
  });

  it('retries a poll that failed on the network or with a 5xx, but not one the server refused (4xx)', async () => {
    const { client, count } = await loggedIn({
      [STATUS]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => json({ error: 'Service unavailable', code: 'unknown_error' }, 503),
        () => signerAnswer('approved'),
      ],
    });
    const watch = client.watchFarcasterSigner(KEY);
    await wait(6_000);
    await expect(watch.result).resolves.toMatchObject({ status: 'approved' });
    expect(count(STATUS)).toBe(3);

    const refused = await loggedIn({
      [STATUS]: () => json({ error: 'No Farcaster signer', code: 'not_found' }, 404),
    });
    const second = refused.client.watchFarcasterSigner(KEY);
    const outcome = second.result.catch((e: unknown) => e);
    await wait(2_000);
    expect(await outcome).toMatchObject({ code: 'not_found', status: 404 });
    await wait(10_000);
    expect(refused.count(STATUS)).toBe(1);
  });

  it('ends once logged out, and refuses a key that is not one before any poll', async () => {
    const { client, count } = await loggedIn({ [STATUS]: () => signerAnswer('pending_approval') });
    const bad = client.watchFarcasterSigner('0x1234');
    await expect(bad.result).rejects.toMatchObject({ code: 'invalid_input' });
    const watch = client.watchFarcasterSigner(KEY, { timeoutMs: 60_000 });
    const outcome = watch.result.catch((e: unknown) => e);
    await wait(2_000);
    await client.logout();
    await wait(2_000);
    expect(await outcome).toMatchObject({ code: 'missing_or_invalid_token' });
    expect(count(STATUS)).toBe(1);
  });
});

describe('signFarcasterMessage (issue 16)', () => {
  const HASH = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
  const HEX = `0x${Array.from(HASH, (b) => b.toString(16).padStart(2, '0')).join('')}`;

  it('sends the hash to the shared frame as lowercase hex, with the wallet, token and user id', async () => {
    const { client } = await loggedIn({});
    const { received } = scriptedFrame(client, () => ({
      data: { signature: SIGNATURE, publicKey: KEY },
    }));
    await expect(client.signFarcasterMessage(HASH)).resolves.toEqual({
      signature: SIGNATURE,
      publicKey: KEY,
    });
    await client.signFarcasterMessage(HEX.toUpperCase().replace('0X', '0x') as `0x${string}`);
    expect(received).toEqual([
      {
        event: 'latchkey:farcaster:sign',
        data: { address: ADDRESS, hash: HEX, accessToken: fresh, userId: 'user_1' },
      },
      {
        event: 'latchkey:farcaster:sign',
        data: { address: ADDRESS, hash: HEX, accessToken: fresh, userId: 'user_1' },
      },
    ]);
    expect(HEX).toHaveLength(42);
  });

  it('refuses an empty, too long or non-hex hash before any frame call', async () => {
    const { client } = await loggedIn({});
    const call = fakeFrame(client, async () => ({ signature: SIGNATURE, publicKey: KEY }));
    for (const hash of [new Uint8Array(0), new Uint8Array(65), '0x', '0xabc', '0xzz', 'abcd']) {
      await expect(client.signFarcasterMessage(hash as Uint8Array)).rejects.toMatchObject({
        code: 'invalid_input',
      });
    }
    expect(call).not.toHaveBeenCalled();
    await client.signFarcasterMessage(new Uint8Array(64));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("passes the frame's refusal of an unapproved signer through", async () => {
    const { client } = await loggedIn({});
    scriptedFrame(client, () => ({
      error: {
        type: 'invalid_request_arguments',
        message: 'The Farcaster signer is pending approval, not approved',
      },
    }));
    await expect(client.signFarcasterMessage(HASH)).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      shortMessage: 'The Farcaster signer is pending approval, not approved',
    });
  });
});
