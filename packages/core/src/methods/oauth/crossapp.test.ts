/**
 * The cross-app login on the requester's side (issue 21; spec sections 4 "Cross-app auth", 8 and
 * 9): `loginWithCrossAppAccount` runs the OAuth flow with provider `latchkey:{appId}` in a
 * 440x680 popup, checks the state, and ends with 'User canceled flow' when the popup closes
 * without an answer and 'Authorization request timed out after 2 minutes.' after 120 s.
 */
import { CROSS_APP_ROUTES, ROUTES, type SessionResponse } from '@latchkey/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken, APP_ID, json, wireUser } from '../../test/fakes.ts';
import { setup as clientSetup, NOW } from '../../session/test/client.ts';
import * as oauthModule from './index.ts';
import { OAUTH_MESSAGE_TYPE } from './shared.ts';

const PROVIDER_APP = 'providerapp00000000000000';
const ORIGIN = 'https://shop.example';

/** A popup the test drives: `closed`, where it was sent, whether the flow closed it. */
interface FakePopup {
  closed: boolean;
  location: { href: string };
  close(): void;
  closedByFlow: boolean;
}

/** A window with `open` (the popup) and `message` events, as the flow uses them. */
function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const opened: { features: string; popup: FakePopup }[] = [];
  const win = {
    location: { origin: ORIGIN, assign: vi.fn() },
    open: (_url: string, _name: string, features: string) => {
      const popup: FakePopup = {
        closed: false,
        closedByFlow: false,
        location: { href: 'about:blank' },
        close() {
          this.closed = true;
          this.closedByFlow = true;
        },
      };
      opened.push({ features, popup });
      return popup;
    },
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
  };
  /** The popup's return page posting to its opener. */
  const post = (source: unknown, data: unknown, origin = ORIGIN) => {
    for (const l of [...listeners]) l({ origin, source, data } as MessageEvent);
  };
  return { win, opened, post };
}

const store = new Map<string, string>();
let w: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  store.clear();
  w = fakeWindow();
  vi.stubGlobal('window', w.win);
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const session: SessionResponse = {
  user: wireUser(),
  token: accessToken(NOW, 3000),
  refresh_token: 'r',
  session_update_action: 'set',
};

async function client() {
  const fake = clientSetup(
    {
      [`POST ${ROUTES.oauthInit}`]: () => json({ url: 'https://api.example/oidc/auth?x=1' }),
      [`POST ${ROUTES.oauthAuthenticate}`]: () => json({ ...session, is_new_user: true }),
    },
    { stored: {}, oauth: () => Promise.resolve(oauthModule) },
  );
  await fake.client.initialize();
  return fake;
}

/** Waits until the flow has sent the popup to the provider. */
async function sent(popup: FakePopup) {
  await vi.waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
}

