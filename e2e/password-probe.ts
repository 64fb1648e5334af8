/**
 * Issue 24 item 4: the recovery password is typed in the wallet frame and must never reach the
 * host page. This probe records, from an init script in every frame of a context:
 * - every message the host (top) window receives, and every `window.postMessage` it makes to
 *   itself;
 * - every message a frame receives from its parent, that is, every message the host posts to
 *   the wallet frames (a cross-origin `contentWindow.postMessage` cannot be wrapped from the
 *   host, so it is seen where it lands).
 * {@link scanHost} then looks for a secret in the host's DOM (markup, input values and text of
 * the document and of every open shadow root, such as the modal's) and its local and session
 * storage.
 */
import type { BrowserContext, Page } from 'playwright-core';

export const PASSWORD_PROBE_BINDING = '__latchkeyE2ePasswordProbe';

/** One recorded message, serialized as JSON (or `String()` when it is not JSON-able). */
export interface ProbedMessage {
  kind: 'host-received' | 'host-posted-to-self' | 'host-posted-to-frame';
  /** Origin of the frame that saw it. */
  origin: string;
  text: string;
}

// As source text: tsx (esbuild keepNames) adds `__name` helpers the page does not have.
const PROBE = `(() => {
  const B = ${JSON.stringify(PASSWORD_PROBE_BINDING)};
  if (window.__latchkeyPasswordProbe) return;
  window.__latchkeyPasswordProbe = true;
  const isTop = window === window.top;
  const pending = [];
  const flush = () => {
    if (typeof window[B] !== 'function') { setTimeout(flush, 50); return; }
    while (pending.length) void window[B](pending.shift());
  };
  const text = (data) => { try { return JSON.stringify(data) ?? String(data); } catch { return String(data); } };
  const record = (kind, data) => {
    let origin = 'unknown';
    try { origin = location.origin; } catch {}
    pending.push({ kind, origin, text: text(data) });
    flush();
  };
  const parent = window.parent;
  window.addEventListener('message', (event) => {
    if (isTop) record('host-received', event.data);
    else if (event.source === parent) record('host-posted-to-frame', event.data);
  }, true);
  if (isTop) {
    const own = window.postMessage;
    window.postMessage = function postMessage(...args) {
      record('host-posted-to-self', args[0]);
      return own.apply(window, args);
    };
  }
})();`;

/** Installs the probe in every page and frame of `context` (before opening pages). */
export async function probeMessages(context: BrowserContext): Promise<ProbedMessage[]> {
  const seen: ProbedMessage[] = [];
  await context.exposeBinding(PASSWORD_PROBE_BINDING, (_source, message: ProbedMessage) => {
    seen.push(message);
  });
  await context.addInitScript({ content: PROBE });
  return seen;
}

const SCAN = `(secret) => {
  const hits = [];
  const walk = (root, where) => {
    const markup = root.nodeType === 9 ? root.documentElement.outerHTML : root.innerHTML;
    if (markup.includes(secret)) hits.push(where + ': markup');
    if ((root.nodeType === 9 ? root.body : root).textContent?.includes(secret)) hits.push(where + ': text');
    for (const el of root.querySelectorAll('*')) {
      if (typeof el.value === 'string' && el.value.includes(secret)) hits.push(where + ': value of ' + el.tagName.toLowerCase());
      if (el.shadowRoot) walk(el.shadowRoot, where + ' > shadow root of ' + el.tagName.toLowerCase() + '.' + el.className);
    }
  };
  walk(document, 'document');
  for (const [name, storage] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]]) {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key.includes(secret) || (storage.getItem(key) ?? '').includes(secret)) hits.push(name + ': ' + key);
    }
  }
  return hits;
}`;

/**
 * Where `secret` shows in the host page (the top document): its DOM, the modal's shadow root,
 * input values, local and session storage. `[]` when nowhere.
 */
export async function scanHost(page: Page, secret: string): Promise<string[]> {
  return page.evaluate(`(${SCAN})(${JSON.stringify(secret)})`) as Promise<string[]>;
}

/** The recorded messages that contain `secret`. */
export function messagesWith(seen: readonly ProbedMessage[], secret: string): ProbedMessage[] {
  return seen.filter((m) => m.text.includes(secret));
}

/**
 * From the host page's JavaScript: posts `event` with `data` (plus the access token the SDK keeps
 * in localStorage) straight to the hidden wallet frame, as a compromised host page could, and
 * returns the frame's answer (`{data}` or `{error}`), or `{timeout: true}` after 5 s.
 */
export async function postToHiddenFrame(
  page: Page,
  stack: { apiUrl: string; appId: string },
  event: string,
  data: Record<string, unknown>,
): Promise<{ data?: unknown; error?: { type: string; message: string }; timeout?: true }> {
  const script = `(async ({ apiUrl, appId, event, data }) => {
    const token = localStorage.getItem('latchkey:' + appId + ':token');
    if (!token) throw new Error('no access token in storage');
    const frame = [...document.querySelectorAll('iframe')].find((f) => /\\/embedded-wallets\\?/.test(f.src));
    if (!frame) throw new Error('no hidden wallet frame');
    const origin = new URL(apiUrl).origin;
    const id = 'host-' + Math.random().toString(16).slice(2);
    return await new Promise((resolve) => {
      const timer = setTimeout(() => { window.removeEventListener('message', on); resolve({ timeout: true }); }, 5000);
      function on(e) {
        if (e.origin !== origin || !e.data || e.data.id !== id) return;
        clearTimeout(timer);
        window.removeEventListener('message', on);
        resolve({ data: e.data.data, error: e.data.error });
      }
      window.addEventListener('message', on);
      frame.contentWindow.postMessage({ id, event, data: { accessToken: token, ...data } }, origin);
    });
  })(${JSON.stringify({ apiUrl: stack.apiUrl, appId: stack.appId, event, data })})`;
  return page.evaluate(script) as Promise<{
    data?: unknown;
    error?: { type: string; message: string };
    timeout?: true;
  }>;
}
