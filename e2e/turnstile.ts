/**
 * A local stand-in for Cloudflare Turnstile (issue 6; spec sections 4, 5 and 8), for e2e specs.
 * Cloudflare cannot be reached from the test machine, so two fakes speak its documented
 * protocols instead:
 *
 * 1. {@link startTurnstilePeer}: a `node:http` server on 127.0.0.1 that plays Cloudflare's
 *    side. `POST /challenge` (called by the fake widget; form `sitekey`, `action`, `cdata`)
 *    issues a single-use token bound to the site key and to the hostname of the page's
 *    `Origin`, as a solved Turnstile challenge would. `POST /turnstile/v0/siteverify` answers
 *    the server-side check exactly like
 *    https://developers.cloudflare.com/turnstile/get-started/server-side-validation/ : form
 *    (or JSON) `{secret, response, remoteip?, idempotency_key?}` in, JSON
 *    `{success, 'error-codes', challenge_ts, hostname, action, cdata}` out, with the documented
 *    error codes (`missing-input-secret`, `invalid-input-secret`, `missing-input-response`,
 *    `invalid-input-response`, `timeout-or-duplicate`; tokens live 300 s and verify once).
 *    `refuseNext(n)` makes siteverify refuse the next `n` issued tokens
 *    (`invalid-input-response`), as Cloudflare does for a token it judged bad.
 * 2. {@link installTurnstileFake}: routes `https://challenges.cloudflare.com/turnstile/v0/api.js*`
 *    of a Playwright context to a script implementing the documented client API
 *    (https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/):
 *    `window.turnstile.render(container, {sitekey, callback, 'error-callback',
 *    'expired-callback', execution, appearance, action, cData}) -> widgetId`, `execute`,
 *    `reset`, `remove`, `getResponse`, `isExpired`, `ready`, and the `onload` script parameter.
 *    A run fetches a token from the peer. Every other request to challenges.cloudflare.com is
 *    aborted (nothing leaves the machine). The page sees the calls it made in
 *    `window.__turnstileFake.calls` (read with {@link turnstileCalls}).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';

/** Cloudflare's documented token lifetime (s). */
export const TURNSTILE_TOKEN_TTL_S = 300;
/** Turnstile's client error code for an unknown site key ("invalid sitekey"). */
export const TURNSTILE_INVALID_SITEKEY = '110100';

/** One token the peer issued (a solved challenge). */
export interface IssuedToken {
  token: string;
  sitekey: string;
  /** Hostname of the page that solved it (from the request's `Origin`). */
  hostname: string;
  action: string;
  cdata: string;
  issuedAt: number;
  /** Set by `refuseNext`: siteverify will answer `invalid-input-response`. */
  refused: boolean;
  /** Set once siteverify accepted it (a second verify is `timeout-or-duplicate`). */
  verified: boolean;
}

/** One siteverify call the peer answered. */
export interface SiteverifyCall {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  idempotencyKey: string | null;
  answer: SiteverifyAnswer;
}

/** Siteverify's JSON answer (Cloudflare's documented shape). */
export interface SiteverifyAnswer {
  success: boolean;
  'error-codes': string[];
  challenge_ts?: string;
  hostname?: string;
  action?: string;
  cdata?: string;
}

/** Options of {@link startTurnstilePeer}. */
export interface TurnstilePeerOptions {
  /** The site key (without Latchkey's `t:` prefix) and its secret key. */
  sitekey: string;
  secret: string;
  /** Clock in ms (tests of expiry). Default `Date.now`. */
  now?: () => number;
}

