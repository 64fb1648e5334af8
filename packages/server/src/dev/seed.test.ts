import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdminAppConfig } from '../apps/settings.ts';
import { verifyAppSecret } from '../apps/secret.ts';
import { findApp } from '../apps/records.ts';
import type { Database } from '../db/index.ts';
import { TEST_PUBLIC_URL, testDatabase, testServer, TEST_SECRET } from '../test-utils.ts';
import { emailMethod } from '../methods/email/index.ts';
import { METHODS } from '../methods/index.ts';
import { DEV_APP_NAME, DEV_PROVIDER_APP, type MethodDevSeed, seedDevApp } from './seed.ts';
import { connectionsOf, findClient } from '../crossapp/clients.ts';
import { CROSS_APP_ROUTES, MFA_METHODS } from '@latchkey/api';
import { DEV_CLOUDKIT_CONTAINER } from '../dev-defaults.ts';
import { DEV_OIDC_CLIENT_ID } from '../methods/oauth/dev/oidc-client.ts';
import { cloudKitSettings, cloudRecoveryOrigins, googleDriveSettings } from '../recovery/config.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

const APP_SECRET = 'dev-app-secret-0123456789';

describe("seedDevApp (settings from the method modules' `devSeed`)", () => {
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
      telegram_auth: true,
      telegram_auth_config: {
        bot_id: '7000000000',
        bot_name: 'latchkey_dev_bot',
        link_enabled: true,
        seamless_auth_enabled: true,
      },
      allowed_origins: ['http://localhost:5173'],
    });
    expect(verifyAppSecret((await findApp(database.db, devApp.id))!, APP_SECRET)).toBe(true);
  });

  it('creates the cross-app provider app with the dev app as its client, once (issue 21)', async () => {
    const { context } = testServer(database);
    const devApp = { id: 'seeddev000000000000000009', origins: ['http://localhost:5173'] };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET);
    const provider = await findApp(database.db, DEV_PROVIDER_APP.id);
    expect(provider).toMatchObject({ name: 'Latchkey Wallet', emailAuth: true });
    const client = await findClient(context, DEV_PROVIDER_APP.id, devApp.id);
    expect(client).toMatchObject({
      redirectUris: [`${TEST_PUBLIC_URL}${CROSS_APP_ROUTES.requesterCallback}`],
      readOnly: false,
    });
    expect(client?.clientSecret).toBeTruthy();
    // A second start keeps the client's secret (the requester's server reads it from here).
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET);
    expect((await findClient(context, DEV_PROVIDER_APP.id, devApp.id))?.clientSecret).toBe(
      client?.clientSecret,
    );
    expect(
      (await connectionsOf(context, devApp.id)).connections.map((c) => c.provider_app_id),
    ).toEqual([DEV_PROVIDER_APP.id]);
  });

  it("gives the provider app (the demo's app A) its own origins, every method and the on-ramp", async () => {
    const { context } = testServer(database);
    const devApp = {
      id: 'seeddev000000000000000010',
      origins: ['http://localhost:5173'],
      providerOrigins: ['http://localhost:5174'],
    };
    const onRampSandboxKeys = { publishable_key: 'pk_test_seed', secret_key: 'sk_test_seed' };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET, {
      onRampSandboxKeys,
    });
    expect(await loadAdminAppConfig(database.db, DEV_PROVIDER_APP.id)).toMatchObject({
      name: 'Latchkey Wallet',
      allowed_origins: ['http://localhost:5174'],
      email_auth: true,
      passkey_auth: true,
      mfa_methods: [...MFA_METHODS],
      fiat_on_ramp_enabled: true,
    });
    // The dev app keeps its own origins.
    expect(await loadAdminAppConfig(database.db, devApp.id)).toMatchObject({
      allowed_origins: ['http://localhost:5173'],
    });
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

  it('points the cloud recovery settings at the Drive and CloudKit stand-ins (issue 23)', async () => {
    const { context } = testServer(database);
    const devApp = {
      id: 'seeddev000000000000000009',
      origins: ['http://localhost:5173'],
      oidcIssuer: 'http://127.0.0.1:8788',
      driveApiUrl: 'http://127.0.0.1:8790',
      cloudKitApiUrl: 'http://127.0.0.1:8791',
    };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET);
    expect(await googleDriveSettings(context, devApp.id)).toEqual({
      clientId: DEV_OIDC_CLIENT_ID,
      clientSecret: expect.any(String),
      issuer: devApp.oidcIssuer,
      driveApiUrl: devApp.driveApiUrl,
    });
    expect(await cloudKitSettings(context, devApp.id)).toEqual({
      ...DEV_CLOUDKIT_CONTAINER,
      apiUrl: devApp.cloudKitApiUrl,
    });
    expect(await cloudRecoveryOrigins(context, devApp.id)).toEqual([
      devApp.driveApiUrl,
      devApp.cloudKitApiUrl,
    ]);
    // The dev app offers the password, Google Drive and iCloud (the stand-ins are there).
    expect(await loadAdminAppConfig(database.db, devApp.id)).toMatchObject({
      embedded_wallet_config: {
        user_owned_recovery_options: ['user-passcode', 'google-drive', 'icloud'],
      },
    });
  });

  it('offers only the password without the cloud stand-ins (issue 23)', async () => {
    const { context } = testServer(database);
    const devApp = { id: 'seeddev000000000000000010', origins: ['http://localhost:5173'] };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET);
    expect(await loadAdminAppConfig(database.db, devApp.id)).toMatchObject({
      embedded_wallet_config: { user_owned_recovery_options: ['user-passcode'] },
    });
  });

  it('applies only the methods it is given (the registry by default)', async () => {
    const { context } = testServer(database);
    const devApp = { id: 'seeddev000000000000000003', origins: ['http://localhost:5173'] };
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET, {
      methods: [emailMethod],
    });
    expect(await loadAdminAppConfig(database.db, devApp.id)).toMatchObject({
      email_auth: true,
      sms_auth: false,
      passkey_auth: false,
    });
  });

  it("applies a fake module's settings and runs its seed, in the given order; a module without devSeed adds nothing", async () => {
    const { context } = testServer(database);
    const devApp = { id: 'seeddev000000000000000004', origins: ['http://localhost:5173'] };
    const ran: string[] = [];
    const fake = (name: string, settings: Record<string, unknown>) => ({
      devSeed: async (): Promise<MethodDevSeed> => ({
        settings: () => settings,
        seed: async (_ctx, appId) => void ran.push(`${name}:${appId}`),
      }),
    });
    await seedDevApp(database, context, TEST_SECRET, devApp, async () => APP_SECRET, {
      methods: [
        fake('a', { sms_auth: true, email_auth: true }),
        {},
        fake('b', { email_auth: false }),
      ],
    });
    expect(await loadAdminAppConfig(database.db, devApp.id)).toMatchObject({
      name: DEV_APP_NAME,
      sms_auth: true,
      email_auth: false,
      passkey_auth: false,
      allowed_origins: ['http://localhost:5173'],
    });
    // The dev app's seeds, then the provider app's (it logs in with the same methods).
    expect(ran).toEqual([
      `a:${devApp.id}`,
      `b:${devApp.id}`,
      `a:${DEV_PROVIDER_APP.id}`,
      `b:${DEV_PROVIDER_APP.id}`,
    ]);
  });

  it('the registry: every method declares a dev seed, in its order', () => {
    expect(METHODS.filter((m) => m.devSeed).map((m) => m.id)).toEqual([
      'email',
      'sms',
      'oauth',
      'siwe',
      'farcaster',
      'passkey',
      'telegram',
    ]);
  });
});
