/**
 * Sender-constrained custody (issue 10; design.md, Keys): DPoP proofs (RFC 9449) by the wallet
 * frame's own non-extractable P-256 key, verified with jose.
 *
 * - A login call may carry a proof (no `ath`); the new session is bound to the proof key's
 *   RFC 7638 thumbprint (`sessions.dpop_jkt`, and `cnf.jkt` in its access tokens).
 * - The custody routes (`DPOP_ROUTES`) need `Authorization: DPoP <access token>` and a proof by
 *   that same key over the method and URL, with `ath` = SHA-256 of the token. The host page holds
 *   the token but never the key, so a stolen token alone obtains no share.
 * - Every proof is single use (`jti` stored until the `iat` window has passed) and must be fresh
 *   (`iat` within `DPOP_PROOF_WINDOW_S` of the server clock).
 */
import { createHash } from 'node:crypto';
import { DPOP_HEADER, DPOP_PROOF_WINDOW_S } from '@latchkey/api';
import { lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { base64url, calculateJwkThumbprint, EmbeddedJWK, type JWK, jwtVerify } from 'jose';
import type { AppEnv, ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto.ts';
import { dpopProofs } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { type AccessClaims, verifyAccessToken } from './service.ts';

/** Longest proof accepted, in characters (a P-256 proof is about 600). */
const MAX_PROOF_LENGTH = 4096;

const invalidProof = (message: string) => new ApiError('invalid_dpop_proof', message);

/** What a proof must cover. */
export interface DpopExpectation {
  /** HTTP method, upper case. */
  htm: string;
  /** The request URL as the client addressed it: public URL + path, no query or fragment. */
  htu: string;
  /** For a resource request: the access token the proof must be bound to (`ath`). */
  accessToken?: string;
  /** The thumbprint the proof key must have (the session's binding). */
  jkt?: string;
}

/** A verified proof: the key's RFC 7638 thumbprint (base64url SHA-256). */
export interface VerifiedDpopProof {
  jkt: string;
}

function normalizedUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Verifies one DPoP proof JWT (RFC 9449 section 4.3) and records its `jti`.
 *
 * Checks: a single compact JWS of at most 4096 characters; header `typ` `dpop+jwt`, `alg` ES256,
 * a public `jwk` (jose's `EmbeddedJWK`) that verifies the signature; `htm` and `htu` equal the
 * expectation (query and fragment ignored); `iat` within {@link DPOP_PROOF_WINDOW_S} seconds
 * of the server clock; `ath` equal to base64url(SHA-256(access token)) when a token is expected,
 * absent otherwise; the key's thumbprint equal to `expected.jkt` when given; `jti` never seen
 * before for this key.
 *
 * @returns the key's thumbprint.
 * @throws ApiError `invalid_dpop_proof` (401) on any failure; nothing is recorded then.
 */
export async function verifyDpopProof(
  ctx: ServerContext,
  proof: string | undefined,
  expected: DpopExpectation,
): Promise<VerifiedDpopProof> {
  if (!proof) throw invalidProof('A DPoP proof is required');
  if (proof.length > MAX_PROOF_LENGTH || proof.includes(',')) {
    throw invalidProof('Invalid DPoP proof');
  }
  let payload: Record<string, unknown>;
  let jwk: JWK;
  try {
    const verified = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256'],
    });
    payload = verified.payload as Record<string, unknown>;
    jwk = verified.protectedHeader.jwk as JWK;
  } catch {
    throw invalidProof('Invalid DPoP proof');
  }
  const { htm, htu, iat, jti, ath } = payload;
  if (typeof jti !== 'string' || jti.length < 16 || jti.length > 256) {
    throw invalidProof('DPoP proof needs a unique jti');
  }
  if (htm !== expected.htm) throw invalidProof('DPoP proof is for another method');
  if (typeof htu !== 'string' || normalizedUrl(htu) !== normalizedUrl(expected.htu)) {
    throw invalidProof('DPoP proof is for another URL');
  }
  const nowS = Math.floor(ctx.now() / 1000);
  if (typeof iat !== 'number' || Math.abs(nowS - iat) > DPOP_PROOF_WINDOW_S) {
    throw invalidProof('DPoP proof is not fresh');
  }
  if (expected.accessToken === undefined) {
    if (ath !== undefined) throw invalidProof('DPoP proof is bound to an access token');
  } else {
    const want = base64url.encode(createHash('sha256').update(expected.accessToken).digest());
    if (ath !== want) throw invalidProof('DPoP proof is for another access token');
  }
  const jkt = await calculateJwkThumbprint(jwk, 'sha256');
  if (expected.jkt !== undefined && jkt !== expected.jkt) {
    throw invalidProof('DPoP proof key does not match the session');
  }
  const nowMs = ctx.now();
  const stored = await ctx.db
    .insert(dpopProofs)
    .values({
      jtiHash: sha256Hex(`${jkt}\n${jti}`),
      expiresAt: new Date((iat + 2 * DPOP_PROOF_WINDOW_S) * 1000),
    })
    .onConflictDoNothing()
    .returning({ jtiHash: dpopProofs.jtiHash });
  if (stored.length === 0) throw invalidProof('DPoP proof has already been used');
  // Expired jti rows can go: their proofs fail the iat window anyway. Done now and then.
  if (Math.random() < 0.02) {
    await ctx.db.delete(dpopProofs).where(lt(dpopProofs.expiresAt, new Date(nowMs)));
  }
  return { jkt };
}

/** The URL a client addressed for this path: the server's public URL + path (no query). */
export function publicHtu(ctx: ServerContext, path: string): string {
  return `${ctx.publicUrl}${path}`;
}

/**
 * Middleware for the login routes (`SESSION_ROUTES`): when the request carries a `DPoP` proof
 * (without `ath`), verifies it and puts the key thumbprint in `c.get('dpopJkt')` so the new
 * session is bound to it. No proof: `dpopJkt` is undefined and the session is unbound (it can
 * log in and call every route except the custody routes).
 * @throws ApiError `invalid_dpop_proof` (401) for a proof that fails {@link verifyDpopProof}.
 */
export function dpopLoginBinding(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const proof = c.req.header(DPOP_HEADER);
    if (proof === undefined) {
      c.set('dpopJkt', undefined);
    } else {
      const { jkt } = await verifyDpopProof(ctx, proof, {
        htm: c.req.method,
        htu: publicHtu(ctx, c.req.path),
      });
      c.set('dpopJkt', jkt);
    }
    await next();
  };
}

