import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import { createFrameRouter, type FrameWindow } from '@latchkey/wallet-frame';
import { describe, expect, it, vi } from 'vitest';
import {
  CLOUD_PENDING_TTL_MS,
  type CloudPendingStorage,
  createEmbeddedWalletCloudFrame,
  savePendingCloudRecovery,
  takeCloudRecoveryReturn,
} from './cloud-frame.ts';
import { type FakeFrame, fakeBrowser, HOST_ORIGIN } from './testing/fakeBrowser.ts';

const API_URL = 'https://api.example';
const APP_ID = 'app_1';
const ADDRESS = '0x1111111111111111111111111111111111111111';

/** An in-memory sessionStorage. */
function memoryStorage(): CloudPendingStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

function mount(
  handler: ((data: unknown) => unknown) | null,
  options: Partial<Parameters<typeof createEmbeddedWalletCloudFrame>[0]> = {},
) {
  const browser = fakeBrowser(API_URL, (frame: FakeFrame) => {
    if (!handler) return;
    const win: FrameWindow = {
      addEventListener: (type, l) => frame.frameTarget.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) =>
        frame.frameTarget.removeEventListener(type, l as EventListener),
      parent: browser.parentForFrame,
    };
    createFrameRouter({
      window: win,
      allowedOrigins: [HOST_ORIGIN],
      handlers: { [FRAME_EVENTS.walletCloud]: handler },
    }).announceReady(HOST_ORIGIN);
  });
  const container = {
    ownerDocument: browser.document,
    appendChild: (node: unknown) =>
      (browser.document.body as unknown as { appendChild(n: unknown): unknown }).appendChild(node),
  } as unknown as HTMLElement;
  const storage = memoryStorage();
  const navigate = vi.fn();
  const frame = createEmbeddedWalletCloudFrame({
    apiUrl: API_URL,
    appId: APP_ID,
    getAccessToken: async () => 'token-1',
    container,
    action: 'recover',
    provider: 'google-drive',
    address: ADDRESS,
    returnUrl: HOST_ORIGIN,
    storage,
    navigate,
    ...options,
  });
  return { frame, browser, storage, navigate };
}

describe('createEmbeddedWalletCloudFrame (issue 23)', () => {
  it('mounts the cloud page and hands it one request; a done answer is the result', async () => {
    const handler = vi.fn(async () => ({
      status: 'done',
      address: ADDRESS,
      recoveryMethod: 'google-drive',
      deviceStorage: 'local',
    }));
    const { frame, browser, navigate, storage } = mount(handler, {
      theme: { colorScheme: 'dark', locale: 'de' },
      oauthReturn: { code: 'c-1', state: 's'.repeat(43) },
    });
    const url = new URL(browser.frames[0]!.src);
    expect(url.origin + url.pathname).toBe(`${API_URL}${ROUTES.walletCloud(APP_ID)}`);
    expect(url.searchParams.get('theme')).toBe('dark');
    expect(url.searchParams.get('locale')).toBe('de');
    // The pop-up is the frame's own (a click inside it): no permission is delegated.
    expect(frame.iframe.getAttribute('allow')).toBeNull();
    await frame.ready;
    await expect(frame.result).resolves.toEqual({
      status: 'done',
      address: ADDRESS,
      recoveryMethod: 'google-drive',
      deviceStorage: 'local',
    });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(
      {
        accessToken: 'token-1',
        action: 'recover',
        provider: 'google-drive',
        address: ADDRESS,
        returnUrl: HOST_ORIGIN,
        oauthReturn: { code: 'c-1', state: 's'.repeat(43) },
      },
      { origin: HOST_ORIGIN },
    );
    expect(browser.frames[0]!.received[0]!.targetOrigin).toBe(API_URL);
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });

  it('create needs no address; recover and set do', () => {
    expect(() => mount(null, { action: 'set', address: undefined })).toThrow(
      expect.objectContaining({ code: 'no_embedded_wallet' }),
    );
    const { frame } = mount(null, { action: 'create', address: undefined, provider: 'icloud' });
    frame.destroy();
  });

  it('a redirect answer keeps the pending flow for this app and sends the top window there', async () => {
    const before = Date.now();
    const { frame, storage, navigate } = mount(() => ({
      status: 'redirect',
      url: 'https://accounts.example/authorize?state=abc',
    }));
    await expect(frame.result).resolves.toEqual({
      status: 'redirect',
      url: 'https://accounts.example/authorize?state=abc',
    });
    expect(navigate).toHaveBeenCalledWith('https://accounts.example/authorize?state=abc');
    const kept = JSON.parse(storage.items.get(`latchkey:cloud-recovery:${APP_ID}`)!);
    expect(kept).toMatchObject({ action: 'recover', provider: 'google-drive', address: ADDRESS });
    expect(kept.at).toBeGreaterThanOrEqual(before);
    expect(Object.keys(kept).sort()).toEqual(['action', 'address', 'at', 'provider']);
  });

  it('never navigates to a redirect that is not a web page', async () => {
    const { frame, storage, navigate } = mount(() => ({
      status: 'redirect',
      url: 'javascript:alert(1)',
    }));
    await expect(frame.result).rejects.toMatchObject({ code: 'frame_error' });
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });

  it("passes the frame's errors and rejects on destroy", async () => {
    const { frame } = mount(null, { readyMs: 60_000 });
    frame.destroy();
    await expect(frame.result).rejects.toMatchObject({ code: 'wallet_proxy_destroyed' });
  });
});

