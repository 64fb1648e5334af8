import { ROUTES } from '@latchkey/api';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey as nodeSha } from 'altcha-lib/algorithms/sha';
import * as v1 from 'altcha-lib/v1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiRequestParameters } from '../api/createApiClient.ts';
import { createAltchaDriver } from './altcha.ts';
import { createTurnstileDriver, type TurnstileApi } from './turnstile.ts';

const SECRET = 'test-hmac-secret';
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));

function apiServing(challenge: () => Promise<unknown>) {
  const seen: ApiRequestParameters[] = [];
  const api = {
    request: async (p: ApiRequestParameters) => {
      seen.push(p);
      if (p.method === 'GET' && p.path === ROUTES.altchaChallenge) return challenge();
      throw new Error(`unexpected ${p.method} ${p.path}`);
    },
  } as unknown as ApiClient;
  return { api, seen };
}

describe('ALTCHA driver: a real challenge from altcha-lib, verified by altcha-lib', () => {
  it('v2: solves with Web Crypto; the token is the base64 JSON payload the server verifies', async () => {
    const { api, seen } = apiServing(() =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: 300,
        deriveKey: nodeSha,
        hmacSignatureSecret: SECRET,
      }),
    );
    const token = await createAltchaDriver(api).execute();
    expect(seen).toEqual([
      expect.objectContaining({ method: 'GET', path: ROUTES.altchaChallenge, accessToken: null }),
    ]);
    const payload = decode(token);
    const verified = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey: nodeSha,
      hmacSignatureSecret: SECRET,
    });
    expect(verified.verified).toBe(true);
    const wrong = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey: nodeSha,
      hmacSignatureSecret: 'another-secret',
    });
    expect(wrong.verified).toBe(false);
  });

  it('v1: solves the widget format and the server verifies it', async () => {
    const { api } = apiServing(() => v1.createChallenge({ hmacKey: SECRET, number: 500 }));
    const token = await createAltchaDriver(api).execute();
    expect(decode(token)).toMatchObject({ number: 500, algorithm: 'SHA-256' });
    expect(await v1.verifySolution(token, SECRET)).toBe(true);
    expect(await v1.verifySolution(token, 'another-secret')).toBe(false);
  });

  it('a challenge that cannot be fetched or parsed fails with captcha_failure', async () => {
    await expect(
      createAltchaDriver(apiServing(() => Promise.reject(new Error('offline'))).api).execute(),
    ).rejects.toMatchObject({ code: 'captcha_failure' });
    await expect(
      createAltchaDriver(apiServing(async () => ({ hello: 1 })).api).execute(),
    ).rejects.toMatchObject({ code: 'captcha_failure' });
  });
});

/** A stand-in for `window.turnstile` that records calls and lets the test fire callbacks. */
function fakeTurnstile() {
  let options: Record<string, (arg?: unknown) => unknown> & Record<string, unknown> = {};
  const calls: string[] = [];
  const turnstile: TurnstileApi = {
    render: (_container, o) => {
      options = o as typeof options;
      calls.push('render');
      return 'widget-1';
    },
    execute: (id) => void calls.push(`execute:${String(id)}`),
    reset: (id) => void calls.push(`reset:${String(id)}`),
    remove: (id) => void calls.push(`remove:${String(id)}`),
  };
  return { turnstile, calls, options: () => options };
}

describe('Turnstile driver', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders with execution execute / interaction-only and resolves the callback token', async () => {
    const fake = fakeTurnstile();
    vi.stubGlobal('turnstile', fake.turnstile);
    const container = {} as HTMLElement;
    const driver = await createTurnstileDriver(container, '0x4AAAAAAA');
    expect(fake.options()).toMatchObject({
      sitekey: '0x4AAAAAAA',
      execution: 'execute',
      appearance: 'interaction-only',
    });
    const first = driver.execute();
    expect(fake.calls).toEqual(['render', 'execute:widget-1']);
    fake.options().callback!('token-1');
    await expect(first).resolves.toBe('token-1');
    // A second run resets the used widget first.
    const second = driver.execute();
    expect(fake.calls.slice(-2)).toEqual(['reset:widget-1', 'execute:widget-1']);
    fake.options()['error-callback']!('600010');
    await expect(second).rejects.toMatchObject({ code: 'captcha_failure' });
    const expired = vi.fn();
    driver.onExpired!(expired);
    fake.options()['expired-callback']!();
    expect(expired).toHaveBeenCalled();
    driver.destroy();
    expect(fake.calls.at(-1)).toBe('remove:widget-1');
  });
});
