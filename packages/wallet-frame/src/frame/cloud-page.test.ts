// @vitest-environment happy-dom
import {
  FRAME_EVENTS,
  RECOVERY_OAUTH_MESSAGE_TYPE,
  ROUTES,
  type RecoveryOAuthAuthenticateRequest,
  type RecoveryOAuthInitRequest,
} from '@latchkey/api';
import { calculatePKCECodeChallenge } from 'oauth4webapi';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloudRecoveryMismatchError } from '../custody/cloud-recovery.ts';
import { CustodyError } from '../custody/errors.ts';
import {
  CLOUD_FLOW_STORAGE_PREFIX,
  CLOUD_POPUP_FEATURES,
  CLOUD_POPUP_NAME,
  startCloudPage,
} from './cloud-page.ts';
import { runCloudReturn } from './cloud-return.ts';
import { CLOUD_TEXTS } from './cloud-view.ts';
import { openDeviceShareStore } from './device-store.ts';
import { openFrameKey } from './frame-key.ts';
import { createShareApi, type ShareApi, ShareApiError } from './share-api.ts';
import {
  $,
  fakeVisibility,
  resetDocument,
  sleep,
  syntheticClick,
  trustedClick,
} from './test/approval-fakes.ts';
import { API_URL, APP_ID, fakeShareServer, memoryStorage, token } from './test/fakes.ts';
import { CLOUD_RECOVERY_ACCESS, type CloudRecoveryAccess } from './wallet-handlers.ts';

const PARENT = 'https://app.example';
const ORIGIN = { origin: PARENT };
const T = token('user_1');
const ADDRESS = '0x1111111111111111111111111111111111111111';
const ARM_MS = 30;
const FRAME_ORIGIN = new URL(API_URL).origin;
const AUTH_URL = 'https://accounts.example/authorize';
const SIGN_IN_URL = 'https://idmsa.example/signin?x=1';

/** A pop-up as `window.open` returns it: the page navigates it and may close it. */
function fakePopup() {
  return {
    closed: false,
    location: { href: 'about:blank' },
    close() {
      this.closed = true;
    },
  };
}
type Popup = ReturnType<typeof fakePopup>;

