import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import {
  createFrameRouter,
  createWalletHandlers,
  type FrameWindow,
  openDeviceShareStore,
} from '@latchkey/wallet-frame';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_ID,
  fakeShareServer,
  memoryStorage,
  token,
} from '../../../../wallet-frame/src/frame/test/fakes.ts';
import { createEmbeddedWalletBridge } from './bridge.ts';
import { WalletError } from './errors.ts';
import { type FakeFrame, fakeBrowser, HOST_ORIGIN } from './testing/fakeBrowser.ts';

const API_URL = 'https://api.example';
const FRAME_ORIGIN = 'https://api.example';
const TOKEN = token('user_1');

/** Wires the real frame router + wallet handlers behind a fake iframe. */
function realFrame(server = fakeShareServer(), storage = memoryStorage()) {
  return (frame: FakeFrame, parentForFrame: FrameWindow['parent']) => {
    const win: FrameWindow = {
      addEventListener: (type, l) => frame.frameTarget.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) =>
        frame.frameTarget.removeEventListener(type, l as EventListener),
      parent: parentForFrame,
    };
    const router = createFrameRouter({
      window: win,
      allowedOrigins: [HOST_ORIGIN],
      handlers: createWalletHandlers({
        appId: APP_ID,
        apiUrl: API_URL,
        store: openDeviceShareStore(APP_ID, () => storage),
        fetch: server.fetch,
        passwordIterations: 1_000,
      }),
    });
    router.announceReady(HOST_ORIGIN);
  };
}

