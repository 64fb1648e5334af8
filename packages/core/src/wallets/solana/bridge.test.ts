import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { token } from '../../../../wallet-frame/src/frame/test/fakes.ts';
import { createEmbeddedWalletApproval } from '../embedded/approval.ts';
import { createEmbeddedWalletBridge } from '../embedded/bridge.ts';
import { type FakeFrame, fakeBrowser } from '../embedded/testing/fakeBrowser.ts';

const API_URL = 'https://api.example';
const TOKEN = token('user_1');
const SOL = '9wXkq3bZ5rS7uXW1GvYgqJ3d7yq2cUZ4A8r6Yb1kP4Xz';
const ETH = '0x1111111111111111111111111111111111111111';

type Posted = { id: string; event: string; data: Record<string, unknown> };

/** A frame that announces itself and answers each request with `answer` (data or error). */
function scripted(
  answer: (request: Posted) => { data?: unknown; error?: unknown } | null,
  log: Posted[] = [],
) {
  return (frame: FakeFrame) => {
    frame.frameTarget.addEventListener('message', (event) => {
      const request = (event as MessageEvent).data as Posted;
      log.push(request);
      const out = answer(request);
      if (out) frame.sendToHost({ id: request.id, event: request.event, ...out });
    });
    frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
  };
}

function setup(
  answer: Parameters<typeof scripted>[0],
  timeouts?: { createMs?: number; rpcMs?: number },
) {
  const log: Posted[] = [];
  const browser = fakeBrowser(API_URL, scripted(answer, log));
  const bridge = createEmbeddedWalletBridge({
    apiUrl: API_URL,
    appId: 'app_1',
    getAccessToken: async () => TOKEN,
    document: browser.document,
    ...(timeouts ? { timeouts } : {}),
  });
  return { bridge, log, browser };
}

describe('embedded wallet bridge: the Solana calls (issue 22 item 2)', () => {
  it('create posts latchkey:solana-wallet:create with the token, the user id and the Ethereum address', async () => {
    const { bridge, log, browser } = setup(() => ({
      data: { address: SOL, derived: true, deviceStorage: 'local' },
    }));
    await expect(bridge.solanaCreate!({ ethereumAddress: ETH })).resolves.toEqual({
      address: SOL,
      derived: true,
      deviceStorage: 'local',
    });
    expect(log[0]).toMatchObject({
      event: FRAME_EVENTS.solanaCreate,
      data: { accessToken: TOKEN, userId: 'user_1', ethereumAddress: ETH },
    });
    // Only ever posted to the frame's origin.
    expect(browser.frames[0]!.received.every((r) => r.targetOrigin === API_URL)).toBe(true);
    // Without an Ethereum wallet, no `ethereumAddress` key at all (fresh entropy).
    await bridge.solanaCreate!();
    expect(log[1]!.data).toEqual({ accessToken: TOKEN, userId: 'user_1' });
  });

  it('connect, recover and rpc post their events with the address (rpc: noPrompt only when asked)', async () => {
    const { bridge, log } = setup((r) =>
      r.event === FRAME_EVENTS.solanaRpc
        ? { data: { signature: 'c2ln' } }
        : { data: { address: SOL, deviceStorage: 'memory' } },
    );
    await expect(bridge.solanaConnect!({ address: SOL, unlock: true })).resolves.toMatchObject({
      address: SOL,
    });
    await bridge.solanaRecover!({ address: SOL });
    const request = { method: 'signMessage' as const, params: { message: 'aGk=' } };
    await expect(bridge.solanaRpc!({ address: SOL, request, noPrompt: true })).resolves.toEqual({
      signature: 'c2ln',
    });
    await bridge.solanaRpc!({ address: SOL, request });
    expect(log.map((r) => r.event)).toEqual([
      FRAME_EVENTS.solanaConnect,
      FRAME_EVENTS.solanaRecover,
      FRAME_EVENTS.solanaRpc,
      FRAME_EVENTS.solanaRpc,
    ]);
    expect(log[0]!.data).toEqual({
      accessToken: TOKEN,
      userId: 'user_1',
      address: SOL,
      unlock: true,
    });
    expect(log[1]!.data).toEqual({ accessToken: TOKEN, userId: 'user_1', address: SOL });
    expect(log[2]!.data).toEqual({
      accessToken: TOKEN,
      userId: 'user_1',
      address: SOL,
      request,
      noPrompt: true,
    });
    expect(log[3]!.data).not.toHaveProperty('noPrompt');
  });

  it("maps the frame's errors and missing answers as for Ethereum", async () => {
    const { bridge } = setup((r) =>
      r.event === FRAME_EVENTS.solanaConnect
        ? { error: { type: 'wallet_not_on_device', message: 'Wallet not on device' } }
        : r.event === FRAME_EVENTS.solanaRpc
          ? { error: { type: 'approval_required', message: 'Approve it' } }
          : { data: {} },
    );
    await expect(bridge.solanaConnect!({ address: SOL })).rejects.toMatchObject({
      type: 'wallet_not_on_device',
      code: 'frame_error',
    });
    await expect(
      bridge.solanaRpc!({
        address: SOL,
        request: { method: 'signMessage', params: { message: 'aGk=' } },
      }),
    ).rejects.toMatchObject({ type: 'approval_required' });
    await expect(bridge.solanaRecover!({ address: SOL })).rejects.toMatchObject({
      code: 'wallet_proxy_no_response',
      message: 'walletProxy.solanaRecover did not send a response',
    });
  });

  it("create times out after createMs: 'walletProxy.solanaCreate timed out'", async () => {
    const { bridge } = setup(() => null, { createMs: 30 });
    await expect(bridge.solanaCreate!()).rejects.toMatchObject({
      code: 'wallet_proxy_timeout',
      message: 'walletProxy.solanaCreate timed out',
    });
  });

  it('an rpc answer without a signature is "did not send a response"', async () => {
    const { bridge } = setup(() => ({ data: { nothing: true } }));
    await expect(
      bridge.solanaRpc!({
        address: SOL,
        request: { method: 'signTransaction', params: { transaction: 'AA==' } },
      }),
    ).rejects.toMatchObject({ code: 'wallet_proxy_no_response' });
  });
});

