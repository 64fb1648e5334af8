import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import { type Address, type Hex, verifyMessage } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDeviceShareStore } from './device-store.ts';
import { createKeyCache, DEFAULT_KEY_IDLE_MS, type KeyCache } from './key-cache.ts';
import { API_URL, APP_ID, fakeShareServer, memoryStorage, token } from './test/fakes.ts';
import { policyOf, withPolicyRoutes } from './test/policy-fakes.ts';
import { createWalletHandlers } from './wallet-handlers.ts';

/** Timers the test fires by hand: `fire()` runs the pending idle expiry. */
function manualTimers() {
  let pending: (() => void) | null = null;
  return {
    setTimeout: (callback: () => void) => {
      pending = callback;
      return callback;
    },
    clearTimeout: (handle: unknown) => {
      if (pending === handle) pending = null;
    },
    fire() {
      const callback = pending;
      pending = null;
      callback?.();
    },
    get armed() {
      return pending !== null;
    },
  };
}

/**
 * The Uint8Arrays the cache copies into (its private entropy and key): `slice()` calls made
 * while `during` runs are recorded, so a test can check that eviction zeroed them.
 */
async function copiesMadeBy(during: () => Promise<unknown> | unknown): Promise<Uint8Array[]> {
  const made: Uint8Array[] = [];
  const original = Uint8Array.prototype.slice;
  const spy = vi.spyOn(Uint8Array.prototype, 'slice').mockImplementation(function (
    this: Uint8Array,
    ...args: [number?, number?]
  ) {
    const copy = original.apply(this, args);
    made.push(copy);
    return copy;
  });
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return made;
}

const zeroed = (bytes: Uint8Array) => bytes.every((b) => b === 0);
const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Of `copies`, those holding the cache's current entropy or key (the cache's own copies). */
function heldBy(
  cache: KeyCache,
  copies: Uint8Array[],
  who: { accessToken: string; userId: string },
  address: Address,
) {
  const held = cache.get(who.userId, address, who.accessToken);
  if (!held) return [];
  const mine = copies.filter((c) => sameBytes(c, held.entropy) || sameBytes(c, held.privateKey));
  held.entropy.fill(0);
  held.privateKey.fill(0);
  return mine;
}
const nonZero = (bytes: Uint8Array) => bytes.some((b) => b !== 0);

const ADDRESS = '0x0000000000000000000000000000000000000001' as Address;
const entry = (userId = 'user_1', address = ADDRESS, t = 'token-1') => ({
  userId,
  address,
  token: t,
  entropy: new Uint8Array(16).fill(7),
  privateKey: new Uint8Array(32).fill(9),
});

describe('key cache (issue 13 item 3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serves copies for the same user, wallet and token; misses on any other', () => {
    const cache = createKeyCache({ setTimeout: () => 1, clearTimeout: () => {} });
    expect(cache.idleMs).toBe(DEFAULT_KEY_IDLE_MS);
    cache.set(entry());
    const hit = cache.get('user_1', ADDRESS, 'token-1');
    expect(hit?.privateKey).toEqual(new Uint8Array(32).fill(9));
    hit!.privateKey.fill(0); // the caller's copy, not the cache's
    expect(cache.get('user_1', ADDRESS, 'token-1')?.privateKey).toEqual(new Uint8Array(32).fill(9));
    expect(cache.get('user_1', ADDRESS, 'token-2')).toBeNull();
  });

  it('idle expiry zeroes the held key; a use restarts the window', async () => {
    const timers = manualTimers();
    const cache = createKeyCache({ idleMs: 1000, ...timers });
    const copies = await copiesMadeBy(() => cache.set(entry()));
    expect(copies).toHaveLength(2);
    expect(copies.every(nonZero)).toBe(true);
    expect(timers.armed).toBe(true);
    expect(cache.get('user_1', ADDRESS, 'token-1')).not.toBeNull();
    timers.fire();
    expect(copies.every(zeroed)).toBe(true);
    expect(cache.size).toBe(0);
    expect(cache.get('user_1', ADDRESS, 'token-1')).toBeNull();
  });

  it('another user or wallet zeroes the held key instead of reusing it', async () => {
    const cache = createKeyCache({ setTimeout: () => 1, clearTimeout: () => {} });
    const copies = await copiesMadeBy(() => cache.set(entry('user_1')));
    expect(cache.get('user_2', ADDRESS, 'token-1')).toBeNull();
    expect(copies.every(zeroed)).toBe(true);
    expect(cache.get('user_1', ADDRESS, 'token-1')).toBeNull();

    const again = await copiesMadeBy(() => cache.set(entry('user_1')));
    const other = '0x0000000000000000000000000000000000000002' as Address;
    expect(cache.get('user_1', other, 'token-1')).toBeNull();
    expect(again.every(zeroed)).toBe(true);
  });

  it('clear(userId) zeroes only that user; clear() zeroes any; idleMs 0 keeps nothing', async () => {
    const cache = createKeyCache({ setTimeout: () => 1, clearTimeout: () => {} });
    const copies = await copiesMadeBy(() => cache.set(entry('user_1')));
    cache.clear('user_2');
    expect(copies.every(nonZero)).toBe(true);
    cache.clear();
    expect(copies.every(zeroed)).toBe(true);
    const off = createKeyCache({ idleMs: 0 });
    off.set(entry());
    expect(off.size).toBe(0);
    expect(off.get('user_1', ADDRESS, 'token-1')).toBeNull();
  });
});

