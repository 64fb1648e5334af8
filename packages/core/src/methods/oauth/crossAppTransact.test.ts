/**
 * Signing with a cross-app wallet on the requester's side (issue 21 item 3; spec sections 7, 8
 * and 9): the provider token of the login is kept with the session; `crossAppRequest` opens the
 * 400x680 transact popup in the click, sends the request only to that popup at the provider API's
 * origin once it is ready, and answers its response, its error, 'User rejected request' when it
 * closes, 'Request timeout' after 120 s; the eager checks refuse before any popup opens.
 */
import {
  CROSS_APP_ACTION,
  CROSS_APP_ROUTES,
  type CrossAppRpcRequest,
  ROUTES,
  type SessionResponse,
} from '@latchkey/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_URL, APP_ID, accessToken, json, wireUser } from '../../test/fakes.ts';
import { setup as clientSetup, KEYS, NOW } from '../../session/test/client.ts';
import * as oauthModule from './index.ts';
import { OAUTH_MESSAGE_TYPE } from './shared.ts';

const PROVIDER_APP = 'providerapp00000000000000';
const ORIGIN = 'https://shop.example';
const API_ORIGIN = new URL(API_URL).origin;
const WALLET = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

interface FakePopup {
  url: string;
  features: string;
  closed: boolean;
  location: { href: string };
  posted: { data: unknown; origin: string }[];
  postMessage(data: unknown, origin: string): void;
  close(): void;
}

function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const opened: FakePopup[] = [];
  let block = false;
  const win = {
    location: { origin: ORIGIN, assign: vi.fn() },
    open: (url: string, _name: string, features: string) => {
      if (block) return null;
      const popup: FakePopup = {
        url,
        features,
        closed: false,
        location: { href: url },
        posted: [],
        postMessage(data, origin) {
          this.posted.push({ data, origin });
        },
        close() {
          this.closed = true;
        },
      };
      opened.push(popup);
      return popup;
    },
    addEventListener: (_type: string, l: (event: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_type: string, l: (event: MessageEvent) => void) => listeners.delete(l),
  };
  const post = (source: unknown, data: unknown, origin = API_ORIGIN) => {
    for (const l of [...listeners]) l({ origin, source, data } as MessageEvent);
  };
  return { win, opened, post, blockPopups: () => (block = true) };
}

const sessionStore = new Map<string, string>();
let w: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  sessionStore.clear();
  w = fakeWindow();
  vi.stubGlobal('window', w.win);
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => sessionStore.get(k) ?? null,
    setItem: (k: string, v: string) => sessionStore.set(k, v),
    removeItem: (k: string) => sessionStore.delete(k),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const crossAppUser = wireUser({
  linked_accounts: [
    {
      type: 'cross_app',
      subject: 'provider-user-1',
      provider_app: { id: PROVIDER_APP },
      embedded_wallets: [{ address: WALLET }],
      smart_wallets: [],
      verified_at: 1_700_000_001,
      first_verified_at: 1_700_000_001,
      latest_verified_at: 1_700_000_002,
    },
  ],
});

const session: SessionResponse = {
  user: crossAppUser,
  token: accessToken(NOW, 3000),
  refresh_token: 'r',
  session_update_action: 'set',
};

/** A client logged in through the cross-app popup; the provider's token lasts `expiresIn` s. */
async function loggedIn(expiresIn = 3600, readOnly = false) {
  const fake = clientSetup(
    {
      [`GET ${CROSS_APP_ROUTES.connections(APP_ID)}`]: () =>
        json({
          connections: [
            {
              provider_app_id: PROVIDER_APP,
              provider_app_name: 'Provider',
              provider_app_icon_url: null,
              provider_app_custom_api_url: null,
              read_only: readOnly,
            },
          ],
        }),
      [`POST ${ROUTES.oauthInit}`]: () => json({ url: `${API_ORIGIN}/oidc/auth?x=1` }),
      [`POST ${ROUTES.oauthAuthenticate}`]: () =>
        json({
          ...session,
          is_new_user: true,
          oauth_tokens: {
            provider: `latchkey:${PROVIDER_APP}`,
            access_token: 'provider-access-token',
            access_token_expires_in_seconds: expiresIn,
            refresh_token: null,
            refresh_token_expires_in_seconds: null,
            scopes: ['openid', 'wallets'],
          },
        }),
      [`POST ${ROUTES.logout}`]: () => json({}),
    },
    { stored: {}, oauth: () => Promise.resolve(oauthModule) },
  );
  await fake.client.initialize();
  const login = fake.client.loginWithCrossAppAccount({ appId: PROVIDER_APP });
  const popup = w.opened[0]!;
  await vi.waitFor(() => expect(popup.location.href).toContain('/oidc/auth'));
  const { state } = JSON.parse([...sessionStore.values()][0]!) as { state: string };
  w.post(
    popup,
    { type: OAUTH_MESSAGE_TYPE, code: 'c', state, provider: `latchkey:${PROVIDER_APP}` },
    ORIGIN,
  );
  await login;
  w.opened.length = 0;
  return fake;
}