/** A message in the frame's window from `source` at `origin`. */
function post(source: unknown, origin: string, data: unknown) {
  const event = new MessageEvent('message', { data });
  Object.defineProperty(event, 'origin', { value: origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

/** A cloud page with a fake API client and custody handlers that record what they got. */
function page(
  options: {
    popup?: Popup | null;
    storage?: ReturnType<typeof memoryStorage>;
    handler?: (data: Record<PropertyKey, unknown>) => Promise<unknown>;
    pollMs?: number;
  } = {},
) {
  const popup = options.popup === undefined ? fakePopup() : options.popup;
  const open = vi.fn(() => popup);
  window.open = open as unknown as typeof window.open;
  const init = vi.fn(
    async (_token: string, body: RecoveryOAuthInitRequest) =>
      `${AUTH_URL}?state=${body.state_code}&redirect=${encodeURIComponent(body.redirect_to)}`,
  );
  const authenticate = vi.fn(async (_token: string, _body: RecoveryOAuthAuthenticateRequest) => ({
    provider: 'google-drive' as const,
    access_token: 'drive-token',
    access_token_expires_in_seconds: 3600,
    scopes: ['https://www.googleapis.com/auth/drive.appdata'],
    api_url: 'https://drive.example',
  }));
  const initICloud = vi.fn(async () => ({
    url: SIGN_IN_URL,
    cloudkit: {
      api_url: 'https://ck.example',
      container: 'iCloud.example',
      environment: 'development' as const,
      api_token: 'ck',
    },
  }));
  const api = {
    recoveryOAuthInit: init,
    recoveryOAuthAuthenticate: authenticate,
    recoveryOAuthInitICloud: initICloud,
  } as unknown as ShareApi;
  const seen: Record<PropertyKey, unknown>[] = [];
  const custody = vi.fn(async (data: unknown) => {
    seen.push(data as Record<PropertyKey, unknown>);
    if (options.handler) return options.handler(data as Record<PropertyKey, unknown>);
    return { address: ADDRESS, deviceStorage: 'local' };
  });
  const io = fakeVisibility();
  const storage = options.storage ?? memoryStorage();
  const handle = startCloudPage(
    document,
    window,
    { appId: APP_ID, apiUrl: API_URL, store: openDeviceShareStore(APP_ID, () => memoryStorage()) },
    {
      api,
      handlers: {
        [FRAME_EVENTS.walletCreate]: custody,
        [FRAME_EVENTS.walletRecover]: custody,
        [FRAME_EVENTS.walletSetRecovery]: custody,
      },
      guard: { IntersectionObserver: io.Observer, hasVisibilityV2: true, armMs: ARM_MS },
      storage,
      theme: {},
      pollMs: options.pollMs ?? 20,
    },
  );
  const arm = async () => {
    io.visible(true);
    await sleep(ARM_MS + 20);
  };
  return { handle, open, popup, init, authenticate, initICloud, custody, seen, arm, storage };
}

const state = () => document.querySelector('main')!.getAttribute('data-state');
const failure = () => $('cloud-failure').textContent;

/** Starts a request, arms the page and waits until it is drawn. */
async function start(p: ReturnType<typeof page>, data: Record<string, unknown>) {
  const answer = Promise.resolve(p.handle({ accessToken: T, ...data }, ORIGIN));
  const settled = answer.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.waitFor(() => expect(state()).not.toBe('waiting'));
  await p.arm();
  return { answer, settled };
}

/** The state the page sent to the provider (from the init call). */
const sentState = (p: ReturnType<typeof page>, call = 0) => p.init.mock.calls[call]![1].state_code;

afterEach(() => {
  resetDocument();
  vi.restoreAllMocks();
});

describe('cloud recovery page: Google Drive through the pop-up (issue 23)', () => {
  it('starts only on a trusted click, takes the return only from its pop-up at the frame origin, and finishes', async () => {
    const p = page();
    const { answer } = await start(p, { action: 'create', provider: 'google-drive' });
    expect($('cloud-button').textContent).toBe('Continue with Google Drive');
    // A script's click opens nothing.
    syntheticClick($('cloud-button'));
    await sleep(10);
    expect(p.open).not.toHaveBeenCalled();
    trustedClick($('cloud-button'));
    expect(p.open).toHaveBeenCalledWith('about:blank', CLOUD_POPUP_NAME, CLOUD_POPUP_FEATURES);
    await vi.waitFor(() => expect(p.popup!.location.href).toContain(AUTH_URL));
    expect(state()).toBe('popup');
    const sent = p.init.mock.calls[0]![1];
    expect(sent).toMatchObject({
      provider: 'google-drive',
      redirect_to: `${API_URL}${ROUTES.walletCloudReturn(APP_ID)}`,
      code_challenge_method: 'S256',
    });
    const message = { type: RECOVERY_OAUTH_MESSAGE_TYPE, code: 'the-code', state: sent.state_code };
    // Another window, another origin, another type: ignored.
    post(window, FRAME_ORIGIN, message);
    post(p.popup, 'https://evil.example', message);
    post(p.popup, FRAME_ORIGIN, { ...message, type: 'other' });
    await sleep(20);
    expect(p.authenticate).not.toHaveBeenCalled();
    post(p.popup, FRAME_ORIGIN, message);
    await expect(answer).resolves.toEqual({
      status: 'done',
      address: ADDRESS,
      recoveryMethod: 'google-drive',
      deviceStorage: 'local',
    });
    // The verifier went to authenticate only, and matches the challenge sent to init.
    const body = p.authenticate.mock.calls[0]![1];
    expect(body).toMatchObject({ authorization_code: 'the-code', state_code: sent.state_code });
    expect(await calculatePKCECodeChallenge(body.code_verifier)).toBe(sent.code_challenge);
    // The custody call got the Drive store in-process, under the symbol.
    const access = p.seen[0]![CLOUD_RECOVERY_ACCESS] as CloudRecoveryAccess;
    expect(access.provider).toBe('google-drive');
    expect(p.seen[0]).toMatchObject({ accessToken: T, recoveryMethod: 'google-drive' });
    const text = JSON.stringify(await answer);
    expect(text).not.toContain(body.code_verifier);
    expect(text).not.toContain('drive-token');
    expect(state()).toBe('done');
    expect(p.popup!.closed).toBe(true);
    // One request per page.
    await expect(
      Promise.resolve(
        p.handle({ accessToken: T, action: 'create', provider: 'google-drive' }, ORIGIN),
      ),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
  });

  it('shows the phishing text for another state and the denied text for the code undefined; Try again works', async () => {
    const p = page();
    const { answer } = await start(p, {
      action: 'set',
      provider: 'google-drive',
      address: ADDRESS,
    });
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(1));
    await sleep(5);
    post(p.popup, FRAME_ORIGIN, {
      type: RECOVERY_OAUTH_MESSAGE_TYPE,
      code: 'c',
      state: 'another-state-0123456789',
    });
    await vi.waitFor(() => expect(state()).toBe('failed'));
    expect(failure()).toBe(CLOUD_TEXTS.unexpected);
    expect($('cloud-button').textContent).toBe(CLOUD_TEXTS.tryAgain);
    // Try again: a new pop-up and flow; the user denies.
    p.popup!.closed = false;
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(2));
    await sleep(5);
    post(p.popup, FRAME_ORIGIN, {
      type: RECOVERY_OAUTH_MESSAGE_TYPE,
      code: 'undefined',
      state: sentState(p, 1),
    });
    await vi.waitFor(() => expect(failure()).toBe(CLOUD_TEXTS.denied));
    expect(p.authenticate).not.toHaveBeenCalled();
    // The server refusing the code shows its text.
    p.authenticate.mockRejectedValueOnce(
      new ShareApiError('error', 'Invalid code', 400, 'recovery_oauth_invalid_code'),
    );
    p.popup!.closed = false;
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(3));
    await sleep(5);
    post(p.popup, FRAME_ORIGIN, {
      type: RECOVERY_OAUTH_MESSAGE_TYPE,
      code: 'c',
      state: sentState(p, 2),
    });
    await vi.waitFor(() => expect(failure()).toBe(CLOUD_TEXTS.invalidCode));
    // Then it works.
    p.popup!.closed = false;
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(4));
    await sleep(5);
    post(p.popup, FRAME_ORIGIN, {
      type: RECOVERY_OAUTH_MESSAGE_TYPE,
      code: 'c',
      state: sentState(p, 3),
    });
    await expect(answer).resolves.toMatchObject({ status: 'done', recoveryMethod: 'google-drive' });
    expect(p.seen[0]).toMatchObject({ address: ADDRESS, recoveryMethod: 'google-drive' });
  });

  it("a backup that does not open shows '{Recovery} with {provider} unsuccessful' and the hint; a closed pop-up can be retried", async () => {
    const p = page({
      handler: async () => {
        throw new CloudRecoveryMismatchError();
      },
    });
    await start(p, { action: 'recover', provider: 'google-drive', address: ADDRESS });
    // The user closes the pop-up.
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(1));
    p.popup!.closed = true;
    await vi.waitFor(() => expect(failure()).toBe('The Google Drive window was closed.'));
    p.popup!.closed = false;
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(2));
    await sleep(5);
    post(p.popup, FRAME_ORIGIN, {
      type: RECOVERY_OAUTH_MESSAGE_TYPE,
      code: 'c',
      state: sentState(p, 1),
    });
    await vi.waitFor(() => expect(state()).toBe('failed'));
    expect($('cloud-failure').querySelector('strong')!.textContent).toBe(
      'Recovery with Google Drive unsuccessful',
    );
    expect($('cloud-hint').textContent).toBe(
      'Please verify that you are selecting the Google Drive account associated with your backup.',
    );
    expect($('cloud-button').hidden).toBe(false);
  });

  it('a refusal of the wallet itself ends the request with its error', async () => {
    const refusal = new ShareApiError('error', 'exists', 409, 'embedded_wallet_exists');
    const p = page({
      handler: async () => {
        throw refusal;
      },
    });
    const { answer } = await start(p, { action: 'create', provider: 'google-drive' });
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(1));
    await sleep(5);
    post(p.popup, FRAME_ORIGIN, {
      type: RECOVERY_OAUTH_MESSAGE_TYPE,
      code: 'c',
      state: sentState(p),
    });
    await expect(answer).rejects.toBe(refusal);
    expect($('cloud-failure').textContent).toBe('Back up with Google Drive unsuccessful');
    expect($('cloud-button').hidden).toBe(true);
  });
});

