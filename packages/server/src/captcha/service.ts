/**
 * Captcha verification (issue 6; spec sections 4, 5): Cloudflare Turnstile through its
 * siteverify protocol, and ALTCHA proof of work (altcha-lib, v2 API) for self-hosters.
 *
 * Errors (spec section 8):
 * - `invalid_captcha` (400): no token, a token the provider refuses, an expired or reused token.
 * - `captcha_failure` (400): the check could not be made (siteverify unreachable, 5xx, timeout,
 *   an answer that is not JSON, or the app has a Turnstile site key but no secret key). The
 *   gate fails closed: the login init is refused and nothing is written or sent.
 */
import { createHash, hkdfSync } from 'node:crypto';
import { type AltchaChallenge, type AltchaToken, parseCaptchaSiteKey } from '@latchkey/api';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { usedCaptchaTokens } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Cloudflare's siteverify endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** How long the gate waits for siteverify before failing closed (ms). */
export const TURNSTILE_TIMEOUT_MS = 10_000;
/** Cloudflare's documented dummy secret keys (`1x...AA` passes, `2x...AA` fails, `3x...AA`). */
const CLOUDFLARE_DUMMY_SECRET = /^[123]x0{31}AA$/;
/** Turnstile tokens live 300 s at Cloudflare; the used-token row is kept that long. */
const TURNSTILE_TOKEN_TTL_S = 300;

/** Tuning of the ALTCHA challenges (defaults: SHA-256, cost 1, counter 5 000 to 25 000). */
export interface AltchaOptions {
  /** SHA-256 rounds per attempt. Default 1. */
  cost?: number;
  /** Smallest secret counter (attempts the solver needs at least). Default 5 000. */
  minCounter?: number;
  /** Largest secret counter. Default 25 000 (well under a second in a browser). */
  maxCounter?: number;
  /** Lifetime of a challenge in seconds. Default 600 (10 minutes). */
  ttlS?: number;
}

/** Options of the captcha pieces (`createServer` threads `turnstileSiteverifyUrl`). */
export interface CaptchaOptions {
  /** Turnstile's siteverify endpoint. Default {@link TURNSTILE_SITEVERIFY_URL}. */
  turnstileSiteverifyUrl?: string;
  /** Siteverify timeout in ms. Default {@link TURNSTILE_TIMEOUT_MS}. */
  turnstileTimeoutMs?: number;
  /** ALTCHA challenge tuning. */
  altcha?: AltchaOptions;
}

const invalidCaptcha = () => new ApiError('invalid_captcha', 'Invalid captcha token');
const captchaFailure = (cause?: unknown) =>
  new ApiError('captcha_failure', 'Captcha verification failed', { cause });

/** The two HMAC secrets of ALTCHA challenges, derived from the server keys with HKDF-SHA256. */
function altchaSecrets(ctx: Pick<ServerContext, 'keys'>): { challenge: string; key: string } {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', ctx.keys.codePepper, 'latchkey', info, 32)).toString('hex');
  return {
    challenge: derive('latchkey altcha challenge hmac v1'),
    key: derive('latchkey altcha key hmac v1'),
  };
}

/**
 * Makes a signed ALTCHA challenge for `app` (`GET /api/v1/captcha/altcha/challenge`).
 * Deterministic mode: the server picks a secret counter; the solver hashes
 * `salt || uint32(counter)` with SHA-256 for counter = 0, 1, ... until the key starts with
 * `parameters.keyPrefix`. `parameters.data` holds `{app, exp}` (app id, expiry in seconds since
 * the epoch by the server clock), covered by the signature.
 *
 * @returns the challenge JSON ({@link AltchaChallenge}).
 */
export async function createAltchaChallenge(
  ctx: Pick<ServerContext, 'keys' | 'now'>,
  app: AppRow,
  options: AltchaOptions = {},
): Promise<AltchaChallenge> {
  const secrets = altchaSecrets(ctx);
  const min = options.minCounter ?? 5_000;
  const max = Math.max(min + 1, options.maxCounter ?? 25_000);
  const exp = Math.floor(ctx.now() / 1000) + (options.ttlS ?? 600);
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: options.cost ?? 1,
    counter: randomInt(max, min),
    deriveKey,
    data: { app: app.id, exp },
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature! };
}

/** Decodes a token: base64 (standard or url alphabet) of the JSON `{challenge, solution}`. */
function decodeAltchaToken(token: string): AltchaToken | undefined {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as AltchaToken;
    if (
      typeof value?.challenge?.parameters === 'object' &&
      typeof value.challenge.signature === 'string' &&
      typeof value.solution === 'object' &&
      value.solution !== null
    ) {
      return value;
    }
  } catch {
    // Not base64 JSON.
  }
  return undefined;
}