/** The page says it listens (again until the request came: it repeats itself, as the page does). */
async function ready(popup: FakePopup, count = 1) {
  await vi.waitFor(() => {
    w.post(popup, { type: CROSS_APP_ACTION.ready });
    expect(popup.posted).toHaveLength(count);
  });
}

const SIGN: CrossAppRpcRequest = { method: 'personal_sign', params: ['0x68656c6c6f', WALLET] };

describe('crossAppRequest (issue 21)', () => {
  it('opens the 400x680 transact popup, sends the request when it is ready, answers its result', async () => {
    const { client: c, storage } = await loggedIn();
    expect(storage.getItem(KEYS.sessionData)).toContain('provider-access-token');
    const result = c.crossAppRequest({ address: WALLET.toLowerCase(), request: SIGN });
    expect(w.opened).toHaveLength(1);
    const popup = w.opened[0]!;
    expect(popup.features).toBe('popup=yes,width=400,height=680');
    const url = new URL(popup.url);
    expect(url.origin).toBe(API_ORIGIN);
    expect(url.pathname).toBe(
      `${new URL(API_URL).pathname.replace(/\/$/, '')}/api/v1/apps/${PROVIDER_APP}/oidc/transact`,
    );
    expect(url.searchParams.get('origin')).toBe(ORIGIN);
    expect(url.searchParams.get('client_id')).toBe(c.appId);
    // Nothing is sent before the page says it listens, nor to a look-alike.
    await vi.waitFor(() => expect(popup.posted).toHaveLength(0));
    w.post(popup, { type: CROSS_APP_ACTION.ready }, 'https://evil.example');
    w.post({}, { type: CROSS_APP_ACTION.ready });
    await new Promise((r) => setTimeout(r, 10));
    expect(popup.posted).toHaveLength(0);
    await ready(popup);
    const { data, origin } = popup.posted[0]! as {
      data: { type: string; id: string; token: string; request: unknown };
      origin: string;
    };
    expect(origin).toBe(API_ORIGIN);
    expect(data).toMatchObject({
      type: CROSS_APP_ACTION.request,
      token: 'provider-access-token',
      request: SIGN,
    });
    // A second ready does not resend; an answer with another id or origin is ignored.
    w.post(popup, { type: CROSS_APP_ACTION.ready });
    w.post(popup, { type: CROSS_APP_ACTION.response, id: 'other', result: '0xbad' });
    w.post(popup, { type: CROSS_APP_ACTION.response, id: data.id, result: '0xbad' }, ORIGIN);
    w.post(popup, { type: CROSS_APP_ACTION.response, id: data.id, result: '0x5167' });
    await expect(result).resolves.toBe('0x5167');
    expect(popup.posted).toHaveLength(1);
  });

  it("answers the popup's errors: 4001 'User rejected request', the server's codes", async () => {
    const { client: c } = await loggedIn();
    const rejected = c.crossAppRequest({ address: WALLET, request: SIGN });
    const popup = w.opened[0]!;
    await ready(popup);
    const { id } = popup.posted[0]!.data as { id: string };
    w.post(popup, {
      type: CROSS_APP_ACTION.error,
      id,
      error: { code: 4001, message: 'User rejected request' },
    });
    await expect(rejected).rejects.toMatchObject({ code: 4001, message: 'User rejected request' });

    const refused = c.crossAppRequest({ address: WALLET, request: SIGN });
    const second = w.opened[1]!;
    await ready(second);
    w.post(second, {
      type: CROSS_APP_ACTION.error,
      id: (second.posted[0]!.data as { id: string }).id,
      error: { code: 'cross_app_read_only', message: 'read-only' },
    });
    await expect(refused).rejects.toMatchObject({ code: 'cross_app_read_only' });
  });

  it("answers 'User rejected request' when the popup closes, 'Request timeout' after 120 s", async () => {
    const { client: c } = await loggedIn();
    const closed = c.crossAppRequest({ address: WALLET, request: SIGN });
    w.opened[0]!.closed = true;
    await expect(closed).rejects.toMatchObject({ code: 4001, message: 'User rejected request' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const slow = c.crossAppRequest({ address: WALLET, request: SIGN });
    const failure = expect(slow).rejects.toMatchObject({
      message: 'Request timeout',
      code: 'cross_app_request_timeout',
    });
    await vi.advanceTimersByTimeAsync(119_000);
    expect(w.opened[1]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    await failure;
    expect(w.opened[1]!.closed).toBe(true);
  });

  it('refuses before any popup: another address, a blocked popup', async () => {
    const { client: c } = await loggedIn();
    await expect(
      c.crossAppRequest({
        address: '0x0000000000000000000000000000000000000001',
        request: SIGN,
      }),
    ).rejects.toMatchObject({
      code: 'cross_app_invalid_address',
      message: 'Cannot request a signature with this wallet address',
    });
    expect(w.opened).toHaveLength(0);
    w.blockPopups();
    await expect(c.crossAppRequest({ address: WALLET, request: SIGN })).rejects.toMatchObject({
      code: 'cross_app_popup_blocked',
      message: 'Failed to initialize signature request',
    });
  });

  it('refuses a read-only connection before any popup once the listing is known (spec section 6)', async () => {
    const { client: c } = await loggedIn(3600, true);
    await c.getCrossAppConnections();
    await expect(c.crossAppRequest({ address: WALLET, request: SIGN })).rejects.toMatchObject({
      code: 'cross_app_read_only',
      message: 'This connection is read-only: it cannot request signatures',
    });
    expect(w.opened).toHaveLength(0);
    // A writable connection's listing lets the same request open its popup.
    const writable = await loggedIn(3600, false);
    await writable.client.getCrossAppConnections();
    const pending = writable.client.crossAppRequest({ address: WALLET, request: SIGN });
    pending.catch(() => {});
    expect(w.opened).toHaveLength(1);
    w.opened[0]!.close();
  });

  it("refuses an expired token: 'Transactions require a valid token'", async () => {
    const { client: c } = await loggedIn(-1);
    await expect(c.crossAppRequest({ address: WALLET, request: SIGN })).rejects.toMatchObject({
      code: 'cross_app_invalid_token',
      message: 'Transactions require a valid token',
    });
    expect(w.opened).toHaveLength(0);
  });

  it('clears the provider token at logout', async () => {
    const { client: c, storage } = await loggedIn();
    expect(storage.getItem(KEYS.sessionData)).not.toBeNull();
    await c.logout();
    expect(storage.getItem(KEYS.sessionData)).toBeNull();
  });

  it('gives an EIP-1193 provider whose signing methods go through the popup', async () => {
    const { client: c } = await loggedIn();
    const provider = await c.getCrossAppProvider({ address: WALLET, chainId: 31337 });
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([WALLET]);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69');
    await expect(
      provider.request({ method: 'eth_getBalance', params: [WALLET, 'latest'] }),
    ).rejects.toMatchObject({ code: 4200 });
    const sent = provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: WALLET, to: WALLET, value: '0x1' }],
    });
    const popup = w.opened[0]!;
    await ready(popup);
    const data = popup.posted[0]!.data as { id: string; request: unknown };
    expect(data.request).toEqual({
      method: 'eth_sendTransaction',
      params: [{ chainId: 31337, from: WALLET, to: WALLET, value: '0x1' }],
    });
    w.post(popup, { type: CROSS_APP_ACTION.response, id: data.id, result: '0xhash' });
    await expect(sent).resolves.toBe('0xhash');
  });
});