describe('cloud recovery page: a blocked pop-up (issue 23)', () => {
  it('answers a redirect with returnUrl; the page mounted again with oauthReturn finishes after a click', async () => {
    const storage = memoryStorage();
    const first = page({ popup: null, storage });
    const returnUrl = `${PARENT}`;
    const { answer } = await start(first, {
      action: 'recover',
      provider: 'google-drive',
      address: ADDRESS,
      returnUrl,
    });
    trustedClick($('cloud-button'));
    const out = (await answer) as { status: string; url: string };
    expect(out.status).toBe('redirect');
    expect(out.url).toContain(AUTH_URL);
    const sent = first.init.mock.calls[0]![1];
    expect(sent.redirect_to).toBe(returnUrl);
    expect(state()).toBe('redirecting');
    // The flow waits in the frame's sessionStorage, under its state.
    expect([...storage.map.keys()]).toEqual([
      `${CLOUD_FLOW_STORAGE_PREFIX}${APP_ID}:${sent.state_code}`,
    ]);
    expect(JSON.stringify(out)).not.toContain(JSON.parse([...storage.map.values()][0]!).verifier);

    // The host came back with the code and mounts the page again (a new document).
    resetDocument();
    const second = page({ storage });
    const back = await start(second, {
      action: 'recover',
      provider: 'google-drive',
      address: ADDRESS,
      oauthReturn: { code: 'redirect-code', state: sent.state_code },
    });
    // Single use: taken out of storage at once.
    expect(storage.map.size).toBe(0);
    expect($('cloud-button').textContent).toBe('Continue');
    syntheticClick($('cloud-button'));
    await sleep(10);
    expect(second.authenticate).not.toHaveBeenCalled();
    trustedClick($('cloud-button'));
    await expect(back.answer).resolves.toMatchObject({
      status: 'done',
      address: ADDRESS,
      recoveryMethod: 'google-drive',
    });
    expect(second.open).not.toHaveBeenCalled();
    const body = second.authenticate.mock.calls[0]![1];
    expect(body).toMatchObject({
      authorization_code: 'redirect-code',
      state_code: sent.state_code,
    });
    expect(await calculatePKCECodeChallenge(body.code_verifier)).toBe(sent.code_challenge);
  });

  it('an oauthReturn whose state matches no stored flow shows the phishing text', async () => {
    const p = page();
    await start(p, {
      action: 'recover',
      provider: 'google-drive',
      address: ADDRESS,
      oauthReturn: { code: 'c', state: 'no-such-state-0123456789' },
    });
    expect(state()).toBe('failed');
    expect(failure()).toBe(CLOUD_TEXTS.unexpected);
    // Try again opens a fresh pop-up flow, never the unknown code.
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.init).toHaveBeenCalledTimes(1));
    expect(p.authenticate).not.toHaveBeenCalled();
  });

  it("a stored flow of another user or another action is not this request's: the phishing text", async () => {
    for (const other of [
      { accessToken: token('user_2') },
      { action: 'set' },
      { address: '0x2222222222222222222222222222222222222222' },
    ]) {
      const storage = memoryStorage();
      const first = page({ popup: null, storage });
      const request = {
        action: 'recover',
        provider: 'google-drive',
        address: ADDRESS,
        returnUrl: PARENT,
      };
      const { answer } = await start(first, request);
      trustedClick($('cloud-button'));
      await answer;
      const sent = first.init.mock.calls[0]![1];
      resetDocument();
      const second = page({ storage });
      await start(second, {
        ...request,
        ...other,
        oauthReturn: { code: 'c', state: sent.state_code },
      });
      expect(state()).toBe('failed');
      expect(failure()).toBe(CLOUD_TEXTS.unexpected);
      expect(storage.map.size).toBe(0);
      resetDocument();
    }
  });

  it('refuses a returnUrl on another origin; without one (or for iCloud) asks to allow pop-ups', async () => {
    const p = page({ popup: null });
    await expect(
      Promise.resolve(
        p.handle(
          {
            accessToken: T,
            action: 'create',
            provider: 'google-drive',
            returnUrl: 'https://evil.example/back',
          },
          ORIGIN,
        ),
      ),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
    await start(p, { action: 'create', provider: 'icloud', returnUrl: PARENT });
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(failure()).toBe('Allow pop-ups to continue with iCloud.'));
    expect(p.initICloud).not.toHaveBeenCalled();
    expect($('cloud-button').textContent).toBe(CLOUD_TEXTS.tryAgain);
  });
});

