import { ROUTES } from '@latchkey/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, TimeoutError } from '../errors/request.ts';
import { API_URL, APP_ID, fakeFetch, json } from '../test/fakes.ts';
import { createApiClient, MAX_RETRY_AFTER_MS } from './createApiClient.ts';

const CONFIG = `GET ${ROUTES.appConfig(APP_ID)}`;
const INIT = `POST ${ROUTES.passwordlessInit}`;
const AUTH = `POST ${ROUTES.passwordlessAuthenticate}`;
const SESSIONS = `POST ${ROUTES.sessions}`;
const unavailable = () => json({ error: 'Down', code: 'internal_error' }, 503);
const offline = () => Promise.reject(new TypeError('fetch failed'));

afterEach(() => {
  vi.useRealTimers();
});

describe('createApiClient: requests', () => {
  it('sends the app id, the bearer token, credentials and a JSON body', async () => {
    const { fetch, calls } = fakeFetch({ [INIT]: () => json({ success: true }) });
    const api = createApiClient({
      appId: APP_ID,
      apiUrl: `${API_URL}/`,
      fetch,
      getAccessToken: () => 'tok',
    });
    await expect(api.sendEmailCode({ email: 'a@example.com' })).resolves.toEqual({ success: true });
    const call = calls[0]!;
    expect(call.url).toBe(`${API_URL}/api/v1/passwordless/init`);
    expect(call.init.credentials).toBe('include');
    expect(call.headers.get('latchkey-app-id')).toBe(APP_ID);
    expect(call.headers.get('authorization')).toBe('Bearer tok');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.body).toEqual({ email: 'a@example.com' });
  });

  it('sends no Authorization header without a token, and an explicit token wins', async () => {
    const { fetch, calls } = fakeFetch({ [`GET ${ROUTES.usersMe}`]: () => json({ user: {} }) });
    const api = createApiClient({
      appId: APP_ID,
      apiUrl: API_URL,
      fetch,
      getAccessToken: () => null,
    });
    await api.getMe();
    await api.getMe({ accessToken: 'explicit' });
    expect(calls[0]!.headers.has('authorization')).toBe(false);
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer explicit');
  });
});

describe('createApiClient: login proofs (issue 10)', () => {
  it('asks for a DPoP proof on login calls only, for the full URL, and sends it as the DPoP header', async () => {
    const { fetch, calls } = fakeFetch({
      [AUTH]: () => json({ token: 't' }),
      [INIT]: () => json({ success: true }),
    });
    const loginProof = vi.fn(async (htu: string) => `proof-for:${htu}`);
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, loginProof });
    await api.sendEmailCode({ email: 'a@example.com' });
    await api.authenticateEmail({ email: 'a@example.com', code: '123456' });
    expect(loginProof).toHaveBeenCalledTimes(1);
    expect(loginProof).toHaveBeenCalledWith(
      `${API_URL}${ROUTES.passwordlessAuthenticate}`,
      expect.any(Number),
    );
    expect(calls[0]!.headers.get('dpop')).toBeNull();
    expect(calls[1]!.headers.get('dpop')).toBe(
      `proof-for:${API_URL}${ROUTES.passwordlessAuthenticate}`,
    );
  });

  it('a refused login proof is retried once on the server clock from the Date header (a device clock off by 10 min)', async () => {
    const serverNow = Date.now() + 600_000;
    let n = 0;
    const { fetch, calls } = fakeFetch({
      [AUTH]: () => {
        n++;
        const res =
          n === 1
            ? json({ error: 'DPoP proof is not fresh', code: 'invalid_dpop_proof' }, 401)
            : json({ token: 't' });
        res.headers.set('date', new Date(serverNow).toUTCString());
        return res;
      },
    });
    const loginProof = vi.fn(async () => 'proof');
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, loginProof });
    await expect(
      api.authenticateEmail({ email: 'a@example.com', code: '123456' }),
    ).resolves.toEqual({ token: 't' });
    expect(calls).toHaveLength(2);
    const second = loginProof.mock.calls[1] as unknown as [string, number];
    expect(Math.abs(second[1] - serverNow)).toBeLessThan(2_000);
    // Only once: a second refusal is the caller's.
    n = 0;
    const { fetch: refusing, calls: refusedCalls } = fakeFetch({
      [AUTH]: () => json({ error: 'no', code: 'invalid_dpop_proof' }, 401),
    });
    const strict = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch: refusing, loginProof });
    await expect(
      strict.authenticateEmail({ email: 'a@example.com', code: '123456' }),
    ).rejects.toMatchObject({ code: 'invalid_dpop_proof' });
    expect(refusedCalls).toHaveLength(2);
  });

  it('sends no DPoP header when the frame gives no proof', async () => {
    const { fetch, calls } = fakeFetch({ [AUTH]: () => json({ token: 't' }) });
    const api = createApiClient({
      appId: APP_ID,
      apiUrl: API_URL,
      fetch,
      loginProof: async () => null,
    });
    await api.authenticateEmail({ email: 'a@example.com', code: '123456' });
    expect(calls[0]!.headers.get('dpop')).toBeNull();
  });
});

