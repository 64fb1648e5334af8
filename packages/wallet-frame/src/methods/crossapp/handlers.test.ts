import { CROSS_APP_ROUTES, DPOP_HEADER, FRAME_EVENTS } from '@latchkey/api';
import { decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { CustodyError } from '../../custody/errors.ts';
import { openDeviceShareStore } from '../../frame/device-store.ts';
import { API_URL, APP_ID, memoryStorage, token } from '../../frame/test/fakes.ts';
import { createWalletHandlers } from '../../frame/wallet-handlers.ts';
import { CROSS_APP_CONFIRM_REFUSED_MESSAGE } from './handlers.ts';

const API_ORIGIN = new URL(API_URL).origin;
const UID = 'Hw3Ab_c-9xYz0123456789';
const T = token('user_1');

/** A frame whose server answers every request with `answer`; records what it was sent. */
function frame(answer: () => Response = () => Response.json({ redirect_to: `${API_URL}/resume` })) {
  const sent: { url: string; init: RequestInit }[] = [];
  const handlers = createWalletHandlers({
    appId: APP_ID,
    apiUrl: API_URL,
    store: openDeviceShareStore(APP_ID, () => memoryStorage()),
    fetch: async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return answer();
    },
  });
  const confirm = (data: unknown, origin = API_ORIGIN) =>
    Promise.resolve(handlers[FRAME_EVENTS.crossAppConfirm]!(data, { origin }));
  return { confirm, sent };
}

async function refusal(promise: Promise<unknown>): Promise<CustodyError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CustodyError);
  return error as CustodyError;
}

describe('latchkey:crossapp:confirm (issue 21)', () => {
  it("posts the consent with the frame's DPoP proof and this origin's cookies", async () => {
    const f = frame();
    const out = await f.confirm({ accessToken: T, userId: 'user_1', uid: UID });
    expect(out).toEqual({ redirect_to: `${API_URL}/resume` });
    expect(f.sent).toHaveLength(1);
    const [{ url, init }] = f.sent as [{ url: string; init: RequestInit }];
    expect(url).toBe(`${API_URL}${CROSS_APP_ROUTES.interactionConfirm(APP_ID, UID)}`);
    expect(init.method).toBe('POST');
    // The pending authorization is a cookie of this origin: the call must carry it.
    expect(init.credentials).toBe('same-origin');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`DPoP ${T}`);
    const proof = headers[DPOP_HEADER]!;
    expect(decodeProtectedHeader(proof).typ).toBe('dpop+jwt');
    const { payload } = await jwtVerify(proof, EmbeddedJWK);
    expect(payload).toMatchObject({ htm: 'POST', htu: url });
    expect(typeof payload.ath).toBe('string');
  });

  it('refuses every parent but the API origin, before any call', async () => {
    const f = frame();
    for (const origin of ['https://app.example', 'http://api.test:8080', 'https://api.test']) {
      const error = await refusal(
        f.confirm({ accessToken: T, userId: 'user_1', uid: UID }, origin),
      );
      expect(error.type).toBe('invalid_request_arguments');
      expect(error.message).toBe(CROSS_APP_CONFIRM_REFUSED_MESSAGE);
    }
    expect(f.sent).toHaveLength(0);
  });

  it('refuses a missing token, another user and a malformed uid, before any call', async () => {
    const f = frame();
    await refusal(f.confirm({ userId: 'user_1', uid: UID }));
    await refusal(f.confirm({ accessToken: T, userId: 'user_2', uid: UID }));
    for (const uid of [undefined, '', 'a/../b', 'x'.repeat(65), 42]) {
      const error = await refusal(f.confirm({ accessToken: T, userId: 'user_1', uid }));
      expect(error.type).toBe('invalid_request_arguments');
    }
    expect(f.sent).toHaveLength(0);
  });

  it("answers only a redirect on the frame's own origin", async () => {
    for (const redirect_to of ['https://evil.example/resume', 'javascript:alert(1)', 42, null]) {
      const f = frame(() => Response.json({ redirect_to }));
      const error = await refusal(f.confirm({ accessToken: T, userId: 'user_1', uid: UID }));
      expect(error.type).toBe('error');
    }
    const relative = frame(() => Response.json({ redirect_to: '/api/v1/apps/x/oidc/auth/abc' }));
    expect(await relative.confirm({ accessToken: T, userId: 'user_1', uid: UID })).toEqual({
      redirect_to: `${API_ORIGIN}/api/v1/apps/x/oidc/auth/abc`,
    });
  });

  it("passes the server's refusal on (a token of another app, no interaction cookie)", async () => {
    const f = frame(() =>
      Response.json(
        { error: 'This sign-in request has expired', code: 'cross_app_interaction_not_found' },
        { status: 404 },
      ),
    );
    const error = await refusal(f.confirm({ accessToken: T, userId: 'user_1', uid: UID }));
    expect(error.message).toContain('expired');
  });
});