describe('createEmbeddedWalletApproval with chainType solana', () => {
  function mount(answer: Parameters<typeof scripted>[0]) {
    const log: Posted[] = [];
    const browser = fakeBrowser(API_URL, scripted(answer, log));
    const container = {
      ownerDocument: browser.document,
      appendChild: (node: never) =>
        (browser.document.body as unknown as { appendChild(n: never): void }).appendChild(node),
    } as unknown as HTMLElement;
    const approval = createEmbeddedWalletApproval({
      apiUrl: API_URL,
      appId: 'app_1',
      getAccessToken: async () => 'tok',
      address: SOL,
      container,
      chainType: 'solana',
      request: { method: 'signTransaction', params: { transaction: 'AQID' } },
      cluster: { name: 'Solana Devnet' },
      buttonText: 'Submit',
    });
    return { approval, log, browser };
  }

  it('posts latchkey:solana-wallet:approve to the approval page and resolves its answer', async () => {
    const { approval, log, browser } = mount(() => ({ data: { signedTransaction: 'BAUG' } }));
    await expect(approval.result).resolves.toEqual({ signedTransaction: 'BAUG' });
    expect(new URL(browser.frames[0]!.src).pathname).toBe(ROUTES.walletApprove('app_1'));
    expect(log[0]).toMatchObject({ event: FRAME_EVENTS.solanaApprove });
    expect(log[0]!.data).toEqual({
      accessToken: 'tok',
      address: SOL,
      request: { method: 'signTransaction', params: { transaction: 'AQID' } },
      cluster: { name: 'Solana Devnet' },
      buttonText: 'Submit',
    });
  });

  it("passes on the page's error type; an answer without a signature is no response", async () => {
    const refused = mount(() => ({
      error: { type: 'invalid_request_arguments', message: 'No signature slot' },
    }));
    await expect(refused.approval.result).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    });
    const empty = mount(() => ({ data: { response: '0x' } }));
    await expect(empty.approval.result).rejects.toMatchObject({
      code: 'wallet_proxy_no_response',
    });
  });
});
