import { describe, expect, it } from 'vitest';
import { emailApi } from '../../methods/email/api.ts';
import { oauthApi } from '../../methods/oauth/api.ts';
import { passkeyApi } from '../../methods/passkey/api.ts';
import { siweApi } from '../../methods/siwe/api.ts';
import { smsApi } from '../../methods/sms/api.ts';
import { createApiClient } from '../createApiClient.ts';
import type { ApiRequestParameters } from '../request.ts';
import { methodApis } from './index.ts';

const METHOD_API_FACTORIES = { emailApi, smsApi, oauthApi, siweApi, passkeyApi };

/** Each factory's calls, with the request each one sends. */
async function requestsOf(build: (request: never) => object) {
  const sent: Record<string, ApiRequestParameters> = {};
  let last: ApiRequestParameters | undefined;
  const calls = build((async (p: ApiRequestParameters) => {
    last = p;
    return {};
  }) as never) as Record<string, (body: unknown, options?: unknown) => Promise<unknown>>;
  for (const [name, call] of Object.entries(calls)) {
    await call({ probe: name }, { accessToken: 'tok' });
    sent[name] = last!;
  }
  return sent;
}

describe('API registry (api/methods/index.ts)', () => {
  it.each(Object.entries(METHOD_API_FACTORIES))(
    "methodApis carries every call of %s, on the method's routes",
    async (_, factory) => {
      const own = await requestsOf(factory);
      const all = await requestsOf(methodApis);
      expect(Object.keys(own).length).toBeGreaterThan(0);
      for (const [name, parameters] of Object.entries(own)) expect(all[name]).toEqual(parameters);
    },
  );

  it("createApiClient exposes every registered call, posting to the method's route", async () => {
    const hits: string[] = [];
    const api = createApiClient({
      appId: 'app_1',
      apiUrl: 'http://api.test',
      fetch: (async (url: string, init: RequestInit) => {
        hits.push(`${init.method} ${url}`);
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    });
    const registered = await requestsOf(methodApis);
    for (const [name, parameters] of Object.entries(registered)) {
      const call = (api as unknown as Record<string, (b: unknown) => Promise<unknown>>)[name];
      expect(call, name).toBeTypeOf('function');
      await call!({});
      expect(hits.at(-1)).toBe(`POST http://api.test${parameters.path}`);
      expect(parameters).toMatchObject({
        method: 'POST',
        body: { probe: name },
        accessToken: 'tok',
      });
    }
  });
});
