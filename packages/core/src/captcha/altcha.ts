/**
 * The ALTCHA proof-of-work driver (issue 6; apps whose `captcha_site_key` is `a:`): no third
 * party. Fetches a challenge from `GET /api/v1/captcha/altcha/challenge`, solves it with
 * `altcha-lib` (Web Crypto, no Node built-ins) and returns the token the server verifies.
 *
 * Token format (agreed in `@latchkey/api` captcha.ts: "the base64 JSON payload"): base64 of the
 * UTF-8 JSON payload `altcha-lib`'s `verifySolution` reads:
 * - challenge with `parameters` (altcha-lib v2): `{challenge: {parameters, signature}, solution:
 *   {counter, derivedKey, time}}`;
 * - challenge with `challenge`/`salt` strings (altcha-lib v1, the `altcha` widget's format):
 *   `{algorithm, challenge, number, salt, signature, took}`.
 */
import { ROUTES } from '@latchkey/api';
import type { ApiClient } from '../api/createApiClient.ts';
import { LatchkeyError } from '../errors/base.ts';
import type { CaptchaDriver } from './types.ts';

/** A v1 challenge: `{algorithm, challenge, maxnumber?, salt, signature}`. */
type ChallengeV1 = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature?: string;
};
/** A v2 challenge: `{parameters: {algorithm, nonce, salt, cost, keyPrefix, ...}, signature}`. */
type ChallengeV2 = {
  parameters: { algorithm: string } & Record<string, unknown>;
  signature?: string;
};

/** base64 of the UTF-8 bytes of `json`. */
export function encodeAltchaPayload(payload: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(payload))) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

function failure(details: string, cause?: unknown): LatchkeyError {
  return new LatchkeyError('You did not pass CAPTCHA. Please try again.', {
    code: 'captcha_failure',
    details,
    cause,
  });
}

/**
 * Solves one ALTCHA challenge.
 * @param challenge - The server's challenge (v1 or v2 shape).
 * @param signal - Aborts the search.
 * @returns the token (base64 JSON payload).
 * @throws `LatchkeyError` `captcha_failure` for an unknown shape or algorithm, or no solution.
 */
export async function solveAltchaChallenge(
  challenge: unknown,
  signal?: AbortSignal,
): Promise<string> {
  const c = challenge as Partial<ChallengeV1> & Partial<ChallengeV2>;
  if (c && typeof c.parameters === 'object' && c.parameters !== null) {
    const v2 = await import('altcha-lib');
    const algorithm = String(c.parameters.algorithm);
    const derive = algorithm.startsWith('PBKDF2')
      ? (await import('altcha-lib/algorithms/web/pbkdf2')).deriveKey
      : algorithm.startsWith('SHA-')
        ? (await import('altcha-lib/algorithms/web/sha')).deriveKey
        : null;
    if (!derive) throw failure(`ALTCHA algorithm ${algorithm} is not supported in browsers`);
    const controller = new AbortController();
    signal?.addEventListener('abort', () => controller.abort());
    const full = c as ChallengeV2;
    const solution = await v2.solveChallenge({
      challenge: full as unknown as Parameters<typeof v2.solveChallenge>[0]['challenge'],
      deriveKey: derive,
      controller,
    });
    if (!solution) throw failure('No ALTCHA solution found');
    const inner: Record<string, unknown> = { parameters: full.parameters };
    if (full.signature !== undefined) inner.signature = full.signature;
    return encodeAltchaPayload({ challenge: inner, solution });
  }
  if (c && typeof c.challenge === 'string' && typeof c.salt === 'string') {
    const v1 = await import('altcha-lib/v1');
    const algorithm = c.algorithm ?? 'SHA-256';
    const { promise, controller } = v1.solveChallenge(
      c.challenge,
      c.salt,
      algorithm,
      c.maxnumber ?? 1_000_000,
    );
    signal?.addEventListener('abort', () => controller.abort());
    const solution = await promise;
    if (!solution) throw failure('No ALTCHA solution found');
    return encodeAltchaPayload({
      algorithm,
      challenge: c.challenge,
      number: solution.number,
      salt: c.salt,
      signature: c.signature,
      took: solution.took,
    });
  }
  throw failure('The ALTCHA challenge has an unknown shape');
}

/**
 * Creates the ALTCHA driver: each `execute` fetches a fresh challenge and solves it.
 * `reset` and `destroy` abort a search in progress.
 */
export function createAltchaDriver(api: ApiClient): CaptchaDriver {
  let controller = new AbortController();
  return {
    async execute() {
      const signal = controller.signal;
      let challenge: unknown;
      try {
        challenge = await api.request<unknown>({
          method: 'GET',
          path: ROUTES.altchaChallenge,
          accessToken: null,
        });
      } catch (error) {
        throw failure('Could not fetch an ALTCHA challenge', error);
      }
      const token = await solveAltchaChallenge(challenge, signal);
      if (signal.aborted) throw failure('Reset while solving');
      return token;
    },
    reset() {
      controller.abort();
      controller = new AbortController();
    },
    destroy() {
      controller.abort();
    },
  };
}
