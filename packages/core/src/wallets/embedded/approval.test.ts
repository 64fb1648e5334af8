import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import { describe, expect, it, vi } from 'vitest';
import {
  APPROVAL_TIMEOUT_MS,
  createEmbeddedWalletApproval,
  embeddedWalletApprovalUrl,
} from './approval.ts';
import { WalletError } from './errors.ts';
import { type FakeFrame, fakeBrowser } from './testing/fakeBrowser.ts';

const API_URL = 'https://api.example';
const ADDRESS = '0x0000000000000000000000000000000000000001';
const CHAIN = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};
const REQUEST = { method: 'personal_sign', params: ['0x6869', ADDRESS] };

function mount(
  onFrame: (frame: FakeFrame) => void,
  options: { readyMs?: number; timeoutMs?: number; token?: string | null } = {},
) {
  const browser = fakeBrowser(API_URL, onFrame);
  const container = {
    ownerDocument: browser.document,
    appendChild: (node: never) =>
      (browser.document.body as unknown as { appendChild(n: never): void }).appendChild(node),
  } as unknown as HTMLElement;
  const approval = createEmbeddedWalletApproval({
    apiUrl: `${API_URL}/`,
    appId: 'app_1',
    getAccessToken: async () => (options.token === undefined ? 'tok' : options.token),
    address: ADDRESS,
    container,
    request: REQUEST,
    chain: CHAIN,
    buttonText: 'Sign and continue',
    theme: { colorScheme: 'dark' },
    readyMs: options.readyMs,
    timeoutMs: options.timeoutMs,
  });
  return { approval, browser };
}

/** A frame that announces itself and hands each approve request to `answer`. */
function scripted(answer: (frame: FakeFrame, id: string, data: unknown) => void) {
  return (frame: FakeFrame) => {
    frame.frameTarget.addEventListener('message', (event) => {
      const {
        id,
        event: name,
        data,
      } = (event as MessageEvent).data as {
        id: string;
        event: string;
        data: unknown;
      };
      if (name === FRAME_EVENTS.walletApprove) answer(frame, id, data);
    });
    frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
  };
}

describe('embeddedWalletApprovalUrl', () => {
  it("is the approval page with the modal's theme", () => {
    const url = new URL(
      embeddedWalletApprovalUrl('https://api.example/', 'app 1', {
        colorScheme: 'light',
        accent: '#0ea5e9',
        accentForeground: '#fff',
      }),
    );
    expect(url.origin + url.pathname).toBe(`https://api.example${ROUTES.walletApprove('app 1')}`);
    expect(url.searchParams.get('theme')).toBe('light');
    expect(url.searchParams.get('accent')).toBe('#0ea5e9');
    expect(url.searchParams.get('accent_fg')).toBe('#fff');
    expect(url.searchParams.get('client_id')).toBe('latchkey-js');
  });
});

describe('createEmbeddedWalletApproval', () => {
  it('hands the request to the frame and resolves with its response; asks for no permissions', async () => {
    const { approval, browser } = mount(
      scripted((frame, id) =>
        frame.sendToHost({ id, event: FRAME_EVENTS.walletApprove, data: { response: '0xsig' } }),
      ),
    );
    await approval.ready;
    await expect(approval.result).resolves.toBe('0xsig');
    const frame = browser.frames[0]!;
    expect(new URL(frame.src).pathname).toBe(ROUTES.walletApprove('app_1'));
    expect(new URL(frame.src).searchParams.get('theme')).toBe('dark');
    expect(approval.iframe.getAttribute('allow')).toBeNull();
    const sent = frame.received[0]!;
    expect(sent.targetOrigin).toBe(API_URL);
    expect(sent.message).toMatchObject({
      event: FRAME_EVENTS.walletApprove,
      data: {
        accessToken: 'tok',
        address: ADDRESS,
        request: REQUEST,
        chain: CHAIN,
        buttonText: 'Sign and continue',
      },
    });
  });

  it("passes on the frame's error type", async () => {
    const { approval } = mount(
      scripted((frame, id) =>
        frame.sendToHost({
          id,
          event: FRAME_EVENTS.walletApprove,
          error: { type: 'session_not_bound', message: 'nope' },
        }),
      ),
    );
    await expect(approval.result).rejects.toMatchObject({ type: 'session_not_bound' });
  });

  it('an answer without a response is "did not send a response"', async () => {
    const { approval } = mount(
      scripted((frame, id) =>
        frame.sendToHost({ id, event: FRAME_EVENTS.walletApprove, data: {} }),
      ),
    );
    await expect(approval.result).rejects.toMatchObject({ code: 'wallet_proxy_no_response' });
  });

  it("'walletProxy does not exist' when the frame never loads", async () => {
    const { approval } = mount(() => {}, { readyMs: 20 });
    await expect(approval.ready).rejects.toMatchObject({
      message: 'walletProxy does not exist',
      code: 'wallet_proxy_missing',
    });
    await expect(approval.result).rejects.toMatchObject({ code: 'wallet_proxy_missing' });
  });

  it("'Missing access token' when logged out, posting nothing", async () => {
    const { approval, browser } = mount(
      scripted(() => {}),
      { token: null },
    );
    await expect(approval.ready).rejects.toMatchObject({ code: 'missing_access_token' });
    expect(browser.frames[0]!.received).toEqual([]);
  });

  it('waits 10 minutes for the user by default, then gives up', async () => {
    vi.useFakeTimers();
    try {
      const { approval } = mount(scripted(() => {}));
      await vi.advanceTimersByTimeAsync(APPROVAL_TIMEOUT_MS - 1000);
      let settled = false;
      approval.result.then(
        () => (settled = true),
        () => (settled = true),
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      const failed = expect(approval.result).rejects.toMatchObject({
        code: 'wallet_proxy_no_response',
      });
      await vi.advanceTimersByTimeAsync(2000);
      await failed;
    } finally {
      vi.useRealTimers();
    }
  });

  it('destroy removes the frame and rejects a pending answer (before or after ready)', async () => {
    const early = mount(() => {});
    early.approval.destroy();
    await expect(early.approval.result).rejects.toMatchObject({ code: 'wallet_proxy_destroyed' });

    const { approval } = mount(scripted(() => {}));
    await approval.ready;
    approval.destroy();
    await expect(approval.result).rejects.toBeInstanceOf(WalletError);
    await expect(approval.result).rejects.toMatchObject({ code: 'wallet_proxy_destroyed' });
    expect((approval.iframe as unknown as { removed: boolean }).removed).toBe(true);
  });
});
