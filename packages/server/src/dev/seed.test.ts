import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdminAppConfig } from '../apps/settings.ts';
import { verifyAppSecret } from '../apps/secret.ts';
import { findApp } from '../apps/records.ts';
import type { Database } from '../db/index.ts';
import { testDatabase, testServer, TEST_SECRET } from '../test-utils.ts';
import { DEV_APP_NAME, seedDevApp } from './seed.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

const APP_SECRET = 'dev-app-secret-0123456789';

describe('seedDevApp (settings from methods/<id>/devSeed.ts)', () => {
  it("creates the dev app with every registry method's settings, origins and admin secret", async () => {
    const { context } = testServer(database);
    const devApp = { id: 'seeddev000000000000000001', origins: ['http://localhost:5173'] };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET);
    const config = await loadAdminAppConfig(database.db, devApp.id);
    expect(config).toMatchObject({
      name: DEV_APP_NAME,
      email_auth: true,
      sms_auth: true,
      wallet_auth: true,
      passkey_auth: true,
      google_oauth: false,
      allowed_origins: ['http://localhost:5173'],
    });
    expect(verifyAppSecret((await findApp(database.db, devApp.id))!, APP_SECRET)).toBe(true);
  });

  it("runs a method's seed (the dev OpenID provider's client for google)", async () => {
    const { context } = testServer(database);
    const devApp = {
      id: 'seeddev000000000000000002',
      origins: ['http://localhost:5173'],
      oidcIssuer: 'http://127.0.0.1:8788',
    };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET);
    expect(await loadAdminAppConfig(database.db, devApp.id)).toMatchObject({ google_oauth: true });
  });

  it('applies only the methods it is given (the registry by default)', async () => {
    const { context } = testServer(database);
    const devApp = { id: 'seeddev000000000000000003', origins: ['http://localhost:5173'] };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET, {
      methods: [{ id: 'email' }],
    });
    expect(await loadAdminAppConfig(database.db, devApp.id)).toMatchObject({
      email_auth: true,
      sms_auth: false,
      passkey_auth: false,
    });
  });
});