/** The running peer. */
export interface TurnstilePeer {
  /** e.g. `http://127.0.0.1:41234` (the fake widget's `POST /challenge`). */
  url: string;
  /** `<url>/turnstile/v0/siteverify`: give it to the API as LATCHKEY_TURNSTILE_SITEVERIFY_URL. */
  siteverifyUrl: string;
  sitekey: string;
  secret: string;
  /** Every token issued, oldest first. */
  issued: IssuedToken[];
  /** Every siteverify call, oldest first. */
  siteverifies: SiteverifyCall[];
  /** Every challenge run of a page (`POST /challenge`): its site key and the token or error. */
  challenges: { sitekey: string; token?: string; error?: string }[];
  /** Siteverify calls for `token`, oldest first. */
  verifiesOf(token: string): SiteverifyCall[];
  /** Issues a token as if a page on `hostname` had solved the challenge (API-level checks). */
  issue(hostname: string): string;
  /** The next `n` issued tokens are refused by siteverify (`invalid-input-response`). */
  refuseNext(n?: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** Form or JSON body as a string map (siteverify accepts both). */
function parseParams(req: IncomingMessage, body: string): URLSearchParams {
  if (req.headers['content-type']?.includes('application/json')) {
    const params = new URLSearchParams();
    try {
      const json = JSON.parse(body) as Record<string, unknown>;
      for (const [k, v] of Object.entries(json)) if (typeof v === 'string') params.set(k, v);
    } catch {
      // an unreadable body has no fields: answered as missing input
    }
    return params;
  }
  return new URLSearchParams(body);
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));
}

/**
 * Starts the Cloudflare stand-in on a free port of 127.0.0.1.
 * @returns a {@link TurnstilePeer}; `close()` it when done.
 */
