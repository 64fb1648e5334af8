/**
 * Records every `postMessage(message, targetOrigin)` a page (or any of its frames) makes,
 * so a spec can assert that none uses the wildcard target origin `*` (security catalogue 10).
 *
 * Wrapping `window.postMessage` alone is not enough: the usual call is
 * `iframe.contentWindow.postMessage(...)` or, inside a frame, `window.parent.postMessage(...)`,
 * and a cross-origin WindowProxy hands out the browser's own function, which no script can
 * wrap. So the probe also returns, from `contentWindow`, `contentDocument.defaultView`,
 * `window.parent`, `window.opener` and `window.open()`, a cached Proxy of the real window whose
 * `postMessage` records its target first; `MessageEvent.source` maps to the same Proxy so
 * `event.source === iframe.contentWindow` checks keep working. (`window.top` cannot be
 * replaced, being [LegacyUnforgeable]; calls through it are not seen.)
 *
 * Records reach Node through a binding named {@link POSTMESSAGE_BINDING}, from every frame.
 */
import type { BrowserContext } from 'playwright-core';

export const POSTMESSAGE_BINDING = '__latchkeyE2ePostMessage';

/** One observed call. `targetOrigin` is what the caller passed (or '/' when omitted). */
export interface PostMessageCall {
  /** Origin of the frame that made the call. */
  from: string;
  /** Which handle it was made through. */
  via: 'self' | 'frame' | 'parent' | 'opener' | 'popup';
  targetOrigin: string;
  /** First lines of the caller's stack, to find the code. */
  stack: string;
}

/** The init script (runs in every frame before the page's own scripts). */
function probe(binding: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's global object, typed loosely on purpose
  const g = window as any;
  if (g.__latchkeyE2eProbeInstalled) return;
  g.__latchkeyE2eProbeInstalled = true;

  const pending: unknown[] = [];
  const flush = () => {
    const send = g[binding];
    if (typeof send !== 'function') {
      setTimeout(flush, 50);
      return;
    }
    while (pending.length) void send(pending.shift());
  };
  const targetOf = (arg: unknown): string => {
    if (typeof arg === 'string') return arg;
    if (arg && typeof arg === 'object' && 'targetOrigin' in arg)
      return String((arg as { targetOrigin: unknown }).targetOrigin);
    return '/';
  };
  const record = (via: string, targetOrigin: unknown) => {
    let from = 'unknown';
    try {
      from = location.origin;
    } catch {
      // opaque
    }
    const stack = (new Error().stack ?? '').split('\n').slice(2, 6).join('\n');
    pending.push({ from, via, targetOrigin: targetOf(targetOrigin), stack });
    flush();
  };

  // 1. The frame's own postMessage (window.postMessage / self.postMessage).
  const ownPostMessage = g.postMessage;
  g.postMessage = function postMessage(this: unknown, ...args: unknown[]) {
    record('self', args[1]);
    return Reflect.apply(ownPostMessage, this === undefined || this === g ? window : this, args);
  };

  // 2. Proxies for other windows.
  const proxies = new WeakMap<object, object>();
  const reals = new WeakSet<object>();
  const wrapWindow = (real: unknown, via: string): unknown => {
    if (!real || typeof real !== 'object' || real === window || reals.has(real)) return real;
    const cached = proxies.get(real);
    if (cached) return cached;
    const target = real as { postMessage: (...args: unknown[]) => void };
    const send = function postMessage(...args: unknown[]) {
      record(via, args[1]);
      return Reflect.apply(target.postMessage, target, args);
    };
    const proxy = new Proxy(real, {
      get(t, prop) {
        if (prop === 'postMessage') return send;
        const value = Reflect.get(t, prop, t);
        return typeof value === 'function' ? value.bind(t) : value;
      },
      set(t, prop, value) {
        return Reflect.set(t, prop, value, t);
      },
    });
    proxies.set(real, proxy);
    reals.add(proxy);
    return proxy;
  };
  const wrapGetter = (
    proto: object | undefined,
    prop: string,
    map: (value: unknown) => unknown,
  ) => {
    if (!proto) return;
    const desc = Object.getOwnPropertyDescriptor(proto, prop);
    if (!desc?.get || !desc.configurable) return;
    const get = desc.get;
    Object.defineProperty(proto, prop, {
      ...desc,
      get(this: unknown) {
        return map(get.call(this));
      },
    });
  };
  for (const ctor of [
    g.HTMLIFrameElement,
    g.HTMLFrameElement,
    g.HTMLObjectElement,
    g.HTMLEmbedElement,
  ]) {
    wrapGetter(ctor?.prototype, 'contentWindow', (w) => wrapWindow(w, 'frame'));
  }
  wrapGetter(g.Document?.prototype, 'defaultView', (w) => wrapWindow(w, 'frame'));
  for (const [prop, via] of [
    ['parent', 'parent'],
    ['opener', 'opener'],
  ] as const) {
    const desc = Object.getOwnPropertyDescriptor(window, prop);
    if (desc?.get && desc.configurable) {
      const get = desc.get;
      Object.defineProperty(window, prop, {
        ...desc,
        get: () => wrapWindow(get.call(window), via),
      });
    }
  }
  const open = g.open;
  if (typeof open === 'function') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- window.open's overloads
    g.open = (...args: any[]) => wrapWindow(Reflect.apply(open, window, args), 'popup');
  }
  wrapGetter(g.MessageEvent?.prototype, 'source', (w) => (w && proxies.get(w as object)) ?? w);
}

/**
 * Installs the probe in every page and frame of `context` (call before opening pages) and
 * returns the live list of calls seen so far.
 */
export async function recordPostMessages(context: BrowserContext): Promise<PostMessageCall[]> {
  const calls: PostMessageCall[] = [];
  await context.exposeBinding(POSTMESSAGE_BINDING, (_source, call: PostMessageCall) => {
    calls.push(call);
  });
  // As source text: tsx (esbuild keepNames) inserts `__name(...)` calls into functions, which
  // do not exist in the page, so the helper is defined around the probe.
  const source = `(() => { const __name = (fn) => fn; (${probe.toString()})(${JSON.stringify(POSTMESSAGE_BINDING)}); })();`;
  await context.addInitScript({ content: source });
  return calls;
}