/** Records a token as used; false when it already was (single use across processes). */
async function markUsed(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  app: AppRow,
  key: string,
  expiresAtS: number,
): Promise<boolean> {
  const now = new Date(ctx.now());
  // Opportunistic cleanup of rows whose token can no longer be accepted anyway.
  await ctx.db.delete(usedCaptchaTokens).where(lt(usedCaptchaTokens.expiresAt, now));
  const rows = await ctx.db
    .insert(usedCaptchaTokens)
    .values({
      tokenHash: createHash('sha256').update(key).digest('hex'),
      appId: app.id,
      expiresAt: new Date(expiresAtS * 1000),
    })
    .onConflictDoNothing()
    .returning({ tokenHash: usedCaptchaTokens.tokenHash });
  return rows.length === 1;
}

/**
 * Verifies an ALTCHA token for `app`: signature (server HMAC), solution, the app the challenge
 * was made for, expiry (server clock), then single use. The used-token key is the challenge's
 * signed nonce, so re-encoding the same solution does not make a new token.
 *
 * @throws ApiError `invalid_captcha` (400) for any failure.
 */
export async function verifyAltchaToken(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  app: AppRow,
  token: string,
): Promise<void> {
  const payload = decodeAltchaToken(token);
  if (!payload) throw invalidCaptcha();
  const secrets = altchaSecrets(ctx);
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw invalidCaptcha();
  const { data, nonce } = payload.challenge.parameters;
  const exp = typeof data?.exp === 'number' ? data.exp : 0;
  if (data?.app !== app.id || exp * 1000 < ctx.now()) throw invalidCaptcha();
  if (!(await markUsed(ctx, app, `altcha:${app.id}:${nonce}`, exp))) throw invalidCaptcha();
}

/** Turnstile's siteverify answer (the fields Latchkey reads). */
interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
  hostname?: string;
}

/**
 * Verifies a Turnstile token with the siteverify protocol: `POST` form
 * `{secret, response, remoteip}`, JSON answer `{success, 'error-codes', hostname, ...}`.
 * When the app lists allowed origins and the answer names a hostname, it must be one of
 * theirs (a token solved on another site is refused); not checked for Cloudflare's dummy test
 * secrets, which answer `example.com`. Tokens are also single-use here.
 *
 * @param remoteIp the client IP, sent as `remoteip` unless `'unknown'`.
 * @throws ApiError `invalid_captcha` (400) when siteverify says no or the hostname is foreign;
 *   `captcha_failure` (400) when siteverify cannot be reached, answers 5xx or non-JSON, times
 *   out, or the app has no `captcha_secret_key` (fail closed).
 */
export async function verifyTurnstileToken(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  app: AppRow,
  token: string,
  remoteIp: string,
  options: CaptchaOptions = {},
): Promise<void> {
  if (!app.captchaSecretKey) {
    throw captchaFailure(new Error(`App ${app.id} has a Turnstile site key but no secret key`));
  }
  const form = new URLSearchParams({ secret: app.captchaSecretKey, response: token });
  if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp);
  let answer: SiteverifyAnswer;
  try {
    const res = await fetch(options.turnstileSiteverifyUrl ?? TURNSTILE_SITEVERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(options.turnstileTimeoutMs ?? TURNSTILE_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    answer = (await res.json()) as SiteverifyAnswer;
  } catch (error) {
    console.error('[latchkey] Turnstile siteverify failed:', (error as Error).message);
    throw captchaFailure(error);
  }
  if (answer?.success !== true) throw invalidCaptcha();
  // Cloudflare's dummy secrets (testing only) pass any token and answer hostname 'example.com'.
  const dummySecret = CLOUDFLARE_DUMMY_SECRET.test(app.captchaSecretKey);
  if (typeof answer.hostname === 'string' && app.allowedOrigins.length > 0 && !dummySecret) {
    const hosts = app.allowedOrigins.map((o) => new URL(o).hostname);
    if (!hosts.includes(answer.hostname)) throw invalidCaptcha();
  }
  const expires = Math.floor(ctx.now() / 1000) + TURNSTILE_TOKEN_TTL_S;
  if (!(await markUsed(ctx, app, `turnstile:${app.id}:${token}`, expires))) {
    throw invalidCaptcha();
  }
}

/**
 * Verifies a captcha token for `app` with the provider its `captcha_site_key` names.
 *
 * @throws ApiError `invalid_captcha` (400) for a missing, wrong, expired or reused token;
 *   `captcha_failure` (400) when the check cannot be made or the site key is unsupported.
 */
export async function verifyCaptchaToken(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  app: AppRow,
  token: string | undefined,
  remoteIp: string,
  options: CaptchaOptions = {},
): Promise<void> {
  let provider: ReturnType<typeof parseCaptchaSiteKey>;
  try {
    provider = parseCaptchaSiteKey(app.captchaSiteKey);
  } catch (error) {
    throw captchaFailure(error);
  }
  if (typeof token !== 'string' || token.length === 0 || token.length > 8192) {
    throw invalidCaptcha();
  }
  if (provider.provider === 'altcha') return verifyAltchaToken(ctx, app, token);
  return verifyTurnstileToken(ctx, app, token, remoteIp, options);
}