describe('key cache and the MFA window (issue 15)', () => {
  it('drops the key at expiresAtMs even while it is in use', async () => {
    let now = 1_000_000;
    const timers = manualTimers();
    const cache = createKeyCache({ idleMs: 60_000, now: () => now, ...timers });
    const copies = await copiesMadeBy(() => cache.set({ ...entry(), expiresAtMs: now + 5_000 }));
    now += 4_000;
    expect(cache.get('user_1', ADDRESS, 'token-1')).not.toBeNull();
    now += 1_000;
    expect(cache.get('user_1', ADDRESS, 'token-1')).toBeNull();
    expect(copies.every(zeroed)).toBe(true);
    // A key whose window has already ended is not kept at all.
    cache.set({ ...entry(), expiresAtMs: now - 1 });
    expect(cache.size).toBe(0);
  });

  it('arms its timer for the earlier of the idle window and expiresAtMs', () => {
    const armed: number[] = [];
    const cache = createKeyCache({
      idleMs: 60_000,
      now: () => 0,
      setTimeout: (_callback, ms) => armed.push(ms),
      clearTimeout: () => {},
    });
    cache.set({ ...entry(), expiresAtMs: 5_000 });
    cache.set({ ...entry(), expiresAtMs: 600_000 });
    cache.set(entry());
    expect(armed).toEqual([5_000, 60_000, 60_000]);
  });
});

