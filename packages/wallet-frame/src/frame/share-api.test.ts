import { ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { openFrameKey } from './frame-key.ts';
import { createShareApi } from './share-api.ts';
import { API_URL, APP_ID, token } from './test/fakes.ts';

const iatOf = (proof: string) =>
  (JSON.parse(Buffer.from(proof.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

/** A share server whose clock is `skewMs` ahead of this device's; it checks `iat` as the real one. */
function skewedServer(skewMs: number) {
  const seen: number[] = [];
  const fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const serverNowS = Math.floor((Date.now() + skewMs) / 1000);
    const iat = iatOf(new Headers(init.headers).get('dpop')!);
    seen.push(iat - serverNowS);
    const headers = {
      'content-type': 'application/json',
      date: new Date(serverNowS * 1000).toUTCString(),
    };
    if (Math.abs(serverNowS - iat) > 300) {
      return new Response(
        JSON.stringify({ error: 'DPoP proof is not fresh', code: 'invalid_dpop_proof' }),
        { status: 401, headers },
      );
    }
    return new Response(JSON.stringify({ nonce: 'n'.repeat(32), expires_at: 0 }), {
      status: 200,
      headers,
    });
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('share API and a device clock that is off (issue 10)', () => {
  it("retries a refused proof once on the server's clock from the Date header, then stays on it", async () => {
    const server = skewedServer(10 * 60_000);
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: openFrameKey(APP_ID, undefined),
      fetch: server.fetch,
    });
    expect(await api.walletNonce(token('user_1'))).toBe('n'.repeat(32));
    expect(server.seen).toHaveLength(2);
    expect(server.seen[0]).toBeLessThan(-500);
    expect(Math.abs(server.seen[1]!)).toBeLessThanOrEqual(2);
    // The next request uses the server clock at once.
    await api.walletNonce(token('user_1'));
    expect(server.seen).toHaveLength(3);
    expect(Math.abs(server.seen[2]!)).toBeLessThanOrEqual(2);
    expect(Math.abs(api.serverNow() - (Date.now() + 10 * 60_000))).toBeLessThan(2_000);
  });

  it('a second refusal is a session the frame key is not bound to', async () => {
    const refusing = (async () =>
      new Response(JSON.stringify({ error: 'no', code: 'invalid_dpop_proof' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      })) as typeof globalThis.fetch;
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: openFrameKey(APP_ID, undefined),
      fetch: refusing,
    });
    await expect(api.walletNonce(token('user_1'))).rejects.toMatchObject({
      type: 'session_not_bound',
    });
  });

  it('a login proof takes its iat from the server time the host passes', async () => {
    const key = openFrameKey(APP_ID, undefined);
    const at = Date.now() + 3_600_000;
    const proof = await key.proof(
      'POST',
      `${API_URL}${ROUTES.passwordlessAuthenticate}`,
      undefined,
      at,
    );
    expect(iatOf(proof)).toBe(Math.floor(at / 1000));
    // The device clock itself is untouched afterwards.
    expect(Math.abs(Date.now() - at)).toBeGreaterThan(3_000_000);
  });
});