describe('takeCloudRecoveryReturn (issue 23, the redirect fallback)', () => {
  const STATE = 'S'.repeat(43);
  const returnHref = (provider = 'google-drive') =>
    `${HOST_ORIGIN}/wallet?tab=1&latchkey_oauth_code=code-1&latchkey_oauth_state=${STATE}&latchkey_oauth_provider=${provider}`;

  it('reads the return with the pending flow, strips the query and forgets the flow', () => {
    const storage = memoryStorage();
    savePendingCloudRecovery(
      APP_ID,
      { action: 'set', provider: 'google-drive', address: ADDRESS, at: 1_000 },
      storage,
    );
    const replaceUrl = vi.fn();
    const taken = takeCloudRecoveryReturn({
      appId: APP_ID,
      href: returnHref(),
      replaceUrl,
      storage,
      now: 2_000,
    });
    expect(taken).toEqual({
      action: 'set',
      provider: 'google-drive',
      address: ADDRESS,
      oauthReturn: { code: 'code-1', state: STATE },
    });
    expect(replaceUrl).toHaveBeenCalledWith(`${HOST_ORIGIN}/wallet?tab=1`);
    expect(storage.items.size).toBe(0);
  });

  it('ignores a return with a state but no pending flow (or another provider, or a stale one)', () => {
    const replaceUrl = vi.fn();
    expect(
      takeCloudRecoveryReturn({
        appId: APP_ID,
        href: returnHref(),
        replaceUrl,
        storage: memoryStorage(),
      }),
    ).toBeNull();
    expect(replaceUrl).toHaveBeenCalledWith(`${HOST_ORIGIN}/wallet?tab=1`);

    const other = memoryStorage();
    savePendingCloudRecovery(APP_ID, { action: 'recover', provider: 'icloud', at: 0 }, other);
    expect(
      takeCloudRecoveryReturn({ appId: APP_ID, href: returnHref(), replaceUrl, storage: other }),
    ).toBeNull();

    const stale = memoryStorage();
    savePendingCloudRecovery(APP_ID, { action: 'recover', provider: 'google-drive', at: 0 }, stale);
    expect(
      takeCloudRecoveryReturn({
        appId: APP_ID,
        href: returnHref(),
        replaceUrl,
        storage: stale,
        now: CLOUD_PENDING_TTL_MS + 1,
      }),
    ).toBeNull();

    // Another app's pending flow is not this app's.
    const elsewhere = memoryStorage();
    savePendingCloudRecovery(
      'app_2',
      { action: 'recover', provider: 'google-drive', at: 0 },
      elsewhere,
    );
    expect(
      takeCloudRecoveryReturn({
        appId: APP_ID,
        href: returnHref(),
        replaceUrl,
        storage: elsewhere,
        now: 1,
      }),
    ).toBeNull();
  });

  it("leaves a social login's return alone (not a cloud provider), and a URL without one", () => {
    const storage = memoryStorage();
    savePendingCloudRecovery(
      APP_ID,
      { action: 'recover', provider: 'google-drive', at: 0 },
      storage,
    );
    const replaceUrl = vi.fn();
    expect(
      takeCloudRecoveryReturn({ appId: APP_ID, href: returnHref('google'), replaceUrl, storage }),
    ).toBeNull();
    expect(
      takeCloudRecoveryReturn({ appId: APP_ID, href: `${HOST_ORIGIN}/`, replaceUrl, storage }),
    ).toBeNull();
    expect(replaceUrl).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(1);
  });
});