describe('cloud recovery page: iCloud (issue 23)', () => {
  it("takes the web auth token only from its pop-up at the sign-in page's origin", async () => {
    const p = page();
    const { answer } = await start(p, { action: 'create', provider: 'icloud' });
    expect($('cloud-button').textContent).toBe('Continue with iCloud');
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.popup!.location.href).toBe(SIGN_IN_URL));
    post(p.popup, FRAME_ORIGIN, { ckWebAuthToken: 'wrong-origin' });
    post(window, 'https://idmsa.example', { ckWebAuthToken: 'wrong-source' });
    await sleep(20);
    expect(p.custody).not.toHaveBeenCalled();
    post(p.popup, 'https://idmsa.example', { ckWebAuthToken: 'web-auth-token' });
    await expect(answer).resolves.toEqual({
      status: 'done',
      address: ADDRESS,
      recoveryMethod: 'icloud',
      deviceStorage: 'local',
    });
    const access = p.seen[0]![CLOUD_RECOVERY_ACCESS] as CloudRecoveryAccess;
    expect(access.provider).toBe('icloud');
    expect(p.seen[0]).toMatchObject({ recoveryMethod: 'icloud' });
    expect(p.popup!.closed).toBe(true);
  });

  it('a failing iCloud call shows the back up text and may be retried', async () => {
    const p = page({
      handler: async () => {
        throw new CustodyError('error', 'Network error while reaching the wallet service.');
      },
    });
    await start(p, { action: 'set', provider: 'icloud', address: ADDRESS });
    trustedClick($('cloud-button'));
    await vi.waitFor(() => expect(p.popup!.location.href).toBe(SIGN_IN_URL));
    post(p.popup, 'https://idmsa.example', { ckWebAuthToken: 'web-auth-token' });
    await vi.waitFor(() => expect(failure()).toBe('Back up with iCloud unsuccessful'));
    expect($('cloud-hint')).toBeNull();
    expect($('cloud-button').hidden).toBe(false);
  });
});