describe('createApiClient: timeout', () => {
  it('throws TimeoutError after timeoutMs when fetch never answers', async () => {
    vi.useFakeTimers();
    const never = (() => new Promise<Response>(() => {})) as typeof fetch;
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch: never, timeoutMs: 5000 });
    const pending = api.sendEmailCode({ email: 'a@example.com' });
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).code).toBe('client_request_timeout');
    expect((error as TimeoutError).timeoutMs).toBe(5000);
  });

  it('defaults to 20000 ms and aborts the request signal', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hang = ((_: unknown, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>(() => {});
    }) as typeof fetch;
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch: hang, retries: 0 });
    const pending = api.getAppConfig().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(TimeoutError);
    expect(signal?.aborted).toBe(true);
  });

  it('does not retry a timeout', async () => {
    vi.useFakeTimers();
    let n = 0;
    const hang = (() => {
      n++;
      return new Promise<Response>(() => {});
    }) as typeof fetch;
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch: hang, timeoutMs: 100 });
    const pending = api.getAppConfig().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toBeInstanceOf(TimeoutError);
    expect(n).toBe(1);
  });
});

describe('createApiClient: retries', () => {
  it('retries a GET on 503 up to 3 times, then succeeds', async () => {
    const { fetch, count } = fakeFetch({
      [CONFIG]: [unavailable, unavailable, unavailable, () => json({ id: APP_ID })],
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retryDelayMs: 0 });
    await expect(api.getAppConfig()).resolves.toEqual({ id: APP_ID });
    expect(count(CONFIG)).toBe(4);
  });

  it('gives up after 3 retries with the last ApiError', async () => {
    const { fetch, count } = fakeFetch({ [CONFIG]: unavailable });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retryDelayMs: 0 });
    const error = await api.getAppConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(count(CONFIG)).toBe(4);
  });

  it('backs off 250, 500, 1000 ms between attempts', async () => {
    vi.useFakeTimers();
    const { fetch, count } = fakeFetch({
      [CONFIG]: [unavailable, unavailable, unavailable, () => json({})],
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    const pending = api.getAppConfig();
    await vi.advanceTimersByTimeAsync(0);
    expect(count(CONFIG)).toBe(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(count(CONFIG)).toBe(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(count(CONFIG)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(CONFIG)).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(count(CONFIG)).toBe(4);
    await expect(pending).resolves.toEqual({});
  });

  it('retries network errors on GET and on POST /api/v1/sessions', async () => {
    const { fetch, count } = fakeFetch({
      [CONFIG]: [offline, () => json({})],
      [SESSIONS]: [offline, offline, () => json({ ok: true })],
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retryDelayMs: 0 });
    await api.getAppConfig();
    await expect(api.refreshSession({ refresh_token: 'r' })).resolves.toEqual({ ok: true });
    expect(count(CONFIG)).toBe(2);
    expect(count(SESSIONS)).toBe(3);
  });

  it('never retries a code send or a code check', async () => {
    const { fetch, count } = fakeFetch({ [INIT]: unavailable, [AUTH]: offline });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retryDelayMs: 0 });
    await expect(api.sendEmailCode({ email: 'a@example.com' })).rejects.toBeInstanceOf(ApiError);
    await expect(
      api.authenticateEmail({ email: 'a@example.com', code: '123456' }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(count(INIT)).toBe(1);
    expect(count(AUTH)).toBe(1);
  });

  it('does not retry a 4xx', async () => {
    const { fetch, count } = fakeFetch({
      [CONFIG]: () => json({ error: 'No app', code: 'app_not_found' }, 404),
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retryDelayMs: 0 });
    await expect(api.getAppConfig()).rejects.toMatchObject({ code: 'app_not_found', status: 404 });
    expect(count(CONFIG)).toBe(1);
  });

  it('honours retries: 0', async () => {
    const { fetch, count } = fakeFetch({ [CONFIG]: unavailable });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retries: 0 });
    await expect(api.getAppConfig()).rejects.toBeInstanceOf(ApiError);
    expect(count(CONFIG)).toBe(1);
  });
});

