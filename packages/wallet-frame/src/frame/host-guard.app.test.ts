// @vitest-environment happy-dom
import { FRAME_EVENTS } from '@latchkey/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFrame } from './app.ts';
import { USER_GESTURE_REQUIRED_MESSAGE } from './host-guard.ts';
import { API_URL, APP_ID, token } from './test/fakes.ts';

const APP = 'https://app.example';

afterEach(() => {
  document.head.replaceChildren();
  vi.restoreAllMocks();
});

describe("startFrame's hidden wallet frame (mode wallet) guards the host's requests (issue 24)", () => {
  it('answers set-recovery and a create with a password user_gesture_required', async () => {
    const meta = document.createElement('meta');
    meta.name = 'latchkey-config';
    meta.content = JSON.stringify({ appId: APP_ID, apiUrl: API_URL, allowedOrigins: [APP] });
    document.head.append(meta);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const posted: unknown[] = [];
    const parent = window.parent;
    vi.spyOn(parent, 'postMessage').mockImplementation((message: unknown) => {
      posted.push(message);
    });
    const router = startFrame(window, document);
    expect(router).not.toBeNull();
    const send = (id: string, event: string, data: unknown) => {
      const message = new MessageEvent('message', { origin: APP, data: { id, event, data } });
      Object.defineProperty(message, 'source', { value: parent });
      window.dispatchEvent(message);
    };
    const address = '0x1111111111111111111111111111111111111111';
    send('1', FRAME_EVENTS.walletSetRecovery, {
      accessToken: token('user_1'),
      address,
      recoveryMethod: 'user-passcode',
      password: 'Host-Chosen-1',
    });
    send('2', FRAME_EVENTS.walletCreate, {
      accessToken: token('user_1'),
      recoveryMethod: 'user-passcode',
      password: 'Host-Chosen-1',
    });
    // vi.waitFor's 1 s default is too short on a loaded CI machine (the frame's start opens its
    // key store first); the answers are what is checked, not their speed.
    await vi.waitFor(() => expect(posted).toHaveLength(2), { timeout: 10_000 });
    const refused = { type: 'user_gesture_required', message: USER_GESTURE_REQUIRED_MESSAGE };
    expect(posted).toEqual(
      expect.arrayContaining([
        { id: '1', event: FRAME_EVENTS.walletSetRecovery, error: refused },
        { id: '2', event: FRAME_EVENTS.walletCreate, error: refused },
      ]),
    );
    router!.destroy();
    // The whole frame starts here (config, key store, every handler): on a loaded CI machine
    // that has taken over vitest's 5 s default; what is checked is the refusals, not the time.
  }, 30_000);
});