function setup(
  onFrame?: (frame: FakeFrame, parent: FrameWindow['parent']) => void,
  options: { timeouts?: Parameters<typeof createEmbeddedWalletBridge>[0]['timeouts'] } = {},
) {
  const browser = fakeBrowser(FRAME_ORIGIN, (frame) => onFrame?.(frame, browser.parentForFrame));
  const getAccessToken = vi.fn(async (): Promise<string | null> => TOKEN);
  const bridge = createEmbeddedWalletBridge({
    apiUrl: API_URL,
    appId: APP_ID,
    getAccessToken,
    document: browser.document,
    timeouts: options.timeouts,
  });
  return { bridge, browser, getAccessToken };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('embedded wallet bridge', () => {
  it('mounts the frame at the wallet frame path with caid and client_id', async () => {
    const { bridge, browser } = setup(realFrame());
    await bridge.ready();
    const url = new URL(browser.frames[0]!.src);
    expect(url.origin + url.pathname).toBe(`${API_URL}${ROUTES.walletFrame(APP_ID)}`);
    expect(url.searchParams.get('client_id')).toBe('latchkey-js');
    expect(url.searchParams.get('caid')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('creates through the real frame, which signs nothing for the host (issue 24); posts only to the frame origin', async () => {
    const server = fakeShareServer();
    const { bridge, browser } = setup(realFrame(server));
    const { address, deviceStorage } = await bridge.create({ recoveryMethod: 'latchkey' });
    expect(deviceStorage).toBe('local');
    // The hidden frame answers a signing request of the host with approval_required: only the
    // approval page signs, after the user's click inside it.
    await expect(
      bridge.rpc({ address, request: { method: 'personal_sign', params: ['0x6869', address] } }),
    ).rejects.toMatchObject({ type: 'approval_required' });
    const targets = browser.frames.flatMap((f) => f.received.map((r) => r.targetOrigin));
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets)).toEqual(new Set([FRAME_ORIGIN]));
    // The user id sent is the token's subject.
    const create = browser.frames[0]!.received[0]!.message as {
      event: string;
      data: { userId: string };
    };
    expect(create.event).toBe(FRAME_EVENTS.walletCreate);
    expect(create.data.userId).toBe('user_1');
  });

  it('gets a login proof from the real frame for a login route only (issue 10)', async () => {
    const server = fakeShareServer();
    const { bridge, getAccessToken } = setup(realFrame(server));
    const htu = `${API_URL}${ROUTES.passwordlessAuthenticate}`;
    const { proof, jkt } = await bridge.loginProof(htu, 5_000);
    const [, payload] = proof.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ htm: 'POST', htu });
    expect(claims.ath).toBeUndefined();
    expect(jkt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No access token is needed (the user is not logged in yet).
    expect(getAccessToken).not.toHaveBeenCalled();
    const refused = await bridge
      .loginProof(`${API_URL}${ROUTES.walletAuthShare}`, 5_000)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WalletError);
    expect((refused as WalletError).type).toBe('invalid_request_arguments');
  });

  it('a login proof the frame does not answer in time fails with wallet_proxy_missing', async () => {
    const { bridge } = setup(undefined, { timeouts: { readyMs: 60_000 } });
    const error = await bridge
      .loginProof(`${API_URL}${ROUTES.passwordlessAuthenticate}`, 50)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'wallet_proxy_missing' });
  });

  it('maps frame error answers to WalletError with the wallet error type', async () => {
    const { bridge } = setup(realFrame());
    const error = await bridge
      .connect({ address: '0x0000000000000000000000000000000000000001' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletError);
    expect(error).toMatchObject({ type: 'wallet_not_on_device' });
  });

  it('ignores ready messages from a foreign origin or another window', async () => {
    const { bridge } = setup(
      (frame) => {
        frame.sendToHost(
          { id: 'ready', event: FRAME_EVENTS.ready, data: {} },
          { origin: 'https://evil.example' },
        );
        frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} }, { source: {} });
        frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} }, { source: null });
      },
      { timeouts: { readyMs: 50 } },
    );
    await expect(bridge.ready()).rejects.toThrow('walletProxy does not exist');
  });

  it('ignores answers from a foreign origin or another window (the request then times out)', async () => {
    const { bridge, browser } = setup(
      (frame) => {
        frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
      },
      { timeouts: { rpcMs: 80 } },
    );
    await bridge.ready();
    const pending = bridge.rpc({
      address: '0x0000000000000000000000000000000000000001',
      request: {
        method: 'personal_sign',
        params: ['0x01', '0x0000000000000000000000000000000000000001'],
      },
    });
    await new Promise((r) => setTimeout(r, 10));
    const frame = browser.frames[0]!;
    const { id } = frame.received[0]!.message as { id: string };
    frame.sendToHost(
      { id, event: FRAME_EVENTS.walletRpc, data: { response: '0xforged' } },
      { origin: 'https://evil.example' },
    );
    frame.sendToHost(
      { id, event: FRAME_EVENTS.walletRpc, data: { response: '0xforged' } },
      { source: {} },
    );
    await expect(pending).rejects.toThrow('walletProxy.rpc did not send a response');
    expect(frame.received.every((r) => r.targetOrigin === FRAME_ORIGIN)).toBe(true);
  });

  it('rpc carries noPrompt only when asked (issue 24), and passes on approval_required', async () => {
    const { bridge, browser } = setup((frame) => {
      frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
      frame.frameTarget.addEventListener('message', (event) => {
        const { id, event: name } = (event as MessageEvent).data as { id: string; event: string };
        frame.sendToHost({
          id,
          event: name,
          error: { type: 'approval_required', message: 'Approve in the wallet' },
        });
      });
    });
    const request = { method: 'personal_sign', params: ['0x01', '0x01'] };
    await expect(bridge.rpc({ address: '0x01', request })).rejects.toMatchObject({
      type: 'approval_required',
    });
    await expect(bridge.rpc({ address: '0x01', request, noPrompt: true })).rejects.toMatchObject({
      type: 'approval_required',
    });
    const sent = browser.frames[0]!.received.map(
      (r) => (r.message as { data: { noPrompt?: boolean } }).data,
    );
    expect('noPrompt' in sent[0]!).toBe(false);
    expect(sent[1]!.noPrompt).toBe(true);
  });

  it("keeps the API's code of a server refusal the frame relays; frame_error otherwise", async () => {
    const answers = [
      { type: 'error', message: 'Request failed with code 409', code: 'embedded_wallet_exists' },
      { type: 'error', message: 'Request failed', code: 'not an api code' },
      { type: 'wallet_not_on_device', message: 'Wallet not found on this device.' },
    ];
    const { bridge } = setup((frame) => {
      frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
      frame.frameTarget.addEventListener('message', (event) => {
        const { id, event: name } = (event as MessageEvent).data as { id: string; event: string };
        frame.sendToHost({ id, event: name, error: answers.shift() });
      });
    });
    const request = { method: 'personal_sign', params: ['0x01', '0x01'] };
    await expect(bridge.rpc({ address: '0x01', request })).rejects.toMatchObject({
      type: 'error',
      code: 'embedded_wallet_exists',
    });
    await expect(bridge.rpc({ address: '0x01', request })).rejects.toMatchObject({
      code: 'frame_error',
    });
    await expect(bridge.rpc({ address: '0x01', request })).rejects.toMatchObject({
      type: 'wallet_not_on_device',
      code: 'frame_error',
    });
  });

  it("times out create with 'walletProxy.create timed out'", async () => {
    const { bridge } = setup(
      (frame) => frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} }),
      { timeouts: { createMs: 30 } },
    );
    await expect(bridge.create()).rejects.toMatchObject({
      message: 'walletProxy.create timed out',
      code: 'wallet_proxy_timeout',
    });
  });

  it("fails with 'walletProxy does not exist' when the frame never becomes ready, and remounts later", async () => {
    let frames = 0;
    const { bridge, browser } = setup(
      (frame) => {
        frames++;
        if (frames === 2) frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
      },
      { timeouts: { readyMs: 30 } },
    );
    await expect(bridge.ready()).rejects.toMatchObject({
      message: 'walletProxy does not exist',
      code: 'wallet_proxy_missing',
    });
    await expect(bridge.ready()).resolves.toBeUndefined();
    expect(browser.frames).toHaveLength(2);
  });

  it("fails with 'Missing access token' when logged out, posting nothing", async () => {
    const { bridge, browser, getAccessToken } = setup(realFrame());
    getAccessToken.mockResolvedValue(null);
    await expect(bridge.create()).rejects.toMatchObject({
      message: 'Missing access token',
      code: 'missing_access_token',
    });
    expect(browser.frames.flatMap((f) => f.received)).toEqual([]);
  });

  it('an answer without data is "did not send a response"', async () => {
    const { bridge } = setup((frame) => {
      frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
      frame.frameTarget.addEventListener('message', (event) => {
        const { id, event: name } = (event as MessageEvent).data as { id: string; event: string };
        frame.sendToHost({ id, event: name, data: {} });
      });
    });
    await expect(bridge.create()).rejects.toThrow('did not send a response');
  });

  it('reset drops the frame; the next call mounts a fresh one', async () => {
    const { bridge, browser } = setup(realFrame());
    await bridge.ready();
    bridge.reset!();
    await bridge.ready();
    expect(browser.frames).toHaveLength(2);
  });

  it('destroy removes the frame and rejects pending requests', async () => {
    const { bridge } = setup((frame) =>
      frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} }),
    );
    await bridge.ready();
    const pending = bridge.connect({ address: '0x0000000000000000000000000000000000000001' });
    await new Promise((r) => setTimeout(r, 5));
    bridge.destroy();
    await expect(pending).rejects.toBeInstanceOf(WalletError);
    await expect(bridge.ready()).rejects.toBeInstanceOf(WalletError);
  });
});
