/**
 * ES256 signing keys of apps (design.md, Sessions). Generated with jose; the private JWK is
 * stored as a JWE (`dir`, A256GCM) under a key derived from the server secret. Access tokens
 * are signed and verified with fast-jwt (`createSigner`, `createVerifier`: node:crypto,
 * synchronous: a quarter of jose's WebCrypto cost to sign, 0.4 x to verify, and a verified
 * token is remembered, so an access token presented again costs a SHA-256 and a lookup; issue
 * 13); everything else (key generation, JWKS, the JWE of the private key) stays with jose.
 */
import { createPrivateKey, type JsonWebKey as NodeJwk } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { createSigner, createVerifier } from 'fast-jwt';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import { decryptString, encryptString } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { appSigningKeys } from '../db/schema.ts';

/** A usable signing key of an app. */
export interface SigningKey {
  kid: string;
  appId: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Public JWK with `kid`, `alg: 'ES256'`, `use: 'sig'`. */
  publicJwk: JWK;
  /** Public key as SPKI PEM (the app config's `verification_key`). */
  spkiPem: string;
  /**
   * Signs `claims` as a compact JWS with this key: header `{alg: 'ES256', typ: 'JWT', kid}`;
   * the claims are signed as given (set `iat` and `exp` in seconds; without `iat` fast-jwt
   * adds the system time).
   */
  signJwt(claims: Record<string, unknown>): string;
  /**
   * Verifies a compact JWS signed by this key and returns its claims (a shared, frozen object:
   * read it, never change it). Checks: `alg` ES256 only, the signature, `aud` = this key's app,
   * `iss` = the store's issuer (when the store has one), `sub`, `sid`, `exp` and `iat` present.
   * NOT checked here: `exp` against a clock (the caller compares it with its own clock, so a
   * test clock works) and the header's `kid` (the caller picked this key by it).
   *
   * Verified tokens are remembered (an LRU of {@link VERIFIED_TOKEN_CACHE_SIZE} per key, keyed
   * by the token's SHA-256, up to 10 min): a token presented again skips the ECDSA check.
   *
   * @throws fast-jwt's `TokenError` on any failure.
   */
  verifyJwt(token: string): Readonly<Record<string, unknown>>;
}

/** How many verified tokens each key remembers (fast-jwt's verifier cache). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1024;

/** Options of {@link KeyStore}. */
export interface KeyStoreOptions {
  /** The `iss` that {@link SigningKey.verifyJwt} requires (the server's public URL). */
  issuer?: string;
}

/**
 * Generates an ES256 keypair for `appId` and stores it (private half encrypted).
 * @returns the new key's `kid` (its RFC 7638 thumbprint).
 */
export async function createSigningKey(
  db: Db,
  keyEncryptionKey: Uint8Array,
  appId: string,
): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  const privateJwe = await encryptString(JSON.stringify(privateJwk), keyEncryptionKey);
  await db.insert(appSigningKeys).values({
    kid,
    appId,
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' },
    privateJwe,
  });
  return kid;
}

/**
 * Loads and decrypts app signing keys, caching them per process (keys never change once
 * written; a rotation adds a row with a new kid).
 */
export class KeyStore {
  readonly #db: Db;
  readonly #kek: Uint8Array;
  readonly #issuer: string | undefined;
  readonly #cache = new Map<string, Promise<SigningKey[]>>();

  constructor(db: Db, keyEncryptionKey: Uint8Array, options: KeyStoreOptions = {}) {
    this.#db = db;
    this.#kek = keyEncryptionKey;
    this.#issuer = options.issuer;
  }

  /** The app's keys, newest first (empty when the app has none). */
  keys(appId: string): Promise<SigningKey[]> {
    let entry = this.#cache.get(appId);
    if (!entry) {
      entry = this.#load(appId);
      this.#cache.set(appId, entry);
      entry.then(
        (keys) => keys.length === 0 && this.#cache.delete(appId),
        () => this.#cache.delete(appId),
      );
    }
    return entry;
  }

  /**
   * The key that signs new tokens of `appId`.
   * @throws Error when the app has no signing key.
   */
  async current(appId: string): Promise<SigningKey> {
    const [key] = await this.keys(appId);
    if (!key) throw new Error(`App ${appId} has no signing key`);
    return key;
  }

  async #load(appId: string): Promise<SigningKey[]> {
    const rows = await this.#db
      .select()
      .from(appSigningKeys)
      .where(eq(appSigningKeys.appId, appId))
      .orderBy(desc(appSigningKeys.createdAt));
    return Promise.all(
      rows.map(async (row) => {
        const privateJwk = JSON.parse(await decryptString(row.privateJwe, this.#kek)) as JWK;
        const privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey;
        const privatePem = createPrivateKey({ key: privateJwk as NodeJwk, format: 'jwk' })
          .export({ type: 'pkcs8', format: 'pem' })
          .toString();
        const signer = createSigner({
          key: privatePem,
          algorithm: 'ES256',
          kid: row.kid,
        });
        const publicJwk = row.publicJwk as JWK;
        const publicKey = (await importJWK(publicJwk, 'ES256', { extractable: true })) as CryptoKey;
        const spkiPem = await exportSPKI(publicKey);
        const verifier = createVerifier({
          key: spkiPem,
          algorithms: ['ES256'],
          allowedAud: row.appId,
          ...(this.#issuer === undefined ? {} : { allowedIss: this.#issuer }),
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
          // The caller checks `exp` with its own clock (ctx.now()); our tokens carry no nbf.
          ignoreExpiration: true,
          ignoreNotBefore: true,
          cache: VERIFIED_TOKEN_CACHE_SIZE,
        });
        return {
          kid: row.kid,
          appId: row.appId,
          privateKey,
          publicKey,
          publicJwk,
          spkiPem,
          signJwt: (claims: Record<string, unknown>) => signer(claims),
          verifyJwt: (token: string) => verifier(token) as Readonly<Record<string, unknown>>,
        };
      }),
    );
  }
}