describe('cloud recovery return page (issue 23)', () => {
  const query =
    '?latchkey_oauth_code=abc&latchkey_oauth_state=st&latchkey_oauth_provider=google-drive';

  it('posts the code to its opener at its own origin only, then closes', () => {
    const opener = { postMessage: vi.fn() };
    const close = vi.fn();
    const replaceState = vi.fn();
    const win = {
      location: {
        search: query,
        origin: FRAME_ORIGIN,
        pathname: '/apps/x/embedded-wallets/cloud/return',
      },
      opener,
      close,
      history: { replaceState },
    };
    expect(runCloudReturn(win, document)).toBe('posted');
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: RECOVERY_OAUTH_MESSAGE_TYPE, code: 'abc', state: 'st', provider: 'google-drive' },
      FRAME_ORIGIN,
    );
    expect(close).toHaveBeenCalled();
    // The code leaves the address bar.
    expect(replaceState).toHaveBeenCalledWith(null, '', '/apps/x/embedded-wallets/cloud/return');
  });

  it('without an opener it says the window can be closed', () => {
    const close = vi.fn();
    const win = {
      location: { search: query, origin: FRAME_ORIGIN, pathname: '/r' },
      opener: null,
      close,
    };
    expect(runCloudReturn(win, document)).toBe('shown');
    expect($('cloud-return').textContent).toBe('You can close this window.');
    expect(close).not.toHaveBeenCalled();
  });
});

/**
 * A Drive v3 stand-in in-process (the calls `createDriveKeyStore` makes), one appDataFolder per
 * access token: what the page's cloud key store reaches in the end-to-end test below.
 */
function memoryDrive(base: string) {
  const files = new Map<string, { id: string; name: string; content: string; owner: string }>();
  let next = 0;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const owner = new Headers(init.headers).get('authorization') ?? '';
    if (!url.href.startsWith(base) || !owner.startsWith('Bearer ')) return json({}, 401);
    const mine = [...files.values()].filter((f) => f.owner === owner);
    const id = url.pathname.split('/').pop()!;
    if (url.pathname.endsWith('/upload/drive/v3/files') && init.method === 'POST') {
      const parts = String(init.body).split(/\r\n--latchkey-[^\r]*\r\n|\r\n\r\n/);
      const meta = JSON.parse(parts.find((p) => p.startsWith('{"name"'))!) as { name: string };
      const content = parts.filter((p) => p.startsWith('{')).pop()!;
      const file = { id: `f${++next}`, name: meta.name, content, owner };
      files.set(file.id, file);
      return json({ id: file.id });
    }
    if (url.pathname.endsWith('/drive/v3/files')) {
      const name = /name = '([^']+)'/.exec(url.searchParams.get('q') ?? '')?.[1];
      return json({
        files: mine
          .filter((f) => f.name === name)
          .map((f) => ({ id: f.id, name: f.name, createdTime: f.id.padStart(8, '0') })),
      });
    }
    const file = mine.find((f) => f.id === id);
    if (!file) return json({}, 404);
    if (init.method === 'DELETE') {
      files.delete(id);
      return new Response(null, { status: 204 });
    }
    return new Response(file.content, { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, files };
}