describe('wallet handlers with the key cache (issue 13 item 3)', () => {
  const SIGN_POLICY = policyOf({ no_prompt_on_signature: true });

  function device(
    server: ReturnType<typeof fakeShareServer>,
    storage = memoryStorage(),
    keyCache?: KeyCache,
  ) {
    const store = openDeviceShareStore(APP_ID, () => storage);
    const policyServer = withPolicyRoutes(server.fetch, SIGN_POLICY);
    const handlers = createWalletHandlers({
      appId: APP_ID,
      apiUrl: API_URL,
      store,
      fetch: policyServer.fetch,
      ...(keyCache ? { keyCache } : {}),
    });
    const call = async (event: keyof typeof handlers, data: unknown) =>
      (await handlers[event]!(data, { origin: 'https://app.example' })) as Record<string, unknown>;
    return { storage, call };
  }

  // One token per user for the whole test: token() stamps `exp` from the clock, so a second
  // boundary between two calls would make a new token (which, by design, refetches the share).
  const identities = new Map<string, { accessToken: string; userId: string }>();
  const as = (sub: string) => {
    if (!identities.has(sub)) identities.set(sub, { accessToken: token(sub), userId: sub });
    return identities.get(sub)!;
  };
  const sign = (
    dev: ReturnType<typeof device>,
    who: { accessToken: string; userId: string },
    address: string,
    message = 'hello',
  ) =>
    dev.call(FRAME_EVENTS.walletRpc, {
      ...who,
      address,
      noPrompt: true,
      request: { method: 'personal_sign', params: [message, address] },
    });

  async function walletOf(server: ReturnType<typeof fakeShareServer>, storage = memoryStorage()) {
    const creator = device(server, storage);
    const out = await creator.call(FRAME_EVENTS.walletCreate, as('user_1'));
    return { storage, address: out.address as Address };
  }

  it('connect prefetches the auth share; signatures then skip the share fetch', async () => {
    const server = fakeShareServer();
    const { storage, address } = await walletOf(server);
    const timers = manualTimers();
    const reopened = device(server, storage, createKeyCache({ idleMs: 60_000, ...timers }));
    const fetches = () => server.count(ROUTES.walletAuthShare);
    await reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address });
    expect(fetches()).toBe(1);
    for (const message of ['a', 'b', 'c']) {
      const answer = await sign(reopened, as('user_1'), address, message);
      expect(await verifyMessage({ address, message, signature: answer.response as Hex })).toBe(
        true,
      );
    }
    expect(fetches()).toBe(1);
  });

  it('after the idle window the key is zeroed and the next signature fetches the share again', async () => {
    const server = fakeShareServer();
    const { storage, address } = await walletOf(server);
    const timers = manualTimers();
    const cache = createKeyCache({ idleMs: 60_000, ...timers });
    const reopened = device(server, storage, cache);
    const fetches = () => server.count(ROUTES.walletAuthShare);
    const copies = heldBy(
      cache,
      await copiesMadeBy(() =>
        reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address }),
      ),
      as('user_1'),
      address,
    );
    expect(copies.filter(nonZero).length).toBeGreaterThanOrEqual(2);
    await sign(reopened, as('user_1'), address);
    expect(fetches()).toBe(1);
    timers.fire();
    expect(cache.size).toBe(0);
    expect(copies.every(zeroed)).toBe(true);
    await sign(reopened, as('user_1'), address);
    expect(fetches()).toBe(2);
  });

  it('an MFA user’s key goes when the verification ends; then the refusal reaches the host', async () => {
    const server = fakeShareServer();
    const { storage, address } = await walletOf(server);
    const timers = manualTimers();
    const cache = createKeyCache({ idleMs: 60_000, ...timers });
    const reopened = device(server, storage, cache);
    server.setMfa(Math.floor(Date.now() / 1000) + 2);
    await reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address });
    await sign(reopened, as('user_1'), address);
    expect(server.count(ROUTES.walletAuthShare)).toBe(1);
    // The verification ends: the key is not used past it, and the server now refuses the share.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    server.setMfa('refuse');
    await expect(sign(reopened, as('user_1'), address)).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
    });
    expect(server.count(ROUTES.walletAuthShare)).toBe(2);
  });

  it('an unverified MFA session connects locked; unlock and signatures are refused until MFA', async () => {
    const server = fakeShareServer();
    const { storage, address } = await walletOf(server);
    const reopened = device(server, storage, createKeyCache({ idleMs: 60_000, ...manualTimers() }));
    server.setMfa('refuse');
    // Loading the page asks nothing: the wallet is on this device, its key waits.
    expect(await reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address })).toEqual({
      address,
      deviceStorage: 'local',
      locked: true,
    });
    await expect(
      reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address, unlock: true }),
    ).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' });
    await expect(sign(reopened, as('user_1'), address)).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
    });
    // Other refusals still fail the connect; a device without the share is not "locked".
    const elsewhere = device(server, memoryStorage());
    await expect(
      elsewhere.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address }),
    ).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    // Verified: the same connect unlocks and signs.
    server.setMfa(Math.floor(Date.now() / 1000) + 600);
    expect(
      await reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address, unlock: true }),
    ).toEqual({ address, deviceStorage: 'local' });
    const answer = await sign(reopened, as('user_1'), address);
    expect(
      await verifyMessage({ address, message: 'hello', signature: answer.response as Hex }),
    ).toBe(true);
  });

  it('the clear message (logout) zeroes the key: the next signature cannot use it', async () => {
    const server = fakeShareServer();
    const { storage, address } = await walletOf(server);
    const cache = createKeyCache({ idleMs: 60_000, ...manualTimers() });
    const reopened = device(server, storage, cache);
    const copies = heldBy(
      cache,
      await copiesMadeBy(() =>
        reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address }),
      ),
      as('user_1'),
      address,
    );
    expect(copies.filter(nonZero).length).toBeGreaterThanOrEqual(2);
    expect(cache.size).toBe(1);
    expect(await reopened.call(FRAME_EVENTS.walletClear, { userId: 'user_1' })).toEqual({});
    expect(cache.size).toBe(0);
    expect(copies.every(zeroed)).toBe(true);
    await expect(sign(reopened, as('user_1'), address)).rejects.toMatchObject({
      type: 'wallet_not_on_device',
    });
  });

  it("another user's request does not reuse the cached key, and drops it", async () => {
    const server = fakeShareServer();
    const { storage, address } = await walletOf(server);
    const cache = createKeyCache({ idleMs: 60_000, ...manualTimers() });
    const reopened = device(server, storage, cache);
    const fetches = () => server.count(ROUTES.walletAuthShare);
    await reopened.call(FRAME_EVENTS.walletConnect, { ...as('user_1'), address });
    expect(fetches()).toBe(1);
    // user_2 names user_1's address: the cache is keyed by user, so nothing is signed.
    await expect(sign(reopened, as('user_2'), address)).rejects.toMatchObject({
      type: 'wallet_not_on_device',
    });
    expect(cache.size).toBe(0);
    // user_1 again: the key is rebuilt from the shares (a new fetch), not reused.
    await sign(reopened, as('user_1'), address);
    expect(fetches()).toBe(2);
  });

  it('the create answer leaves the new key cached: the first signature fetches nothing', async () => {
    const server = fakeShareServer();
    const dev = device(server, memoryStorage(), createKeyCache({ ...manualTimers() }));
    const { address } = (await dev.call(FRAME_EVENTS.walletCreate, as('user_1'))) as {
      address: Address;
    };
    await sign(dev, as('user_1'), address);
    expect(server.count(ROUTES.walletAuthShare)).toBe(0);
  });
});
