/** Test helpers: a scripted `fetch`, JWTs and wire users. Not exported from the package. */
import type { UserWire } from '@latchkey/api';

export const APP_ID = 'clpispdty00ycl80fpueukbhl';
export const API_URL = 'http://api.test';

export type Call = { url: string; init: RequestInit; body: unknown; headers: Headers };
type Handler = (call: Call) => Response | Promise<Response>;

/** JSON response helper. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * A fake fetch: routes `"METHOD /path"` to handlers; each handler may be a list consumed in
 * order (the last one repeats). Records every call.
 */
export function fakeFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const counters = new Map<string, number>();
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = new URL(url).pathname;
    const key = `${init.method ?? 'GET'} ${path}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { url, init, body, headers: new Headers(init.headers) };
    calls.push(call);
    const route = routes[key];
    if (!route) return json({ error: 'Not found', code: 'not_found' }, 404);
    if (Array.isArray(route)) {
      const n = counters.get(key) ?? 0;
      counters.set(key, n + 1);
      return route[Math.min(n, route.length - 1)]!(call);
    }
    return route(call);
  }) as typeof globalThis.fetch;
  const count = (key: string) =>
    calls.filter((c) => `${c.init.method ?? 'GET'} ${new URL(c.url).pathname}` === key).length;
  return { fetch, calls, count };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT-shaped token with the given claims (the client never verifies). */
export function jwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'ES256', typ: 'JWT' })}.${b64url(claims)}.c2ln`;
}

/** An access token for APP_ID expiring `ttlS` seconds after `nowMs`. */
export function accessToken(nowMs: number, ttlS = 3600, extra: Record<string, unknown> = {}) {
  return jwt({
    aud: APP_ID,
    sub: 'user_1',
    sid: 's1',
    exp: Math.floor(nowMs / 1000) + ttlS,
    ...extra,
  });
}

export function wireUser(overrides: Partial<UserWire> = {}): UserWire {
  return {
    id: 'user_1',
    created_at: 1_700_000_000,
    linked_accounts: [
      {
        type: 'email',
        address: 'alice@example.com',
        verified_at: 1_700_000_001,
        first_verified_at: 1_700_000_001,
        latest_verified_at: 1_700_000_002,
      },
    ],
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
    ...overrides,
  };
}

/** Settles pending promise callbacks (several microtask turns). */
export async function flush(times = 10) {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