export async function startTurnstilePeer(options: TurnstilePeerOptions): Promise<TurnstilePeer> {
  const now = options.now ?? (() => Date.now());
  const issued: IssuedToken[] = [];
  const byToken = new Map<string, IssuedToken>();
  const siteverifies: SiteverifyCall[] = [];
  const challenges: TurnstilePeer['challenges'] = [];
  let refuse = 0;

  const issue = (sitekey: string, hostname: string, action = '', cdata = ''): IssuedToken => {
    // Cloudflare's tokens are opaque and long (up to 2048 characters); this one is random.
    const token = `0.${Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url')}`;
    const entry: IssuedToken = {
      token,
      sitekey,
      hostname,
      action,
      cdata,
      issuedAt: now(),
      refused: refuse > 0,
      verified: false,
    };
    if (refuse > 0) refuse--;
    issued.push(entry);
    byToken.set(token, entry);
    return entry;
  };

  const siteverify = (params: URLSearchParams): SiteverifyAnswer => {
    const secret = params.get('secret');
    const response = params.get('response');
    const fail = (code: string): SiteverifyAnswer => ({ success: false, 'error-codes': [code] });
    if (!secret) return fail('missing-input-secret');
    if (secret !== options.secret) return fail('invalid-input-secret');
    if (!response) return fail('missing-input-response');
    const entry = byToken.get(response);
    // A token of another site key is, for this secret, a token that does not exist.
    if (!entry || entry.sitekey !== options.sitekey || entry.refused) {
      return fail('invalid-input-response');
    }
    if (entry.verified || now() - entry.issuedAt > TURNSTILE_TOKEN_TTL_S * 1000) {
      return fail('timeout-or-duplicate');
    }
    entry.verified = true;
    return {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(entry.issuedAt).toISOString(),
      hostname: entry.hostname,
      action: entry.action,
      cdata: entry.cdata,
    };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const origin = req.headers.origin;
      const cors: Record<string, string> = origin
        ? { 'access-control-allow-origin': origin, vary: 'Origin' }
        : {};
      if (url.pathname === '/challenge') {
        if (req.method === 'OPTIONS') {
          res
            .writeHead(204, {
              ...cors,
              'access-control-allow-methods': 'POST',
              'access-control-allow-headers': 'content-type',
            })
            .end();
          return;
        }
        if (req.method !== 'POST' || !origin) {
          json(res, 405, { error: 'POST from a page' }, cors);
          return;
        }
        const params = new URLSearchParams(await readBody(req));
        const sitekey = params.get('sitekey') ?? '';
        if (sitekey !== options.sitekey) {
          challenges.push({ sitekey, error: TURNSTILE_INVALID_SITEKEY });
          json(res, 400, { error: TURNSTILE_INVALID_SITEKEY }, cors);
          return;
        }
        const entry = issue(
          sitekey,
          new URL(origin).hostname,
          params.get('action') ?? '',
          params.get('cdata') ?? '',
        );
        challenges.push({ sitekey, token: entry.token });
        json(res, 200, { token: entry.token }, cors);
        return;
      }
      if (url.pathname === '/turnstile/v0/siteverify') {
        if (req.method !== 'POST') {
          json(res, 405, { success: false, 'error-codes': ['bad-request'] });
          return;
        }
        const params = parseParams(req, await readBody(req));
        const answer = siteverify(params);
        siteverifies.push({
          secret: params.get('secret'),
          response: params.get('response'),
          remoteip: params.get('remoteip'),
          idempotencyKey: params.get('idempotency_key'),
          answer,
        });
        json(res, 200, answer);
        return;
      }
      json(res, 404, { error: 'not found' });
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    siteverifyUrl: `${url}/turnstile/v0/siteverify`,
    sitekey: options.sitekey,
    secret: options.secret,
    issued,
    siteverifies,
    challenges,
    verifiesOf: (token) => siteverifies.filter((call) => call.response === token),
    issue: (hostname) => issue(options.sitekey, hostname).token,
    refuseNext(n = 1) {
      refuse = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The fake `api.js`: Turnstile's documented client API, backed by the peer at `peerUrl`.
 * Plain JavaScript (it runs in the page as is).
 */
export function turnstileScript(peerUrl: string): string {
  return `(() => {
  'use strict';
  const PEER = ${JSON.stringify(peerUrl)};
  const TTL_MS = ${TURNSTILE_TOKEN_TTL_S * 1000};
  const calls = [];
  const widgets = new Map();
  let count = 0;
  const log = (name, id) => calls.push({ name, id, at: Date.now() });
  const find = (ref) => {
    if (ref === undefined) return [...widgets.values()].at(-1);
    if (typeof ref === 'string' && widgets.has(ref)) return widgets.get(ref);
    const el = typeof ref === 'string' ? document.querySelector(ref) : ref;
    return [...widgets.values()].find((w) => w.container === el);
  };
  const call = (fn, ...args) => {
    if (typeof fn !== 'function') return undefined;
    try { return fn(...args); } catch (error) { setTimeout(() => { throw error; }); }
  };
  function clearToken(w) {
    clearTimeout(w.expiry);
    w.token = undefined;
    w.expired = false;
    w.input.value = '';
  }
  function fail(w, code) {
    w.state = 'error';
    const handled = call(w.params['error-callback'], code);
    if (handled !== true) console.warn('[Cloudflare Turnstile] Error: ' + code + '.');
  }
  async function run(w) {
    if (w.state === 'executing') {
      console.warn('[Cloudflare Turnstile] Call to execute() on a widget that is already executing (' + w.id + '), consider using reset().');
      return;
    }
    if (w.state === 'solved') {
      console.warn('[Cloudflare Turnstile] Call to execute() on a widget that was already executed (' + w.id + '), consider using reset().');
      return;
    }
    w.state = 'executing';
    const generation = ++w.generation;
    let res;
    try {
      res = await fetch(PEER + '/challenge', {
        method: 'POST',
        body: new URLSearchParams({ sitekey: w.params.sitekey, action: w.params.action || '', cdata: w.params.cData || '' }),
      });
    } catch {
      if (generation === w.generation && widgets.has(w.id)) fail(w, '200500');
      return;
    }
    const body = await res.json().catch(() => ({}));
    if (generation !== w.generation || !widgets.has(w.id)) return; // reset or removed meanwhile
    if (!res.ok || typeof body.token !== 'string') { fail(w, String(body.error || '300010')); return; }
    w.state = 'solved';
    w.token = body.token;
    w.input.value = body.token;
    w.expiry = setTimeout(() => {
      w.expired = true;
      w.state = 'expired';
      call(w.params['expired-callback'], w.token);
    }, TTL_MS);
    call(w.params.callback, body.token);
  }
  const turnstile = {
    render(container, params = {}) {
      const el = typeof container === 'string' ? document.querySelector(container) : container;
      if (!el) throw new Error('[Cloudflare Turnstile] Unable to find a container for ' + String(container) + '.');
      if (typeof params.sitekey !== 'string' || !params.sitekey) throw new Error('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey", expected "string", got "' + typeof params.sitekey + '".');
      const id = 'cf-chl-widget-' + (++count).toString(36) + Math.random().toString(36).slice(2, 7);
      const wrapper = document.createElement('div');
      wrapper.id = id;
      wrapper.dataset.fakeTurnstile = '';
      // appearance 'interaction-only' / 'execute': nothing to see unless interaction is needed.
      if (params.appearance !== 'always') wrapper.style.display = 'none';
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = params['response-field-name'] || 'cf-turnstile-response';
      input.id = id + '_response';
      wrapper.appendChild(input);
      el.appendChild(wrapper);
      const w = { id, container: el, wrapper, input, params, state: 'idle', generation: 0, token: undefined, expired: false, expiry: undefined };
      widgets.set(id, w);
      log('render', id);
      if ((params.execution || 'render') === 'render') void run(w);
      return id;
    },
    execute(ref) {
      const w = find(ref);
      log('execute', w && w.id);
      if (!w) throw new Error('[Cloudflare Turnstile] Nothing to execute: no widget for ' + String(ref) + '.');
      void run(w);
    },
    reset(ref) {
      const w = find(ref);
      log('reset', w && w.id);
      if (!w) { console.warn('[Cloudflare Turnstile] Nothing to reset found for provided container.'); return; }
      w.generation++;
      clearToken(w);
      w.state = 'idle';
      if ((w.params.execution || 'render') === 'render') void run(w);
    },
    remove(ref) {
      const w = find(ref);
      log('remove', w && w.id);
      if (!w) { console.warn('[Cloudflare Turnstile] Nothing to remove found for provided container.'); return; }
      w.generation++;
      clearTimeout(w.expiry);
      w.wrapper.remove();
      widgets.delete(w.id);
    },
    getResponse(ref) {
      const w = find(ref);
      return w && !w.expired ? w.token : undefined;
    },
    isExpired(ref) {
      const w = find(ref);
      return Boolean(w && w.expired);
    },
    ready(callback) { queueMicrotask(callback); },
    implicitRender() {},
  };
  Object.defineProperty(window, 'turnstile', { value: turnstile, configurable: true, writable: true });
  Object.defineProperty(window, '__turnstileFake', { value: { calls }, configurable: true });
  const src = document.currentScript && document.currentScript.src;
  const onload = src ? new URL(src).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') setTimeout(() => window[onload]());
})();
`;
}

/** The api.js requests a context made, and the option to stop serving it. */
export interface TurnstileFake {
  /** URLs of every api.js request (e.g. to check `render=explicit`). */
  scriptRequests: string[];
  uninstall(): Promise<void>;
}

/**
 * Serves the fake `api.js` (backed by `peer`) to every page of `context`, and aborts every
 * other request to challenges.cloudflare.com.
 */
export async function installTurnstileFake(
  context: BrowserContext,
  peer: Pick<TurnstilePeer, 'url'>,
): Promise<TurnstileFake> {
  const scriptRequests: string[] = [];
  const script = turnstileScript(peer.url);
  const handler = async (route: import('playwright-core').Route) => {
    const url = route.request().url();
    if (url.startsWith('https://challenges.cloudflare.com/turnstile/v0/api.js')) {
      scriptRequests.push(url);
      await route.fulfill({
        status: 200,
        contentType: 'application/javascript; charset=utf-8',
        body: script,
      });
      return;
    }
    await route.abort('blockedbyclient');
  };
  await context.route('https://challenges.cloudflare.com/**', handler);
  return {
    scriptRequests,
    uninstall: () => context.unroute('https://challenges.cloudflare.com/**', handler),
  };
}

/** The `window.turnstile` calls the page made so far (`render`, `execute`, `reset`, `remove`). */
export async function turnstileCalls(page: Page): Promise<{ name: string; id?: string }[]> {
  return page.evaluate(() => {
    const fake = (window as { __turnstileFake?: { calls: { name: string; id?: string }[] } })
      .__turnstileFake;
    return fake ? fake.calls.map(({ name, id }) => ({ name, id })) : [];
  });
}