describe('createApiClient: 503 with Retry-After and lost refresh answers (issue 10)', () => {
  const down = (retryAfter: string) => () =>
    json({ error: 'Down', code: 'service_unavailable', retry_after: 1 }, 503, {
      'retry-after': retryAfter,
    });

  it('retries a refresh on 503 after the Retry-After seconds, with the same token', async () => {
    vi.useFakeTimers();
    const { fetch, calls, count } = fakeFetch({
      [SESSIONS]: [down('2'), () => json({ ok: true })],
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    const pending = api.refreshSession({ refresh_token: 'r1' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(count(SESSIONS)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(SESSIONS)).toBe(2);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.body)).toEqual([{ refresh_token: 'r1' }, { refresh_token: 'r1' }]);
  });

  it('caps a long Retry-After (seconds or HTTP date) at MAX_RETRY_AFTER_MS', async () => {
    vi.useFakeTimers();
    const later = new Date(Date.now() + 3_600_000).toUTCString();
    const { fetch, count } = fakeFetch({
      [SESSIONS]: [down('3600'), down(later), () => json({ ok: true })],
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    const pending = api.refreshSession({ refresh_token: 'r1' });
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS - 1);
    expect(count(SESSIONS)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(SESSIONS)).toBe(2);
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS);
    expect(count(SESSIONS)).toBe(3);
    await expect(pending).resolves.toEqual({ ok: true });
  });

  it('keeps the back-off when Retry-After asks for less', async () => {
    vi.useFakeTimers();
    const { fetch, count } = fakeFetch({ [CONFIG]: [down('0'), () => json({})] });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    const pending = api.getAppConfig();
    await vi.advanceTimersByTimeAsync(249);
    expect(count(CONFIG)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(CONFIG)).toBe(2);
    await expect(pending).resolves.toEqual({});
  });

  it('gives up on a refresh after 3 retries of 503 with the ApiError service_unavailable', async () => {
    const { fetch, count } = fakeFetch({ [SESSIONS]: down('0') });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retryDelayMs: 0 });
    const error = await api.refreshSession({ refresh_token: 'r1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('service_unavailable');
    expect((error as ApiError).retryAfterS).toBe(1);
    expect(count(SESSIONS)).toBe(4);
  });

  it('retries a timed-out refresh with the same token (its answer may be lost)', async () => {
    vi.useFakeTimers();
    const hang = () => new Promise<Response>(() => {});
    const { fetch, calls, count } = fakeFetch({ [SESSIONS]: [hang, () => json({ ok: true })] });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, timeoutMs: 100 });
    const pending = api.refreshSession({ refresh_token: 'r1' });
    await vi.advanceTimersByTimeAsync(100 + 250);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(count(SESSIONS)).toBe(2);
    expect(calls[1]!.body).toEqual({ refresh_token: 'r1' });
  });

  it('still never retries a code send or check on 503, Retry-After or not', async () => {
    const { fetch, count } = fakeFetch({ [INIT]: down('1'), [AUTH]: down('1') });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch, retryDelayMs: 0 });
    await expect(api.sendEmailCode({ email: 'a@example.com' })).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    await expect(
      api.authenticateEmail({ email: 'a@example.com', code: '123456' }),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(count(INIT)).toBe(1);
    expect(count(AUTH)).toBe(1);
  });
});

