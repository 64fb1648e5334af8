/** Test helpers: a fake share server (the real routes' behaviour), storages and tokens. */
import { createHash, randomBytes } from 'node:crypto';
import {
  DPOP_HEADER,
  OPAQUE_KSF_ID,
  opaqueUserIdentifier,
  ROUTES,
  type WalletProofAction,
  walletProofMessage,
} from '@latchkey/api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import * as opaque from '@serenity-kit/opaque';
import { base64url, calculateJwkThumbprint, EmbeddedJWK, type JWK, jwtVerify } from 'jose';
import { getAddress, verifyMessage } from 'viem';
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
  /** `user-passcode` (issue 24): what the frame uploaded as `recovery_opaque`. */
  recovery_opaque?: {
    ksf: string;
    registration_record: string;
    sealed_share: unknown;
  } | null;
  /** Issue 22 item 4: uploaded with `imported: true` (an imported key). */
  imported?: boolean;
};

/** A fake of the server's share routes: stores by address, releases only to the owner's token. */
export function fakeShareServer() {
  const wallets = new Map<string, StoredWallet>();
  const calls: {
    path: string;
    body: Record<string, unknown>;
    userId: string | null;
    /** Thumbprint of the DPoP proof key of the call (the real server binds it to the session). */
    jkt: string | null;
  }[] = [];
  /** Wallet proof nonces issued, by nonce: the user they were issued to. */
  const nonces = new Map<string, string>();
  const usedJtis = new Set<string>();
  /** Mutates the auth share the server hands out (simulates corruption at rest). */
  let tamperAuth: ((share: string) => string) | null = null;
  /** Tokens the server refuses (expired, revoked or forged: the real server checks signatures). */
  const rejected = new Set<string>();
  /** OPAQUE (issue 24): the fake's server setup and its logins in progress. */
  const opaqueSetup = opaque.ready.then(() => opaque.server.createSetup());
  const opaqueLogins = new Map<string, { address: string; jkt: string; state: string }>();
  /** When set, login starts answer 429 `recovery_attempts_exceeded` (the real limits). */
  let lockRecovery: ((jkt: string) => boolean) | null = null;
  /**
   * Issue 15: the session's MFA as the real server reports it on the auth share: null (no second
   * factor), a number (verified until, unix seconds), or 'refuse' (401 `missing_or_invalid_mfa`).
   */
  let mfa: number | 'refuse' | null = null;

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  /** RFC 9449 checks as the real server makes them: signature, htm, htu, ath, single-use jti. */
  async function dpopKey(
    proof: string | null,
    url: URL,
    method: string,
    token: string,
  ): Promise<string | null> {
    if (!proof) return null;
    try {
      const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
        typ: 'dpop+jwt',
        algorithms: ['ES256'],
      });
      const ath = base64url.encode(createHash('sha256').update(token).digest());
      if (payload.htm !== method || payload.htu !== url.href || payload.ath !== ath) return null;
      if (typeof payload.jti !== 'string' || usedJtis.has(payload.jti)) return null;
      usedJtis.add(payload.jti);
      return await calculateJwkThumbprint(protectedHeader.jwk as JWK);
    } catch {
      return null;
    }
  }

  async function walletProofValid(
    action: WalletProofAction,
    userId: string,
    address: string,
    body: Record<string, unknown>,
  ): Promise<boolean> {
    const nonce = String(body.nonce ?? '');
    if (nonces.get(nonce) !== userId) return false;
    nonces.delete(nonce);
    if (!String(body.address ?? '').startsWith('0x')) {
      // A Solana key proves itself as the real server checks it: ed25519 over the message with
      // the address as written (base58), the signature in base64 (issue 22).
      const solanaAddress = String(body.address);
      const message = walletProofMessage({
        action,
        appId: APP_ID,
        userId,
        address: solanaAddress,
        nonce,
      });
      try {
        return ed25519.verify(
          Buffer.from(String(body.signature), 'base64'),
          new TextEncoder().encode(message),
          base58.decode(solanaAddress),
        );
      } catch {
        return false;
      }
    }
    const message = walletProofMessage({ action, appId: APP_ID, userId, address, nonce });
    return verifyMessage({
      address: address as `0x${string}`,
      message,
      signature: String(body.signature) as `0x${string}`,
    }).catch(() => false);
  }

  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const headers = new Headers(init.headers);
    const auth = headers.get('authorization') ?? '';
    const token = auth.startsWith('DPoP ') ? auth.slice(5) : '';
    const payload = token ? token.split('.')[1] : undefined;
    const userId = payload
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub
      : null;
    const jkt = token
      ? await dpopKey(headers.get(DPOP_HEADER), url, init.method ?? 'GET', token)
      : null;
    calls.push({ path: url.pathname, body, userId, jkt });
    if (!userId || rejected.has(token)) {
      return json({ error: 'Invalid token', code: 'missing_or_invalid_token' }, 401);
    }
    if (!jkt) return json({ error: 'Invalid DPoP proof', code: 'invalid_dpop_proof' }, 401);
    if (url.pathname === ROUTES.walletNonce) {
      const nonce = randomBytes(24).toString('base64url');
      nonces.set(nonce, userId);
      return json({ nonce, expires_at: Date.now() + 300_000 });
    }
    const address = String(body.address ?? '').toLowerCase();
    const wallet = wallets.get(address);
    const owned = wallet && wallet.userId === userId;
    switch (url.pathname) {
      case ROUTES.embeddedWallets:
        if ([...wallets.values()].some((w) => w.userId === userId)) {
          return json({ error: 'Only one wallet', code: 'embedded_wallet_exists' }, 409);
        }
        // An imported key (issue 22 item 4) proves itself over action `import`.
        if (
          !(await walletProofValid(
            body.imported === true ? 'import' : 'create',
            userId,
            address,
            body,
          ))
        ) {
          return json({ error: 'Invalid signature', code: 'invalid_wallet_signature' }, 401);
        }
        wallets.set(address, {
          userId,
          address,
          auth_share: body.auth_share as string,
          recovery_method: body.recovery_method as string,
          recovery_share: body.recovery_share as string | null,
          recovery_blob: body.recovery_blob ?? null,
          recovery_opaque: (body.recovery_opaque ?? null) as StoredWallet['recovery_opaque'],
          imported: body.imported === true,
        });
        return json({ user: { id: userId } });
      case ROUTES.walletAuthShare:
        if (mfa === 'refuse') {
          return json({ error: 'MFA verification required', code: 'missing_or_invalid_mfa' }, 401);
        }
        if (!owned) return json({ error: 'Not found', code: 'not_found' }, 404);
        return json({
          auth_share: tamperAuth ? tamperAuth(wallet.auth_share) : wallet.auth_share,
          mfa_verified_until: mfa,
        });
      case ROUTES.walletRecoveryShare:
        if (!owned) return json({ error: 'Not found', code: 'not_found' }, 404);
        return json({
          recovery_method: wallet.recovery_method,
          recovery_share: wallet.recovery_share,
          recovery_blob: wallet.recovery_blob ?? null,
        });
      case ROUTES.walletReshare:
        if (!owned) return json({ error: 'Not found', code: 'not_found' }, 404);
        if (!(await walletProofValid('reshare', userId, address, body))) {
          return json({ error: 'Invalid signature', code: 'invalid_wallet_signature' }, 401);
        }
        Object.assign(wallet, {
          auth_share: body.auth_share,
          recovery_method: body.recovery_method,
          recovery_share: body.recovery_share,
          // As the real server: a reshare drops a legacy blob.
          recovery_blob: body.recovery_blob ?? null,
          recovery_opaque: body.recovery_opaque ?? null,
        });
        return json({ user: { id: userId } });
      case ROUTES.walletOpaqueRegister: {
        if (!(await walletProofValid('opaque-register', userId, address, body))) {
          return json({ error: 'Invalid signature', code: 'invalid_wallet_signature' }, 401);
        }
        const { registrationResponse } = opaque.server.createRegistrationResponse({
          serverSetup: await opaqueSetup,
          userIdentifier: opaqueUserIdentifier(APP_ID, getAddress(address)),
          registrationRequest: String(body.registration_request),
        });
        return json({ registration_response: registrationResponse });
      }
      case ROUTES.walletOpaqueLoginStart: {
        if (!owned || !wallet.recovery_opaque) {
          return json({ error: 'Not found', code: 'not_found' }, 404);
        }
        if (lockRecovery?.(jkt)) {
          return json(
            { error: 'Too many attempts', code: 'recovery_attempts_exceeded', retry_after: 30 },
            429,
          );
        }
        const { serverLoginState, loginResponse } = opaque.server.startLogin({
          serverSetup: await opaqueSetup,
          userIdentifier: opaqueUserIdentifier(APP_ID, getAddress(address)),
          registrationRecord: wallet.recovery_opaque.registration_record,
          startLoginRequest: String(body.start_login_request),
        });
        const loginId = `opl_${randomBytes(24).toString('base64url')}`;
        opaqueLogins.set(loginId, { address, jkt, state: serverLoginState });
        return json({
          login_id: loginId,
          login_response: loginResponse,
          ksf: wallet.recovery_opaque.ksf,
        });
      }
      case ROUTES.walletOpaqueLoginFinish: {
        const login = opaqueLogins.get(String(body.login_id));
        opaqueLogins.delete(String(body.login_id));
        const target = login && wallets.get(login.address);
        const failed = () => json({ error: 'Invalid login', code: 'invalid_credentials' }, 422);
        if (!login || login.jkt !== jkt || !target?.recovery_opaque || target.userId !== userId) {
          return failed();
        }
        try {
          opaque.server.finishLogin({
            serverLoginState: login.state,
            finishLoginRequest: String(body.finish_login_request),
          });
        } catch {
          return failed();
        }
        return json({ sealed_share: target.recovery_opaque.sealed_share });
      }
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
    /** Makes OPAQUE login starts answer 429 `recovery_attempts_exceeded` for matching keys. */
    setLockRecovery(fn: ((jkt: string) => boolean) | null) {
      lockRecovery = fn;
    },
    /** The session's MFA on the auth share route (see `mfa` above). */
    setMfa(value: number | 'refuse' | null) {
      mfa = value;
    },
    /** The KSF id new registrations are expected to carry. */
    ksf: OPAQUE_KSF_ID,
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
