/** Test helpers: a fake share server (the real routes' behaviour), storages and tokens. */
import { ROUTES } from '@latchkey/api';
import type { KeyValueStore } from '../device-store.ts';

export const APP_ID = 'clpispdty00ycl80fpueukbhl';
export const API_URL = 'http://api.test';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned access token for `sub` (the fake server trusts it; the real one verifies). */
export function token(sub = 'user_1', extra: Record<string, unknown> = {}): string {
  return `${b64url({ alg: 'ES256' })}.${b64url({
    sub,
    aud: APP_ID,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...extra,
  })}.c2ln`;
}

export type StoredWallet = {
  userId: string;
  address: string;
  auth_share: string;
  recovery_method: string;
  recovery_share: string | null;
  recovery_blob: unknown;
};

/** A fake of the server's share routes: stores by address, releases only to the owner's token. */
export function fakeShareServer() {
  const wallets = new Map<string, StoredWallet>();
  const calls: { path: string; body: Record<string, unknown>; userId: string | null }[] = [];
  /** Mutates the auth share the server hands out (simulates corruption at rest). */
  let tamperAuth: ((share: string) => string) | null = null;
  /** Tokens the server refuses (expired, revoked or forged: the real server checks signatures). */
  const rejected = new Set<string>();

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const auth = new Headers(init.headers).get('authorization') ?? '';
    const payload = auth.startsWith('Bearer ') ? auth.slice(7).split('.')[1] : undefined;
    const userId = payload
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub
      : null;
    calls.push({ path: url.pathname, body, userId });
    if (!userId || rejected.has(auth.slice(7))) {
      return json({ error: 'Invalid token', code: 'missing_or_invalid_token' }, 401);
    }
    const address = String(body.address ?? '').toLowerCase();
    const wallet = wallets.get(address);
    const owned = wallet && wallet.userId === userId;
    switch (url.pathname) {
      case ROUTES.embeddedWallets:
        if ([...wallets.values()].some((w) => w.userId === userId)) {
          return json({ error: 'Only one wallet', code: 'embedded_wallet_exists' }, 409);
        }
        wallets.set(address, {
          userId,
          address,
          auth_share: body.auth_share as string,
          recovery_method: body.recovery_method as string,
          recovery_share: body.recovery_share as string | null,
          recovery_blob: body.recovery_blob,
        });
        return json({ user: { id: userId } });
      case ROUTES.walletAuthShare:
        if (!owned) return json({ error: 'Not found', code: 'not_found' }, 404);
        return json({
          auth_share: tamperAuth ? tamperAuth(wallet.auth_share) : wallet.auth_share,
        });
      case ROUTES.walletRecoveryShare:
        if (!owned) return json({ error: 'Not found', code: 'not_found' }, 404);
        return json({
          recovery_method: wallet.recovery_method,
          recovery_share: wallet.recovery_share,
          recovery_blob: wallet.recovery_blob,
        });
      case ROUTES.walletReshare:
        if (!owned) return json({ error: 'Not found', code: 'not_found' }, 404);
        Object.assign(wallet, {
          auth_share: body.auth_share,
          recovery_method: body.recovery_method,
          recovery_share: body.recovery_share,
          recovery_blob: body.recovery_blob,
        });
        return json({ user: { id: userId } });
      default:
        return json({ error: 'Not found', code: 'not_found' }, 404);
    }
  }) as typeof globalThis.fetch;

  return {
    fetch,
    wallets,
    calls,
    count: (path: string) => calls.filter((c) => c.path === path).length,
    rejectToken(value: string) {
      rejected.add(value);
    },
    setTamperAuth(fn: ((share: string) => string) | null) {
      tamperAuth = fn;
    },
  };
}

/** An in-memory `Storage`. */
export function memoryStorage(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
  };
}

/** A storage that throws like a blocked third-party localStorage. */
export function blockedStorage(): KeyValueStore {
  const fail = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    get length() {
      return fail();
    },
    key: fail,
    getItem: fail,
    setItem: fail,
    removeItem: fail,
  };
}