describe('loginWithCrossAppAccount (issue 21)', () => {
  it('opens a 440x680 popup, logs in with latchkey:{appId} and the stored PKCE verifier', async () => {
    const { client: c, calls } = await client();
    const result = c.loginWithCrossAppAccount({ appId: PROVIDER_APP });
    expect(w.opened).toHaveLength(1);
    expect(w.opened[0]!.features).toBe('popup=yes,width=440,height=680');
    const { popup } = w.opened[0]!;
    await sent(popup);
    expect(popup.location.href).toBe('https://api.example/oidc/auth?x=1');
    const init = calls.find((call) => call.url.endsWith(ROUTES.oauthInit))!;
    expect(init.body).toMatchObject({ provider: `latchkey:${PROVIDER_APP}`, redirect_to: ORIGIN });
    const { state, verifier } = JSON.parse([...store.values()][0]!) as {
      state: string;
      verifier: string;
    };
    w.post(popup, {
      type: OAUTH_MESSAGE_TYPE,
      code: 'the-code',
      state,
      provider: `latchkey:${PROVIDER_APP}`,
    });
    const done = await result;
    expect(done?.isNewUser).toBe(true);
    const auth = calls.find((call) => call.url.endsWith(ROUTES.oauthAuthenticate))!;
    expect(auth.body).toEqual({
      provider: `latchkey:${PROVIDER_APP}`,
      authorization_code: 'the-code',
      state_code: state,
      code_verifier: verifier,
    });
    expect(c.getState().status).toBe('authenticated');
  });

  it("answers 'User canceled flow' when the popup closes without an answer", async () => {
    const { client: c, calls } = await client();
    const result = c.loginWithCrossAppAccount({ appId: PROVIDER_APP });
    const { popup } = w.opened[0]!;
    await sent(popup);
    popup.closed = true; // the user closed it
    await expect(result).rejects.toMatchObject({
      message: 'User canceled flow',
      code: 'cross_app_canceled',
    });
    expect(store.size).toBe(0); // the pending flow is gone
    expect(calls.some((call) => call.url.endsWith(ROUTES.oauthAuthenticate))).toBe(false);
    expect(c.getState().status).toBe('unauthenticated');
  });

  it('times out after 120 s and closes the popup', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { client: c } = await client();
    const result = c.loginWithCrossAppAccount({ appId: PROVIDER_APP });
    const failure = expect(result).rejects.toMatchObject({
      message: 'Authorization request timed out after 2 minutes.',
      code: 'cross_app_timeout',
    });
    const { popup } = w.opened[0]!;
    await sent(popup);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(popup.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    await failure;
    expect(popup.closedByFlow).toBe(true);
  });

  it("refuses another state from the popup: 'Unexpected auth flow...'", async () => {
    const { client: c, calls } = await client();
    const result = c.loginWithCrossAppAccount({ appId: PROVIDER_APP });
    const { popup } = w.opened[0]!;
    await sent(popup);
    w.post(popup, { type: OAUTH_MESSAGE_TYPE, code: 'c', state: 'not-ours', provider: '' });
    await expect(result).rejects.toMatchObject({ code: 'oauth_unexpected' });
    expect(calls.some((call) => call.url.endsWith(ROUTES.oauthAuthenticate))).toBe(false);
  });

  it('ignores a message from another window or origin', async () => {
    const { client: c } = await client();
    const result = c.loginWithCrossAppAccount({ appId: PROVIDER_APP });
    const { popup } = w.opened[0]!;
    await sent(popup);
    const pending = JSON.parse([...store.values()][0]!) as { state: string };
    const message = { type: OAUTH_MESSAGE_TYPE, code: 'c', state: pending.state, provider: '' };
    w.post({}, message);
    w.post(popup, message, 'https://evil.example');
    popup.closed = true;
    await expect(result).rejects.toMatchObject({ code: 'cross_app_canceled' });
  });
});

describe('getCrossAppConnections (issue 21 item 3)', () => {
  const connection = {
    provider_app_id: PROVIDER_APP,
    provider_app_name: 'Provider',
    provider_app_icon_url: null,
    provider_app_custom_api_url: null,
    read_only: true,
  };

  it('lists the connections once per client; a failed listing is asked again', async () => {
    let answers = 0;
    const fake = clientSetup(
      {
        [`GET ${CROSS_APP_ROUTES.connections(APP_ID)}`]: () =>
          ++answers === 1
            ? json({ error: 'not_found', message: 'gone' }, 404)
            : json({ connections: [connection] }),
      },
      { stored: {}, oauth: () => Promise.resolve(oauthModule) },
    );
    await fake.client.initialize();
    await expect(fake.client.getCrossAppConnections()).rejects.toMatchObject({ status: 404 });
    expect(fake.client.knownCrossAppConnections()).toBeNull();
    const [first, second] = await Promise.all([
      fake.client.getCrossAppConnections(),
      fake.client.getCrossAppConnections(),
    ]);
    expect(first).toEqual([connection]);
    expect(second).toBe(first);
    expect(await fake.client.getCrossAppConnections()).toBe(first);
    expect(fake.client.knownCrossAppConnections()).toBe(first);
    const listings = fake.calls.filter((call) =>
      call.url.endsWith(CROSS_APP_ROUTES.connections(APP_ID)),
    );
    expect(listings).toHaveLength(2);
    expect(listings.every((call) => (call.init.method ?? 'GET') === 'GET')).toBe(true);
  });
});
