/**
 * The server's login-method registry (issue 11): every contract with routes has a module, the
 * modules mirror their contracts, and the captcha gate `createServer` mounts from the registry
 * guards exactly the contracts' captcha-gated routes.
 */
import { CAPTCHA_GATED_ROUTES, LOGIN_METHOD_CONTRACTS } from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import * as schema from '../db/schema.ts';
import { type TestServer, testDatabase, testServer } from '../test-utils.ts';
import { METHODS } from './index.ts';

describe('METHODS', () => {
  it('has one module per contract with routes, with the contract itself', () => {
    const served = LOGIN_METHOD_CONTRACTS.filter((c) => Object.keys(c.routes).length > 0);
    expect(METHODS.map((m) => m.id).sort()).toEqual(served.map((c) => c.id).sort());
    for (const method of METHODS) {
      expect(served.find((c) => c.id === method.id)).toBe(method.contract);
    }
  });

  it('takes captcha routes and account types from the contract, and owns tables', () => {
    for (const method of METHODS) {
      expect(method.captchaGatedRoutes).toEqual(method.contract.captchaGatedRoutes);
      expect(method.accountTypes).toEqual(method.contract.accountTypes);
      // Its tables are the schema's (a method may own none yet: the Telegram skeleton).
      for (const table of method.tables) expect(Object.values(schema)).toContain(table);
    }
    expect(METHODS.filter((m) => m.tables.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(METHODS.flatMap((m) => m.captchaGatedRoutes).sort()).toEqual(
      [...CAPTCHA_GATED_ROUTES].sort(),
    );
  });
});

describe('the captcha gate mounted from METHODS', () => {
  let database: Database;
  let server: TestServer;
  let captchaApp: string;

  beforeAll(async () => {
    database = await testDatabase();
    server = testServer(database);
    captchaApp = (await server.createApp({ captchaEnabled: true, captchaSiteKey: 'a:' })).id;
  });
  afterAll(() => database?.close());

  it('refuses a token-less POST on exactly the contracts captcha-gated routes', async () => {
    const gated = new Set(CAPTCHA_GATED_ROUTES);
    const paths = METHODS.flatMap((m) => Object.values(m.contract.routes));
    expect(paths.length).toBeGreaterThan(gated.size);
    for (const path of paths) {
      const res = await server.post(captchaApp, path, {}, { origin: 'https://app.example.com' });
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      expect({ path, captcha: body.code === 'invalid_captcha' }).toEqual({
        path,
        captcha: gated.has(path),
      });
    }
  });
});
