// @vitest-environment happy-dom
import { FRAME_EVENTS, RECOVERY_OAUTH_MESSAGE_TYPE } from '@latchkey/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFrame } from './app.ts';
import { CLOUD_GESTURE_REQUIRED_MESSAGE } from './host-guard.ts';
import { API_URL, APP_ID, token } from './test/fakes.ts';

const APP = 'https://app.example';

function configure(mode: string, allowedOrigins: string[] = [APP]) {
  const meta = document.createElement('meta');
  meta.name = 'latchkey-config';
  meta.content = JSON.stringify({ appId: APP_ID, apiUrl: API_URL, allowedOrigins, mode });
  document.head.append(meta);
}

/** The parent's side: what the frame posts to it, and a way to send it requests. */
function parentPage() {
  const posted: unknown[] = [];
  const parent = window.parent;
  vi.spyOn(parent, 'postMessage').mockImplementation((message: unknown) => {
    posted.push(message);
  });
  const send = (id: string, event: string, data: unknown) => {
    const message = new MessageEvent('message', { origin: APP, data: { id, event, data } });
    Object.defineProperty(message, 'source', { value: parent });
    window.dispatchEvent(message);
  };
  return { posted, send };
}

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('startFrame and cloud recovery (issue 23)', () => {
  it('mode cloud-return tells its opener at its own origin and starts no router', () => {
    configure('cloud-return', []);
    window.history.replaceState(
      null,
      '',
      '/apps/x/embedded-wallets/cloud/return?latchkey_oauth_code=c1&latchkey_oauth_state=s1&latchkey_oauth_provider=google-drive',
    );
    const opener = { postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    expect(startFrame(window, document)).toBeNull();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: RECOVERY_OAUTH_MESSAGE_TYPE, code: 'c1', state: 's1', provider: 'google-drive' },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
    Object.defineProperty(window, 'opener', { value: null, configurable: true });
  });

  it("mode cloud serves latchkey:wallet:cloud: the provider's button, one request", async () => {
    configure('cloud');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { posted, send } = parentPage();
    const router = startFrame(window, document);
    expect(router).not.toBeNull();
    send('1', FRAME_EVENTS.walletCloud, {
      accessToken: token('user_1'),
      action: 'create',
      provider: 'icloud',
    });
    await vi.waitFor(
      () =>
        expect(document.querySelector('[data-testid="cloud-button"]')?.textContent).toBe(
          'Continue with iCloud',
        ),
      { timeout: 10_000 },
    );
    send('2', FRAME_EVENTS.walletCloud, {
      accessToken: token('user_1'),
      action: 'create',
      provider: 'icloud',
    });
    await vi.waitFor(() => expect(posted).toHaveLength(1), { timeout: 10_000 });
    expect(posted[0]).toMatchObject({
      id: '2',
      error: { type: 'invalid_request_arguments' },
    });
    router!.destroy();
  }, 30_000);

  it('the hidden wallet frame refuses latchkey:wallet:cloud', async () => {
    configure('wallet');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { posted, send } = parentPage();
    const router = startFrame(window, document);
    send('1', FRAME_EVENTS.walletCloud, {
      accessToken: token('user_1'),
      action: 'create',
      provider: 'google-drive',
    });
    await vi.waitFor(() => expect(posted).toHaveLength(1), { timeout: 10_000 });
    expect(posted[0]).toEqual({
      id: '1',
      event: FRAME_EVENTS.walletCloud,
      error: { type: 'user_gesture_required', message: CLOUD_GESTURE_REQUIRED_MESSAGE },
    });
    router!.destroy();
  }, 30_000);
});
