/**
 * Shared set-up of the session and client tests (not shipped: under a `test` folder): a client
 * on a scripted `fetch` and memory storage, fixed clock, tokens and session answers.
 */
import { ROUTES, type SessionResponse } from '@latchkey/api';
import { vi } from 'vitest';
import { createApiClient } from '../../api/createApiClient.ts';
import { messages } from '../../messages.ts';
import { createWalletRegistry } from '../../wallets/registry.ts';
import { API_URL, APP_ID, accessToken, fakeFetch, json, wireUser } from '../../test/fakes.ts';
import {
  type CreateLatchkeyClientParameters,
  createLatchkeyClient,
} from '../createLatchkeyClient.ts';
import { type KeyValueStorage, memoryStorage, storageKeys } from '../storage.ts';
import { createSessionStore } from '../store.ts';

export const NOW = 1_800_000_000_000;
export const KEYS = storageKeys(APP_ID);
export const SESSIONS = `POST ${ROUTES.sessions}`;
export const LOGOUT = `POST ${ROUTES.logout}`;
export const ME = `GET ${ROUTES.usersMe}`;
export const AUTH = `POST ${ROUTES.passwordlessAuthenticate}`;
export const INIT = `POST ${ROUTES.passwordlessInit}`;
export const CONFIG = `GET ${ROUTES.appConfig(APP_ID)}`;

export const fresh = accessToken(NOW);
export const fresh2 = accessToken(NOW, 3500);
export const expired = accessToken(NOW, -10);
export const expiringSoon = accessToken(NOW, 30);

export function session(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    user: wireUser(),
    token: fresh2,
    refresh_token: 'refresh_2',
    session_update_action: 'set',
    ...overrides,
  };
}

export function setup(
  routes: Parameters<typeof fakeFetch>[0],
  options: {
    stored?: Record<string, string>;
    storage?: KeyValueStorage;
  } & Partial<CreateLatchkeyClientParameters> = {},
) {
  const storage = options.storage ?? memoryStorage();
  for (const [k, v] of Object.entries(options.stored ?? {})) storage.setItem(k, v);
  const fake = fakeFetch(routes);
  const logger = { warn: vi.fn() };
  const client = createLatchkeyClient({
    appId: APP_ID,
    apiUrl: API_URL,
    storage,
    fetch: fake.fetch,
    now: () => NOW,
    locks: null,
    storageEvents: null,
    retryDelayMs: 0,
    logger,
    ...options,
  });
  return { client, storage, logger, ...fake };
}

export const invalidToken = () =>
  json({ error: 'Invalid refresh token', code: 'missing_or_invalid_token' }, 401);

/**
 * A bare session store (no client around it) on a scripted `fetch`: restored from a stored
 * fresh token (logged in as `wireUser()`) when `loggedIn`, else logged out. For the tests of
 * `actions/`.
 */
export async function storeSetup(
  routes: Parameters<typeof fakeFetch>[0],
  { loggedIn = false }: { loggedIn?: boolean } = {},
) {
  const storage = memoryStorage();
  if (loggedIn) storage.setItem(KEYS.token, fresh);
  const fake = fakeFetch({ [ME]: () => json({ user: wireUser() }), ...routes });
  const logger = { warn: vi.fn() };
  const api = createApiClient({
    appId: APP_ID,
    apiUrl: API_URL,
    fetch: fake.fetch,
    retryDelayMs: 0,
    getAccessToken: () => storage.getItem(KEYS.token),
  });
  const store = createSessionStore({
    appId: APP_ID,
    api,
    storage,
    keys: KEYS,
    text: messages,
    wallets: createWalletRegistry(),
    now: () => NOW,
    logger,
    locks: null,
    storageEvents: null,
  });
  await store.initialize();
  return { store, storage, logger, ...fake };
}
