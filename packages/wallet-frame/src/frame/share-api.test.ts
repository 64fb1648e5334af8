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

describe('share API: wallet policy and spends (issue 24 item 3)', () => {
  const POLICY = {
    no_prompt_on_signature: true,
    allowed_chain_ids: [31337],
    allowed_contracts: null,
    allow_typed_data: false,
    max_value_wei_per_tx: '1000',
    max_value_wei_per_24h: '1500',
    outside_policy: 'ask',
  };
  const respond = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('fetches the policy from its own origin with the app id, no token and no cookies', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: openFrameKey(APP_ID, undefined),
      fetch: (async (url: RequestInfo | URL, init: RequestInit = {}) => {
        seen.push({ url: String(url), init });
        return respond({ policy: POLICY, configured: true, served_chain_ids: [31337] });
      }) as typeof globalThis.fetch,
    });
    expect(await api.policy()).toEqual({
      policy: POLICY,
      configured: true,
      served_chain_ids: [31337],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`${API_URL}${ROUTES.walletPolicy}`);
    const headers = new Headers(seen[0]!.init.headers);
    expect(headers.get('latchkey-app-id')).toBe(APP_ID);
    expect(headers.get('authorization')).toBeNull();
    expect(seen[0]!.init.credentials).toBe('omit');
  });

  it.each([
    [
      'not a policy',
      respond({ policy: { ...POLICY, outside_policy: 'maybe' }, served_chain_ids: [] }),
    ],
    ['an error status', respond({ error: 'down', code: 'service_unavailable' }, 503)],
  ])('refuses %s with a CustodyError', async (_label, response) => {
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: openFrameKey(APP_ID, undefined),
      fetch: (async () => response) as typeof globalThis.fetch,
    });
    await expect(api.policy()).rejects.toMatchObject({ type: 'error' });
  });

  it('records a spend with a DPoP proof; refusals keep their stable code as the error type', async () => {
    const answers = [
      respond({ spent_wei_24h: '500', remaining_wei_24h: '1000' }),
      respond({ error: 'Over the cap', code: 'policy_daily_cap_exceeded' }, 403),
      respond({ error: 'Over', code: 'policy_value_cap_exceeded' }, 403),
      respond({ error: 'Off', code: 'approval_required' }, 403),
    ];
    const seen: Headers[] = [];
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: openFrameKey(APP_ID, undefined),
      fetch: (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
        seen.push(new Headers(init.headers));
        return answers.shift()!;
      }) as typeof globalThis.fetch,
    });
    const body = { address: '0x' + '1'.repeat(40), chain_id: 31337, value_wei: '500' };
    const accessToken = token('user_1');
    expect(await api.spend(accessToken, body)).toEqual({
      spent_wei_24h: '500',
      remaining_wei_24h: '1000',
    });
    expect(seen[0]!.get('authorization')).toBe(`DPoP ${accessToken}`);
    expect(seen[0]!.get('dpop')).toMatch(/^ey/);
    for (const type of [
      'policy_daily_cap_exceeded',
      'policy_value_cap_exceeded',
      'approval_required',
    ]) {
      await expect(api.spend(token('user_1'), body)).rejects.toMatchObject({ type });
    }
  });
});

describe('share API: recovery attempts (issue 24 item 6)', () => {
  it("a locked recovery is recovery_attempts_exceeded with the server's Retry-After", async () => {
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: openFrameKey(APP_ID, undefined),
      fetch: (async () =>
        new Response(JSON.stringify({ error: 'Locked', code: 'recovery_attempts_exceeded' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '120' },
        })) as typeof globalThis.fetch,
    });
    await expect(
      api.opaqueLoginStart(token('user_1'), {
        address: '0x' + '1'.repeat(40),
        start_login_request: 'x',
      }),
    ).rejects.toMatchObject({ type: 'recovery_attempts_exceeded', retryAfterSeconds: 120 });
  });
});

describe('cloud recovery calls (issue 23)', () => {
  /** A server answering `body` to every call, recording the paths. */
  function answering(body: unknown, status = 200) {
    const paths: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      paths.push(new URL(String(input)).pathname);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch;
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: openFrameKey(APP_ID, undefined),
      fetch,
    });
    return { api, paths };
  }
  const init = {
    provider: 'google-drive' as const,
    redirect_to: `${API_URL}/r`,
    code_challenge: 'c'.repeat(43),
    state_code: 's'.repeat(43),
  };

  it('answers only http(s) URLs the pop-up may be sent to', async () => {
    const ok = answering({ url: 'https://accounts.example/auth?x=1' });
    expect(await ok.api.recoveryOAuthInit(token(), init)).toBe('https://accounts.example/auth?x=1');
    expect(ok.paths).toEqual([ROUTES.recoveryOAuthInit]);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'not a url', 42]) {
      await expect(answering({ url }).api.recoveryOAuthInit(token(), init)).rejects.toMatchObject({
        type: 'error',
      });
      await expect(
        answering({
          url,
          cloudkit: {
            api_url: 'https://ck.example',
            container: 'c',
            environment: 'development',
            api_token: 't',
          },
        }).api.recoveryOAuthInitICloud(token()),
      ).rejects.toMatchObject({ type: 'error' });
    }
    const icloud = answering({
      url: 'https://ck.example/signin',
      cloudkit: {
        api_url: 'https://ck.example',
        container: 'c',
        environment: 'development',
        api_token: 't',
      },
    });
    expect((await icloud.api.recoveryOAuthInitICloud(token())).cloudkit.container).toBe('c');
    expect(icloud.paths).toEqual([ROUTES.recoveryOAuthInitICloud]);
  });

  it("keeps the server's refusal code of authenticate", async () => {
    const refused = answering(
      { error: 'User denied confirmation during OAuth flow', code: 'recovery_oauth_denied' },
      400,
    );
    await expect(
      refused.api.recoveryOAuthAuthenticate(token(), {
        provider: 'google-drive',
        authorization_code: 'undefined',
        state_code: 's'.repeat(43),
        code_verifier: 'v'.repeat(43),
      }),
    ).rejects.toMatchObject({ status: 400, code: 'recovery_oauth_denied' });
    expect(refused.paths).toEqual([ROUTES.recoveryOAuthAuthenticate]);
  });
});
