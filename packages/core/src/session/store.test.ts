import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../errors/request.ts';
import { APP_ID, flush, json, jwt, wireUser } from '../test/fakes.ts';
import type { LockManagerLike } from './store.ts';
import { type KeyValueStorage, memoryStorage } from './storage.ts';
import {
  NOW,
  KEYS,
  SESSIONS,
  LOGOUT,
  ME,
  AUTH,
  CONFIG,
  fresh,
  fresh2,
  expired,
  expiringSoon,
  session,
  setup,
  invalidToken,
} from './test/client.ts';

describe('initialize', () => {
  it('becomes unauthenticated without a request when nothing is stored', async () => {
    const { client, calls } = setup({});
    await client.initialize();
    expect(client.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(calls).toHaveLength(0);
  });

  it('uses a fresh stored token to fetch the user', async () => {
    const { client, calls } = setup(
      { [ME]: () => json({ user: wireUser() }) },
      { stored: { [KEYS.token]: fresh } },
    );
    await client.initialize();
    expect(client.getState().status).toBe('authenticated');
    expect(client.getState().user?.email?.address).toBe('alice@example.com');
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
  });

  it('refreshes an expired stored token with the stored refresh token', async () => {
    const { client, storage, calls, count } = setup(
      { [SESSIONS]: () => json(session()) },
      { stored: { [KEYS.token]: expired, [KEYS.refreshToken]: 'refresh_1' } },
    );
    await client.initialize();
    expect(count(SESSIONS)).toBe(1);
    expect(calls[0]!.body).toEqual({ refresh_token: 'refresh_1' });
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${expired}`);
    expect(storage.getItem(KEYS.token)).toBe(fresh2);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_2');
    expect(client.getState().status).toBe('authenticated');
  });

  it('tries a cookie refresh when only the server-cookies flag is set', async () => {
    const { client, calls } = setup(
      { [SESSIONS]: () => json(session({ refresh_token: null, session_update_action: 'ignore' })) },
      { stored: { [KEYS.cookies]: 'true' } },
    );
    await client.initialize();
    expect(calls[0]!.body).toEqual({});
    expect(calls[0]!.headers.has('authorization')).toBe(false);
    expect(calls[0]!.init.credentials).toBe('include');
    expect(client.getState().status).toBe('authenticated');
  });

  it('becomes unauthenticated but keeps the tokens when the API is unreachable', async () => {
    const { client, storage, logger } = setup(
      { [SESSIONS]: () => Promise.reject(new TypeError('offline')) },
      { stored: { [KEYS.token]: expired, [KEYS.refreshToken]: 'refresh_1' } },
    );
    await expect(client.initialize()).resolves.toBeUndefined();
    expect(client.getState().status).toBe('unauthenticated');
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_1');
    expect(logger.warn).toHaveBeenCalled();
  });

  it('is idempotent', async () => {
    const { client, count } = setup(
      { [ME]: () => json({ user: wireUser() }) },
      { stored: { [KEYS.token]: fresh } },
    );
    await Promise.all([client.initialize(), client.initialize()]);
    await client.initialize();
    expect(count(ME)).toBe(1);
  });
});

describe('session refresh (spec section 4)', () => {
  const stored = { [KEYS.token]: expired, [KEYS.refreshToken]: 'refresh_1' };

  it("'set' stores both tokens", async () => {
    const { client, storage } = setup({ [SESSIONS]: () => json(session()) }, { stored });
    const user = await client.refreshSession();
    expect(user?.id).toBe('user_1');
    expect(storage.getItem(KEYS.token)).toBe(fresh2);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_2');
  });

  it("'clear' destroys local state and answers null", async () => {
    const { client, storage } = setup(
      { [SESSIONS]: () => json(session({ session_update_action: 'clear' })) },
      { stored: { ...stored, [KEYS.cookies]: 'true' } },
    );
    await expect(client.refreshSession()).resolves.toBeNull();
    expect(storage.getItem(KEYS.token)).toBeNull();
    expect(storage.getItem(KEYS.refreshToken)).toBeNull();
    expect(storage.getItem(KEYS.cookies)).toBeNull();
    expect(client.getState()).toEqual({ status: 'unauthenticated', user: null });
  });

  it("'ignore' stores only the access token and sets the server-cookies flag", async () => {
    const { client, storage } = setup(
      {
        [SESSIONS]: () =>
          json(session({ session_update_action: 'ignore', refresh_token: 'ignored' })),
      },
      { stored },
    );
    await client.refreshSession();
    expect(storage.getItem(KEYS.token)).toBe(fresh2);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_1');
    expect(storage.getItem(KEYS.cookies)).toBe('true');
  });

  it("'ignore' without a token keeps the stored one", async () => {
    const { client, storage } = setup(
      { [SESSIONS]: () => json(session({ session_update_action: 'ignore', token: null })) },
      { stored },
    );
    await client.refreshSession();
    expect(storage.getItem(KEYS.token)).toBe(expired);
  });

  it('no action stores both tokens', async () => {
    const body: Record<string, unknown> = { ...session() };
    delete body.session_update_action;
    const { client, storage } = setup({ [SESSIONS]: () => json(body) }, { stored });
    await client.refreshSession();
    expect(storage.getItem(KEYS.token)).toBe(fresh2);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_2');
  });

  it('missing_or_invalid_token destroys local state, answers null and warns', async () => {
    const { client, storage, logger } = setup({ [SESSIONS]: invalidToken }, { stored });
    await expect(client.refreshSession()).resolves.toBeNull();
    expect(storage.getItem(KEYS.token)).toBeNull();
    expect(storage.getItem(KEYS.refreshToken)).toBeNull();
    expect(client.getState().status).toBe('unauthenticated');
    expect(logger.warn).toHaveBeenCalledWith(
      'Unable to refresh tokens - token is missing or no longer valid',
    );
  });

  it('other failures are thrown and keep the tokens', async () => {
    const { client, storage } = setup(
      { [SESSIONS]: () => json({ error: 'Down', code: 'internal_error' }, 500) },
      { stored },
    );
    await expect(client.refreshSession()).rejects.toBeInstanceOf(ApiError);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_1');
  });

  it('a token whose aud is another app logs out', async () => {
    const foreign = jwt({ aud: 'another-app-id-0000000000', exp: NOW / 1000 + 3600 });
    const { client, storage, count, calls } = setup(
      { [SESSIONS]: () => json(session({ token: foreign })), [LOGOUT]: () => json({}) },
      { stored },
    );
    await expect(client.refreshSession()).resolves.toBeNull();
    expect(storage.getItem(KEYS.token)).toBeNull();
    expect(storage.getItem(KEYS.refreshToken)).toBeNull();
    expect(client.getState().status).toBe('unauthenticated');
    expect(count(LOGOUT)).toBe(1);
    expect(calls.at(-1)!.body).toEqual({ refresh_token: 'refresh_1' });
  });

  it('a stored token for another app logs out on getAccessToken', async () => {
    const foreign = jwt({ aud: 'another-app-id-0000000000', exp: NOW / 1000 + 3600 });
    const { client, storage, count } = setup(
      { [LOGOUT]: () => json({}) },
      { stored: { [KEYS.token]: foreign, [KEYS.refreshToken]: 'r' } },
    );
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(storage.getItem(KEYS.token)).toBeNull();
    expect(count(LOGOUT)).toBe(1);
  });

  it('a logout during a refresh is not undone by its answer', async () => {
    let answer: (r: Response) => void = () => {};
    const { client, storage } = setup(
      {
        [SESSIONS]: () => new Promise<Response>((resolve) => (answer = resolve)),
        [LOGOUT]: () => json({}),
      },
      { stored },
    );
    const refreshing = client.refreshSession();
    await flush();
    await client.logout();
    answer(json(session()));
    await expect(refreshing).resolves.toBeNull();
    expect(storage.getItem(KEYS.token)).toBeNull();
    expect(client.getState().status).toBe('unauthenticated');
  });
});

describe('getAccessToken', () => {
  it('answers null when logged out, without a request', async () => {
    const { client, calls } = setup({});
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('answers a fresh token without a request', async () => {
    const { client, calls } = setup(
      {},
      { stored: { [KEYS.token]: fresh, [KEYS.refreshToken]: 'r' } },
    );
    await expect(client.getAccessToken()).resolves.toBe(fresh);
    expect(calls).toHaveLength(0);
  });

  it('refreshes a token within 60 s of exp', async () => {
    const { client, count } = setup(
      { [SESSIONS]: () => json(session()) },
      { stored: { [KEYS.token]: expiringSoon, [KEYS.refreshToken]: 'r' } },
    );
    await expect(client.getAccessToken()).resolves.toBe(fresh2);
    expect(count(SESSIONS)).toBe(1);
  });

  it('shares one refresh among 5 concurrent calls (single-flight)', async () => {
    const { client, count } = setup(
      {
        [SESSIONS]: async () => {
          await new Promise((r) => setTimeout(r, 5));
          return json(session());
        },
      },
      { stored: { [KEYS.token]: expired, [KEYS.refreshToken]: 'r' } },
    );
    const tokens = await Promise.all(Array.from({ length: 5 }, () => client.getAccessToken()));
    expect(tokens).toEqual(Array(5).fill(fresh2));
    expect(count(SESSIONS)).toBe(1);
  });

  it('serialises refreshes across tabs with navigator.locks and adopts a token refreshed meanwhile', async () => {
    const shared = memoryStorage();
    shared.setItem(KEYS.token, expired);
    shared.setItem(KEYS.refreshToken, 'refresh_1');
    const names: string[] = [];
    // Another tab holds the lock and rotates the tokens before this tab gets it.
    const locks: LockManagerLike = {
      async request(name, callback) {
        names.push(name);
        shared.setItem(KEYS.token, fresh2);
        shared.setItem(KEYS.refreshToken, 'refresh_2');
        return callback();
      },
    };
    const { client, count } = setup(
      { [SESSIONS]: () => json(session()) },
      { storage: shared, locks },
    );
    await expect(client.getAccessToken()).resolves.toBe(fresh2);
    expect(names).toEqual([`latchkey-refresh-${APP_ID}`]);
    expect(count(SESSIONS)).toBe(0);
  });

  it('re-reads the rotated refresh token inside the lock before refreshing', async () => {
    const shared = memoryStorage();
    shared.setItem(KEYS.token, expired);
    shared.setItem(KEYS.refreshToken, 'refresh_1');
    const locks: LockManagerLike = {
      async request(_name, callback) {
        // The other tab rotated the refresh token but its new access token is already stale.
        shared.setItem(KEYS.refreshToken, 'refresh_rotated');
        return callback();
      },
    };
    const { client, calls } = setup(
      { [SESSIONS]: () => json(session()) },
      { storage: shared, locks },
    );
    await client.getAccessToken();
    expect(calls[0]!.body).toEqual({ refresh_token: 'refresh_rotated' });
  });

  it('waits for initialize before answering', async () => {
    const { client, count } = setup(
      { [SESSIONS]: () => json(session()) },
      { stored: { [KEYS.token]: expired, [KEYS.refreshToken]: 'r' } },
    );
    const init = client.initialize();
    await expect(client.getAccessToken()).resolves.toBe(fresh2);
    await init;
    expect(count(SESSIONS)).toBe(1);
  });

  it('throws a network failure of the refresh', async () => {
    const { client } = setup(
      { [SESSIONS]: () => Promise.reject(new TypeError('offline')) },
      { stored: { [KEYS.token]: expired, [KEYS.refreshToken]: 'r' } },
    );
    await expect(client.getAccessToken()).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('logout', () => {
  it('calls the API with the refresh token and clears local state', async () => {
    const { client, storage, calls } = setup(
      { [LOGOUT]: () => json({}) },
      { stored: { [KEYS.token]: fresh, [KEYS.refreshToken]: 'r', [KEYS.cookies]: 'true' } },
    );
    await client.logout();
    expect(calls[0]!.body).toEqual({ refresh_token: 'r' });
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(storage.getItem(KEYS.token)).toBeNull();
    expect(storage.getItem(KEYS.refreshToken)).toBeNull();
    expect(storage.getItem(KEYS.cookies)).toBeNull();
    expect(client.getState()).toEqual({ status: 'unauthenticated', user: null });
  });

  it('clears local state even when the API fails', async () => {
    const { client, storage } = setup(
      { [LOGOUT]: () => Promise.reject(new TypeError('offline')) },
      { stored: { [KEYS.token]: fresh, [KEYS.refreshToken]: 'r' } },
    );
    await expect(client.logout()).resolves.toBeUndefined();
    expect(storage.getItem(KEYS.token)).toBeNull();
    expect(client.getState().status).toBe('unauthenticated');
  });
});

describe('refreshUser', () => {
  it('re-reads the user', async () => {
    const { client } = setup(
      { [ME]: () => json({ user: wireUser({ has_accepted_terms: true }) }) },
      { stored: { [KEYS.token]: fresh } },
    );
    const user = await client.refreshUser();
    expect(user?.hasAcceptedTerms).toBe(true);
    expect(client.getState().user).toBe(user);
  });

  it('answers null when logged out', async () => {
    const { client, calls } = setup({});
    await expect(client.refreshUser()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('refreshes the session when the token is refused', async () => {
    const { client, count } = setup(
      { [ME]: invalidToken, [SESSIONS]: () => json(session()) },
      { stored: { [KEYS.token]: fresh, [KEYS.refreshToken]: 'r' } },
    );
    const user = await client.refreshUser();
    expect(user?.id).toBe('user_1');
    expect(count(SESSIONS)).toBe(1);
  });
});

describe('getAppConfig', () => {
  it('fetches once and caches', async () => {
    const { client, count } = setup({ [CONFIG]: () => json({ id: APP_ID, name: 'Acme' }) });
    await client.getAppConfig();
    await client.getAppConfig();
    expect(count(CONFIG)).toBe(1);
  });

  it('does not cache a failure', async () => {
    const { client, count } = setup({
      [CONFIG]: [
        () => json({ error: 'No app', code: 'app_not_found' }, 404),
        () => json({ name: 'Acme' }),
      ],
    });
    await expect(client.getAppConfig()).rejects.toBeInstanceOf(ApiError);
    await expect(client.getAppConfig()).resolves.toEqual({ name: 'Acme' });
    expect(count(CONFIG)).toBe(2);
  });
});

describe('storage that throws', () => {
  it('keeps working in memory (blocked storage, Safari private mode)', async () => {
    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const { client } = setup(
      { [AUTH]: () => json({ ...session(), is_new_user: false }), [LOGOUT]: () => json({}) },
      { storage: blocked },
    );
    await client.initialize();
    expect(client.getState().status).toBe('unauthenticated');
    await client.loginWithEmailCode({ email: 'alice@example.com', code: '123456' });
    await expect(client.getAccessToken()).resolves.toBe(fresh2);
    await client.logout();
    await expect(client.getAccessToken()).resolves.toBeNull();
  });
});

describe('subscribe', () => {
  it('unsubscribes and keeps the same state object until a change', async () => {
    const { client } = setup({});
    const listener = vi.fn();
    const off = client.subscribe(listener);
    const before = client.getState();
    expect(client.getState()).toBe(before);
    await client.initialize();
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await client.logout();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('other tabs', () => {
  const storageEvent = (key: string | null) => Object.assign(new Event('storage'), { key });

  it('follows a logout in another tab', async () => {
    const events = new EventTarget();
    const { client, storage } = setup(
      { [ME]: () => json({ user: wireUser() }) },
      { stored: { [KEYS.token]: fresh, [KEYS.refreshToken]: 'r' }, storageEvents: events },
    );
    await client.initialize();
    expect(client.getState().status).toBe('authenticated');
    storage.removeItem(KEYS.token);
    storage.removeItem(KEYS.refreshToken);
    events.dispatchEvent(storageEvent(KEYS.token));
    expect(client.getState()).toEqual({ status: 'unauthenticated', user: null });
  });

  it('follows a login in another tab', async () => {
    const events = new EventTarget();
    const { client, storage } = setup(
      { [ME]: () => json({ user: wireUser() }) },
      { storageEvents: events },
    );
    await client.initialize();
    storage.setItem(KEYS.token, fresh);
    storage.setItem(KEYS.refreshToken, 'r');
    events.dispatchEvent(storageEvent('unrelated'));
    await flush();
    expect(client.getState().status).toBe('unauthenticated');
    events.dispatchEvent(storageEvent(KEYS.token));
    await vi.waitFor(() => expect(client.getState().status).toBe('authenticated'));
  });

  it('stops listening after destroy', async () => {
    const events = new EventTarget();
    const { client, storage } = setup(
      { [ME]: () => json({ user: wireUser() }) },
      { stored: { [KEYS.token]: fresh }, storageEvents: events },
    );
    await client.initialize();
    client.destroy();
    storage.removeItem(KEYS.token);
    events.dispatchEvent(storageEvent(KEYS.token));
    expect(client.getState().status).toBe('authenticated');
  });

  it('getAccessToken notices that another tab logged out', async () => {
    const { client, storage } = setup(
      { [ME]: () => json({ user: wireUser() }) },
      { stored: { [KEYS.token]: fresh } },
    );
    await client.initialize();
    storage.removeItem(KEYS.token);
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(client.getState().status).toBe('unauthenticated');
  });
});
