import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import { createFrameRouter, type FrameWindow } from '@latchkey/wallet-frame';
import { describe, expect, it, vi } from 'vitest';
import { CustodyError } from '../../../../wallet-frame/src/custody/errors.ts';
import { createEmbeddedWalletPasswordFrame, embeddedWalletPasswordUrl } from './password-frame.ts';
import { type FakeFrame, fakeBrowser, HOST_ORIGIN } from './testing/fakeBrowser.ts';

const API_URL = 'https://api.example';
const APP_ID = 'app_1';
const ADDRESS = '0x1111111111111111111111111111111111111111';

/** A frame router answering `latchkey:wallet:password` with `handler`. */
function passwordPage(handler: (data: unknown) => unknown) {
  return (frame: FakeFrame, parent: FrameWindow['parent']) => {
    const win: FrameWindow = {
      addEventListener: (type, l) => frame.frameTarget.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) =>
        frame.frameTarget.removeEventListener(type, l as EventListener),
      parent,
    };
    createFrameRouter({
      window: win,
      allowedOrigins: [HOST_ORIGIN],
      handlers: { [FRAME_EVENTS.walletPassword]: handler },
    }).announceReady(HOST_ORIGIN);
  };
}

function mount(
  handler: ((data: unknown) => unknown) | null,
  options: Partial<Parameters<typeof createEmbeddedWalletPasswordFrame>[0]> = {},
) {
  const browser = fakeBrowser(API_URL, (frame) => {
    if (handler) passwordPage(handler)(frame, browser.parentForFrame);
  });
  const container = {
    ownerDocument: browser.document,
    appendChild: (node: unknown) =>
      (browser.document.body as unknown as { appendChild(n: unknown): unknown }).appendChild(node),
  } as unknown as HTMLElement;
  const frame = createEmbeddedWalletPasswordFrame({
    apiUrl: API_URL,
    appId: APP_ID,
    getAccessToken: async () => 'token-1',
    container,
    action: 'recover',
    address: ADDRESS,
    ...options,
  });
  return { frame, browser };
}

describe('createEmbeddedWalletPasswordFrame (issue 24 item 4)', () => {
  it('mounts the password page, hands it one request without a password, and answers its result', async () => {
    const handler = vi.fn(async () => ({
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
      deviceStorage: 'local',
    }));
    const { frame, browser } = mount(handler, {
      theme: { colorScheme: 'dark' },
      appName: 'My App',
    });
    expect(frame.iframe.getAttribute('allow')).toBe('clipboard-write');
    const url = new URL(browser.frames[0]!.src);
    expect(url.origin + url.pathname).toBe(`${API_URL}${ROUTES.walletPassword(APP_ID)}`);
    expect(url.searchParams.get('theme')).toBe('dark');
    expect(url.searchParams.get('app_name')).toBe('My App');
    await frame.ready;
    await expect(frame.result).resolves.toEqual({
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
      deviceStorage: 'local',
    });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(
      { accessToken: 'token-1', action: 'recover', address: ADDRESS },
      { origin: HOST_ORIGIN },
    );
    const posted = browser.frames[0]!.received;
    expect(posted).toHaveLength(1);
    expect(posted[0]!.targetOrigin).toBe(API_URL);
    const data = (posted[0]!.message as { data: Record<string, unknown> }).data;
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'action', 'address']);
  });

  it("passes the frame's error type (recovery_attempts_exceeded)", async () => {
    const { frame } = mount(() => {
      throw new CustodyError('recovery_attempts_exceeded', 'Too many attempts');
    });
    await frame.ready;
    await expect(frame.result).rejects.toMatchObject({ type: 'recovery_attempts_exceeded' });
  });

  it('create needs no address; other actions do', () => {
    expect(() => mount(null, { action: 'change', address: undefined })).toThrow(
      expect.objectContaining({ code: 'no_embedded_wallet' }),
    );
    expect(() => mount(null, { action: 'create', address: undefined })).not.toThrow();
  });

  it('destroy rejects a pending result and removes the frame', async () => {
    const { frame } = mount(null, { readyMs: 60_000 });
    frame.destroy();
    await expect(frame.result).rejects.toMatchObject({ code: 'wallet_proxy_destroyed' });
    await expect(frame.ready).rejects.toMatchObject({ code: 'wallet_proxy_destroyed' });
    expect((frame.iframe as unknown as { removed: boolean }).removed).toBe(true);
  });

  it('rejects without an access token', async () => {
    const { frame } = mount(null, { getAccessToken: async () => null });
    await expect(frame.ready).rejects.toMatchObject({ code: 'missing_access_token' });
  });

  it('builds the URL without theme parameters it was not given', () => {
    const url = new URL(embeddedWalletPasswordUrl('https://api.example/', 'app_1'));
    expect([...url.searchParams.keys()]).toEqual(['client_id']);
  });
});