describe('cloud recovery page with the real custody handlers (issue 23)', () => {
  it('backs a new wallet up to Drive on one device and recovers it on another through the page', async () => {
    const server = fakeShareServer();
    const drive = memoryDrive('https://drive.test');
    /** One device: its own device-share storage and frame key, the page on a fresh document. */
    function devicePage(account: string) {
      const store = openDeviceShareStore(APP_ID, () => memoryStorage());
      const key = openFrameKey(APP_ID, undefined);
      const real = createShareApi({ apiUrl: API_URL, appId: APP_ID, key, fetch: server.fetch });
      const api: ShareApi = {
        ...real,
        recoveryOAuthInit: async (_token, body) => `${AUTH_URL}?state=${body.state_code}`,
        recoveryOAuthAuthenticate: async () => ({
          provider: 'google-drive',
          access_token: `token-of-${account}`,
          access_token_expires_in_seconds: 3600,
          scopes: [],
          api_url: 'https://drive.test',
        }),
      };
      const popup = fakePopup();
      window.open = (() => popup) as unknown as typeof window.open;
      const io = fakeVisibility();
      const handle = startCloudPage(
        document,
        window,
        { appId: APP_ID, apiUrl: API_URL, store, key, fetch: server.fetch },
        {
          api,
          guard: { IntersectionObserver: io.Observer, hasVisibilityV2: true, armMs: ARM_MS },
          storage: memoryStorage(),
          theme: {},
          cloudFetch: drive.fetch,
        },
      );
      return { handle, popup, io, store };
    }
    async function run(
      device: ReturnType<typeof devicePage>,
      data: Record<string, unknown>,
    ): Promise<unknown> {
      const answer = Promise.resolve(device.handle({ accessToken: T, ...data }, ORIGIN));
      await vi.waitFor(() => expect(state()).toBe('ready'));
      device.io.visible(true);
      await sleep(ARM_MS + 20);
      trustedClick($('cloud-button'));
      await vi.waitFor(() => expect(device.popup.location.href).toContain(AUTH_URL));
      const sent = new URL(device.popup.location.href).searchParams.get('state')!;
      post(device.popup, FRAME_ORIGIN, {
        type: RECOVERY_OAUTH_MESSAGE_TYPE,
        code: 'c',
        state: sent,
      });
      return answer;
    }

    const phone = devicePage('alice');
    const created = (await run(phone, { action: 'create', provider: 'google-drive' })) as {
      address: string;
    };
    expect(created).toMatchObject({ status: 'done', recoveryMethod: 'google-drive' });
    const wallet = server.wallets.get(created.address.toLowerCase())!;
    expect(wallet.recovery_method).toBe('google-drive');
    expect([...drive.files.values()].map((f) => f.name)).toEqual([
      `latchkey-${APP_ID}-${created.address.toLowerCase()}.json`,
    ]);
    resetDocument();

    // Another Drive account holds no backup: the spec's text and hint, and Try again.
    const stranger = devicePage('bob');
    const failed = run(stranger, {
      action: 'recover',
      provider: 'google-drive',
      address: created.address,
    });
    void failed.catch(() => {});
    await vi.waitFor(() => expect(state()).toBe('failed'));
    expect($('cloud-hint')).not.toBeNull();
    expect(server.count(ROUTES.walletReshare)).toBe(0);
    resetDocument();

    const laptop = devicePage('alice');
    await expect(
      run(laptop, { action: 'recover', provider: 'google-drive', address: created.address }),
    ).resolves.toEqual({
      status: 'done',
      address: created.address,
      recoveryMethod: 'google-drive',
      deviceStorage: 'local',
    });
    expect(laptop.store.get('user_1', created.address)).not.toBeNull();
    expect(server.count(ROUTES.walletReshare)).toBe(1);
  });
});
