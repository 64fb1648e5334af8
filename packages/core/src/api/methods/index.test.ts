import { ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { emailApiRoutes } from '../../methods/email/api.ts';
import { oauthApiRoutes } from '../../methods/oauth/api.ts';
import { passkeyApiRoutes } from '../../methods/passkey/api.ts';
import { siweApiRoutes } from '../../methods/siwe/api.ts';
import { smsApiRoutes } from '../../methods/sms/api.ts';
import { createApiClient } from '../createApiClient.ts';
import type { ApiRequestParameters } from '../request.ts';
import { METHOD_API_ROUTES, methodApis } from './index.ts';

const METHOD_ROUTES = {
  emailApiRoutes,
  smsApiRoutes,
  oauthApiRoutes,
  siweApiRoutes,
  passkeyApiRoutes,
};

describe('API registry (api/methods/index.ts)', () => {
  it.each(Object.entries(METHOD_ROUTES))('METHOD_API_ROUTES holds every route of %s', (_, own) => {
    expect(Object.keys(own).length).toBeGreaterThan(0);
    expect(METHOD_API_ROUTES).toMatchObject(own);
    for (const path of Object.values(own)) expect(Object.values(ROUTES)).toContain(path);
  });

  it('methodApis posts each registered call to its route, body and bearer as given', async () => {
    const sent: ApiRequestParameters[] = [];
    const apis = methodApis((async (p: ApiRequestParameters) => {
      sent.push(p);
      return {};
    }) as never) as unknown as Record<
      string,
      (body: unknown, options?: unknown) => Promise<unknown>
    >;
    expect(Object.keys(apis).sort()).toEqual(Object.keys(METHOD_API_ROUTES).sort());
    for (const [name, path] of Object.entries(METHOD_API_ROUTES)) {
      await apis[name]!({ probe: name }, { accessToken: 'tok' });
      expect(sent.at(-1)).toEqual({
        method: 'POST',
        path,
        body: { probe: name },
        accessToken: 'tok',
      });
    }
  });

  it("createApiClient exposes every registered call, posting to the method's route", async () => {
    const hits: string[] = [];
    const api = createApiClient({
      appId: 'app_1',
      apiUrl: 'http://api.test',
      fetch: (async (url: string, init: RequestInit) => {
        hits.push(`${init.method} ${url} ${String(init.body)}`);
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    });
    for (const [name, path] of Object.entries(METHOD_API_ROUTES)) {
      const call = (api as unknown as Record<string, (b: unknown) => Promise<unknown>>)[name];
      expect(call, name).toBeTypeOf('function');
      await call!({ probe: name });
      expect(hits.at(-1)).toBe(`POST http://api.test${path} {"probe":"${name}"}`);
    }
  });
});
