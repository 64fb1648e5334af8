// @vitest-environment happy-dom
import { FRAME_EVENTS, FRAME_RESIZE_EVENT } from '@latchkey/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFrame } from './app.ts';
import { API_URL, APP_ID, token } from './test/fakes.ts';

const APP = 'https://app.example';

/** A ResizeObserver stand-in: `fire()` runs every live observer's callback. */
const observers: (() => void)[] = [];
class FakeObserver {
  constructor(callback: () => void) {
    observers.push(callback);
  }
  observe() {}
  disconnect() {}
}
const fire = () => observers.forEach((callback) => callback());

/** Starts the frame page in `mode` as the app's child, recording what it posts to the parent. */
function start(mode: 'export' | 'password') {
  const meta = document.createElement('meta');
  meta.name = 'latchkey-config';
  meta.content = JSON.stringify({ appId: APP_ID, apiUrl: API_URL, allowedOrigins: [APP], mode });
  document.head.append(meta);
  // The parent is the app (happy-dom has no ancestorOrigins: the referrer tells it).
  Object.defineProperty(document, 'referrer', { value: `${APP}/`, configurable: true });
  Object.defineProperty(window, 'ResizeObserver', { value: FakeObserver, configurable: true });
  // The test DOM has no layout: `main` (the page's content) is as tall as this says.
  let height = 0;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return { height: this.tagName === 'MAIN' ? height : 0 } as DOMRect;
  });
  const posted: [unknown, string][] = [];
  vi.spyOn(window.parent, 'postMessage').mockImplementation(((m: unknown, o: string) => {
    posted.push([m, o]);
  }) as typeof window.postMessage);
  const router = startFrame(window, document);
  const heights = () =>
    posted
      .filter(([m]) => (m as { event?: unknown }).event === FRAME_RESIZE_EVENT)
      .map(([m, origin]) => [(m as { data: { height: number } }).data.height, origin]);
  return { router: router!, heights, setHeight: (h: number) => (height = h) };
}

afterEach(() => {
  observers.length = 0;
  document.head.replaceChildren();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('startFrame: the visible pages tell the parent their height (issue 14)', () => {
  it("the password page posts its content's height to the app once a step is drawn", async () => {
    const { router, heights, setHeight } = start('password');
    // Nothing drawn before the request: no height (the host keeps its stylesheet's).
    expect(heights()).toEqual([]);
    const request = new MessageEvent('message', {
      origin: APP,
      data: {
        id: '1',
        event: FRAME_EVENTS.walletPassword,
        data: { accessToken: token('user_1'), action: 'create' },
      },
    });
    Object.defineProperty(request, 'source', { value: window.parent });
    window.dispatchEvent(request);
    await vi.waitFor(() => expect(document.querySelector('main')!.dataset.state).toBe('creating'));
    setHeight(301.5);
    fire();
    setHeight(412);
    fire();
    expect(heights()).toEqual([
      [302, APP],
      [412, APP],
    ]);
    router.destroy();
  });

  it("the export page posts its content's height to the app", () => {
    const { router, heights, setHeight } = start('export');
    setHeight(376);
    fire();
    expect(heights()).toEqual([[376, APP]]);
    router.destroy();
  });
});
