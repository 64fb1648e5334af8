import { ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../errors/request.ts';
import { json } from '../test/fakes.ts';
import {
  expired,
  fresh,
  fresh2,
  invalidToken,
  KEYS,
  LOGOUT,
  session,
  SESSIONS,
  setup,
} from './test/client.ts';

const FORK = `POST ${ROUTES.sessionsFork}`;
const stored = { [KEYS.token]: fresh, [KEYS.refreshToken]: 'refresh_1' };

describe('forkSession (spec section 7, issue 21)', () => {
  it("rotates this session, stores its new tokens and answers the second session's token", async () => {
    const { client, storage, calls, count } = setup(
      { [FORK]: () => json({ ...session(), new_session_refresh_token: 'forked_1' }) },
      { stored },
    );
    await expect(client.forkSession()).resolves.toBe('forked_1');
    expect(count(FORK)).toBe(1);
    expect(calls[0]!.body).toEqual({ refresh_token: 'refresh_1' });
    expect(storage.getItem(KEYS.token)).toBe(fresh2);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_2');
    expect(client.getState().status).toBe('authenticated');
  });

  it('answers null without a request when logged out', async () => {
    const { client, calls } = setup({});
    await expect(client.forkSession()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('a dead session: local state destroyed, null', async () => {
    const { client, storage } = setup({ [FORK]: invalidToken }, { stored });
    await expect(client.forkSession()).resolves.toBeNull();
    expect(storage.getItem(KEYS.refreshToken)).toBeNull();
    expect(client.getState().status).toBe('unauthenticated');
  });

  it('is not retried on a network failure, and keeps this session', async () => {
    const { client, storage, count } = setup(
      {
        [FORK]: () => {
          throw new TypeError('fetch failed');
        },
      },
      { stored, retries: 3, retryDelayMs: 1 },
    );
    await expect(client.forkSession()).rejects.toBeInstanceOf(NetworkError);
    expect(count(FORK)).toBe(1);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_1');
  });
});

describe('restoreForkedSession', () => {
  it('refreshes with the forked token and becomes that session', async () => {
    const { client, storage, calls } = setup({ [SESSIONS]: () => json(session()) });
    const user = await client.restoreForkedSession('forked_1');
    expect(user?.id).toBe('user_1');
    expect(calls[0]!.body).toEqual({ refresh_token: 'forked_1' });
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_2');
    expect(client.getState().status).toBe('authenticated');
  });

  it('logs out a session it held first', async () => {
    const { client, calls } = setup(
      { [LOGOUT]: () => json({}), [SESSIONS]: () => json(session()) },
      { stored: { [KEYS.token]: expired, [KEYS.refreshToken]: 'refresh_1' } },
    );
    await client.restoreForkedSession('forked_1');
    expect(calls.map((c) => `${c.init.method} ${new URL(c.url).pathname}`)).toEqual([
      LOGOUT,
      SESSIONS,
    ]);
    expect(calls[0]!.body).toEqual({ refresh_token: 'refresh_1' });
    expect(calls[1]!.body).toEqual({ refresh_token: 'forked_1' });
  });

  it('an invalid forked token: null, logged out', async () => {
    const { client } = setup({ [SESSIONS]: invalidToken });
    await expect(client.restoreForkedSession('nope')).resolves.toBeNull();
    expect(client.getState().status).toBe('unauthenticated');
  });
});
