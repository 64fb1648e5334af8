import { FRAME_EVENTS } from '@latchkey/api';
import { describe, expect, it, vi } from 'vitest';
import { guardHostHandlers, USER_GESTURE_REQUIRED_MESSAGE } from './host-guard.ts';
import { createFrameRouter, type FrameWindow } from './router.ts';

const APP = 'https://app.example';
const ADDRESS = '0x1111111111111111111111111111111111111111';
const ctx = { origin: APP };

function handlers() {
  return {
    [FRAME_EVENTS.walletCreate]: vi.fn(() => ({ address: ADDRESS, deviceStorage: 'local' })),
    [FRAME_EVENTS.walletRecover]: vi.fn(() => ({ address: ADDRESS, deviceStorage: 'local' })),
    [FRAME_EVENTS.walletSetRecovery]: vi.fn(() => ({ address: ADDRESS })),
    [FRAME_EVENTS.walletRpc]: vi.fn(() => ({ response: '0x' })),
    [FRAME_EVENTS.walletConnect]: vi.fn(() => ({ address: ADDRESS })),
  };
}

const refused = { type: 'user_gesture_required', message: USER_GESTURE_REQUIRED_MESSAGE };

describe('guardHostHandlers (issue 24, item 4)', () => {
  it('refuses a create with a password or user-passcode recovery, without running it', () => {
    const inner = handlers();
    const guarded = guardHostHandlers(inner);
    const create = guarded[FRAME_EVENTS.walletCreate]!;
    expect(() =>
      create({ accessToken: 't', recoveryMethod: 'user-passcode', password: 'sunshine7' }, ctx),
    ).toThrow(expect.objectContaining(refused));
    expect(() => create({ accessToken: 't', recoveryMethod: 'user-passcode' }, ctx)).toThrow(
      expect.objectContaining(refused),
    );
    // A password with the automatic method is refused too (the host has no business sending one).
    expect(() => create({ accessToken: 't', password: '' }, ctx)).toThrow(
      expect.objectContaining(refused),
    );
    expect(inner[FRAME_EVENTS.walletCreate]).not.toHaveBeenCalled();
  });

  it('refuses a recover with a password and every set-recovery', () => {
    const inner = handlers();
    const guarded = guardHostHandlers(inner);
    expect(() =>
      guarded[FRAME_EVENTS.walletRecover]!(
        { accessToken: 't', address: ADDRESS, password: 'x' },
        ctx,
      ),
    ).toThrow(expect.objectContaining(refused));
    for (const data of [
      { accessToken: 't', address: ADDRESS, recoveryMethod: 'user-passcode', password: 'x' },
      { accessToken: 't', address: ADDRESS, recoveryMethod: 'latchkey' },
      {},
    ]) {
      expect(() => guarded[FRAME_EVENTS.walletSetRecovery]!(data, ctx)).toThrow(
        expect.objectContaining(refused),
      );
    }
    expect(inner[FRAME_EVENTS.walletRecover]).not.toHaveBeenCalled();
    expect(inner[FRAME_EVENTS.walletSetRecovery]).not.toHaveBeenCalled();
  });

  it('passes automatic create, recover without a password and other events through', async () => {
    const inner = handlers();
    const guarded = guardHostHandlers(inner);
    await guarded[FRAME_EVENTS.walletCreate]!({ accessToken: 't' }, ctx);
    await guarded[FRAME_EVENTS.walletCreate]!(
      { accessToken: 't', recoveryMethod: 'latchkey' },
      ctx,
    );
    await guarded[FRAME_EVENTS.walletRecover]!({ accessToken: 't', address: ADDRESS }, ctx);
    await guarded[FRAME_EVENTS.walletRpc]!({ accessToken: 't' }, ctx);
    expect(inner[FRAME_EVENTS.walletCreate]).toHaveBeenCalledTimes(2);
    expect(inner[FRAME_EVENTS.walletRecover]).toHaveBeenCalledTimes(1);
    expect(guarded[FRAME_EVENTS.walletRpc]).toBe(inner[FRAME_EVENTS.walletRpc]);
    expect(guarded[FRAME_EVENTS.walletConnect]).toBe(inner[FRAME_EVENTS.walletConnect]);
  });

  it('answers the host user_gesture_required through the router', async () => {
    const target = new EventTarget();
    const posted: unknown[] = [];
    const parent = { postMessage: (message: unknown) => posted.push(message) };
    const win: FrameWindow = {
      addEventListener: (type, l) => target.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) => target.removeEventListener(type, l as EventListener),
      parent,
    };
    createFrameRouter({
      window: win,
      allowedOrigins: [APP],
      handlers: guardHostHandlers(handlers()),
    });
    const event = new MessageEvent('message', {
      origin: APP,
      data: {
        id: '7',
        event: FRAME_EVENTS.walletSetRecovery,
        data: {
          accessToken: 't',
          address: ADDRESS,
          recoveryMethod: 'user-passcode',
          password: 'p',
        },
      },
    });
    Object.defineProperty(event, 'source', { value: parent });
    target.dispatchEvent(event);
    await new Promise((r) => setTimeout(r, 0));
    expect(posted).toEqual([{ id: '7', event: FRAME_EVENTS.walletSetRecovery, error: refused }]);
  });
});