describe('createApiClient: ApiError parsing', () => {
  it('parses {error, code, retry_after}', async () => {
    const { fetch } = fakeFetch({
      [INIT]: () => json({ error: 'Slow down', code: 'too_many_requests', retry_after: 30 }, 429),
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    const error = (await api.sendEmailCode({ email: 'a@example.com' }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('too_many_requests');
    expect(error.status).toBe(429);
    expect(error.shortMessage).toBe('Slow down');
    expect(error.retryAfterS).toBe(30);
    expect(error.details).toBe('POST /api/v1/passwordless/init -> HTTP 429');
  });

  it('reads Retry-After from the header when the body has none', async () => {
    const { fetch } = fakeFetch({
      [INIT]: () =>
        json({ error: 'Slow down', code: 'too_many_requests' }, 429, { 'retry-after': '12' }),
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    await expect(api.sendEmailCode({ email: 'a@example.com' })).rejects.toMatchObject({
      retryAfterS: 12,
    });
  });

  it('keeps field issues of invalid_data', async () => {
    const issues = [{ path: 'email', message: 'Invalid email' }];
    const { fetch } = fakeFetch({
      [INIT]: () => json({ error: 'Invalid data', code: 'invalid_data', issues }, 400),
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    await expect(api.sendEmailCode({ email: 'x' })).rejects.toMatchObject({
      code: 'invalid_data',
      issues,
    });
  });

  it('falls back on the status when the body is not an error body', async () => {
    const { fetch } = fakeFetch({
      [INIT]: () => new Response('<html>Bad gateway</html>', { status: 502 }),
      [AUTH]: () => json({ message: 'nope', code: 'weird' }, 422),
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    await expect(api.sendEmailCode({ email: 'a@example.com' })).rejects.toMatchObject({
      code: 'internal_error',
      status: 502,
      shortMessage: 'Request failed with status 502',
    });
    await expect(
      api.authenticateEmail({ email: 'a@example.com', code: '123456' }),
    ).rejects.toMatchObject({
      code: 'invalid_credentials',
      status: 422,
    });
  });

  it('resolves an empty 2xx body as undefined', async () => {
    const { fetch } = fakeFetch({
      [`POST ${ROUTES.logout}`]: () => new Response(null, { status: 204 }),
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    await expect(api.logout()).resolves.toBeUndefined();
  });

  it('sends the logout with keepalive (it outlives the page), other calls without', async () => {
    const { fetch, calls } = fakeFetch({
      [`POST ${ROUTES.logout}`]: () => new Response(null, { status: 204 }),
      [`POST ${ROUTES.sessions}`]: () =>
        json({ error: 'invalid', code: 'invalid_credentials' }, 401),
    });
    const api = createApiClient({ appId: APP_ID, apiUrl: API_URL, fetch });
    await api.logout({ refresh_token: 'r' });
    await api.refreshSession({ refresh_token: 'r' }).catch(() => {});
    expect(calls.map((c) => c.init.keepalive === true)).toEqual([true, false]);
  });
});