/** Claims of a DPoP-verified custody request. */
export type DpopAuth = AccessClaims & { dpopJkt: string };

/**
 * Middleware of the custody routes (`DPOP_ROUTES`): `Authorization: DPoP <access token>` of the
 * calling app, a session bound to a frame key, and a fresh single-use proof by that key over
 * this method, URL and token. Puts the claims in `c.get('auth')`.
 * @throws ApiError `missing_or_invalid_token` (401) for a missing or bad token;
 *   `session_not_bound` (401) for a session that no frame key was bound to at login;
 *   `invalid_dpop_proof` (401) for a missing, stale, replayed or foreign proof. A refused
 *   request changes nothing.
 */
export function requireDpop(
  ctx: ServerContext,
): MiddlewareHandler<AppEnv & { Variables: { auth: DpopAuth } }> {
  return async (c, next) => {
    const match = c.req.header('authorization')?.match(/^DPoP\s+(\S+)\s*$/i);
    const token = match?.[1];
    if (!token) {
      throw new ApiError(
        'missing_or_invalid_token',
        'Missing or invalid token (the custody routes need Authorization: DPoP)',
      );
    }
    const claims = await verifyAccessToken(ctx, c.get('app').id, token);
    if (!claims.dpopJkt) {
      throw new ApiError(
        'session_not_bound',
        'This session is not bound to a wallet frame key; log in again',
      );
    }
    await verifyDpopProof(ctx, c.req.header(DPOP_HEADER), {
      htm: c.req.method,
      htu: publicHtu(ctx, c.req.path),
      accessToken: token,
      jkt: claims.dpopJkt,
    });
    c.set('auth', { ...claims, dpopJkt: claims.dpopJkt });
    await next();
  };
}
