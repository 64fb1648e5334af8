import { FRAME_EVENTS } from '@latchkey/api';
import { describe, expect, it, vi } from 'vitest';
import { InvalidRecoveryPasswordError } from '../custody/errors.ts';
import { createFrameRouter, type FrameWindow } from './router.ts';
import { ShareApiError } from './share-api.ts';

const APP = 'https://app.example';

function fakeWindow() {
  const target = new EventTarget();
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  };
  const win: FrameWindow = {
    addEventListener: (type, l) => target.addEventListener(type, l as EventListener),
    removeEventListener: (type, l) => target.removeEventListener(type, l as EventListener),
    parent,
  };
  // MessageEvent's `source` must be a real MessagePort/Window in Node, so patch it per event.
  const sendFrom = (data: unknown, origin = APP, source: unknown = parent) => {
    const event = new MessageEvent('message', { data, origin });
    Object.defineProperty(event, 'source', { value: source });
    target.dispatchEvent(event);
  };
  return { win, posted, sendFrom };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('frame router', () => {
  it('answers an allowed origin at that exact origin, never "*"', async () => {
    const { win, posted, sendFrom } = fakeWindow();
    createFrameRouter({
      window: win,
      allowedOrigins: [APP],
      handlers: { [FRAME_EVENTS.walletConnect]: () => ({ address: '0xabc' }) },
    });
    sendFrom({ id: '1', event: FRAME_EVENTS.walletConnect, data: {} });
    await flush();
    expect(posted).toEqual([
      {
        message: { id: '1', event: FRAME_EVENTS.walletConnect, data: { address: '0xabc' } },
        targetOrigin: APP,
      },
    ]);
  });

  it('drops messages from a foreign origin or a window that is not the parent', async () => {
    const { win, posted, sendFrom } = fakeWindow();
    const handler = vi.fn(() => ({}));
    createFrameRouter({
      window: win,
      allowedOrigins: [APP],
      handlers: { [FRAME_EVENTS.walletRpc]: handler },
    });
    sendFrom({ id: '1', event: FRAME_EVENTS.walletRpc, data: {} }, 'https://evil.example');
    sendFrom(
      { id: '2', event: FRAME_EVENTS.walletRpc, data: {} },
      'https://app.example.evil.example',
    );
    sendFrom({ id: '3', event: FRAME_EVENTS.walletRpc, data: {} }, APP, { postMessage() {} });
    await flush();
    expect(handler).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('discards malformed and unknown messages', async () => {
    const { win, posted, sendFrom } = fakeWindow();
    const handler = vi.fn(() => ({}));
    createFrameRouter({
      window: win,
      allowedOrigins: [APP],
      handlers: { [FRAME_EVENTS.walletRpc]: handler },
    });
    for (const data of [
      'latchkey:wallet:rpc',
      null,
      [],
      {},
      { id: 1, event: FRAME_EVENTS.walletRpc },
      { id: 'x', event: 'privy:wallet:rpc' },
      { id: 'x'.repeat(129), event: FRAME_EVENTS.walletRpc },
    ]) {
      sendFrom(data);
    }
    await flush();
    expect(handler).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('answers custody errors with their type and hides other errors', async () => {
    const { win, posted, sendFrom } = fakeWindow();
    createFrameRouter({
      window: win,
      allowedOrigins: [APP],
      handlers: {
        [FRAME_EVENTS.walletRecover]: () => {
          throw new InvalidRecoveryPasswordError();
        },
        [FRAME_EVENTS.walletRpc]: () => {
          throw new Error('database password is hunter2');
        },
      },
    });
    sendFrom({ id: 'a', event: FRAME_EVENTS.walletRecover, data: {} });
    sendFrom({ id: 'b', event: FRAME_EVENTS.walletRpc, data: {} });
    sendFrom({ id: 'c', event: FRAME_EVENTS.mfaVerify, data: {} });
    await flush();
    const byId = posted
      .map((p) => p.message as { id: string })
      .sort((x, y) => x.id.localeCompare(y.id));
    expect(byId).toEqual([
      {
        id: 'a',
        event: FRAME_EVENTS.walletRecover,
        error: {
          type: 'invalid_recovery_pin',
          message: 'Invalid recovery password, please try again.',
        },
      },
      {
        id: 'b',
        event: FRAME_EVENTS.walletRpc,
        error: { type: 'error', message: 'An error has occurred, please try again.' },
      },
      {
        id: 'c',
        event: FRAME_EVENTS.mfaVerify,
        error: {
          type: 'invalid_request_arguments',
          message: `Unsupported event ${FRAME_EVENTS.mfaVerify}`,
        },
      },
    ]);
    expect(posted.every((p) => p.targetOrigin === APP)).toBe(true);
  });

  it("relays the API's code of a server refusal, and no code for anything else", async () => {
    const { win, posted, sendFrom } = fakeWindow();
    const throwing = (error: unknown) => () => {
      throw error;
    };
    createFrameRouter({
      window: win,
      allowedOrigins: [APP],
      handlers: {
        // The server's refusal, as the share client raises it.
        [FRAME_EVENTS.walletCreate]: throwing(
          new ShareApiError(
            'error',
            'Request failed with code 409: Only one',
            409,
            'embedded_wallet_exists',
          ),
        ),
        // A code the API does not have, and a code on an error that is not the frame's own.
        [FRAME_EVENTS.walletImport]: throwing(
          new ShareApiError('error', 'Request failed', 500, 'select * from users'),
        ),
        [FRAME_EVENTS.walletRpc]: throwing(
          Object.assign(new Error('boom'), { code: 'embedded_wallet_exists' }),
        ),
      },
    });
    sendFrom({ id: 'a', event: FRAME_EVENTS.walletCreate, data: {} });
    sendFrom({ id: 'b', event: FRAME_EVENTS.walletImport, data: {} });
    sendFrom({ id: 'c', event: FRAME_EVENTS.walletRpc, data: {} });
    await flush();
    const errors = Object.fromEntries(
      posted.map((p) => {
        const m = p.message as { id: string; error: Record<string, unknown> };
        return [m.id, m.error];
      }),
    );
    expect(errors.a).toEqual({
      type: 'error',
      message: 'Request failed with code 409: Only one',
      code: 'embedded_wallet_exists',
    });
    expect(errors.b).toEqual({ type: 'error', message: 'Request failed' });
    expect(errors.c).toEqual({
      type: 'error',
      message: 'An error has occurred, please try again.',
    });
  });

  it('refuses "*" as an allowed origin and announces ready only to an allowed parent', () => {
    const { win, posted } = fakeWindow();
    expect(() => createFrameRouter({ window: win, allowedOrigins: ['*'], handlers: {} })).toThrow();
    expect(() =>
      createFrameRouter({
        window: win,
        allowedOrigins: ['https://app.example/path'],
        handlers: {},
      }),
    ).toThrow();
    const router = createFrameRouter({ window: win, allowedOrigins: [APP], handlers: {} });
    expect(() => router.announceReady('https://evil.example')).toThrow();
    router.announceReady(APP);
    expect(posted).toEqual([
      { message: { id: 'ready', event: FRAME_EVENTS.ready, data: {} }, targetOrigin: APP },
    ]);
  });

  it('stops listening after destroy', async () => {
    const { win, posted, sendFrom } = fakeWindow();
    const router = createFrameRouter({
      window: win,
      allowedOrigins: [APP],
      handlers: { [FRAME_EVENTS.walletConnect]: () => ({}) },
    });
    router.destroy();
    sendFrom({ id: '1', event: FRAME_EVENTS.walletConnect, data: {} });
    await flush();
    expect(posted).toEqual([]);
  });
});
