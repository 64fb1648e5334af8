/**
 * The development app's seed (`LATCHKEY_DEV=1`, `main.ts`), through the same code as
 * `latchkey apps create` / `apps set` and the admin API. Each method that the dev app turns on
 * declares a `MethodDevSeed` as its module's `devSeed` (a loader, so production never loads a
 * seed; `methods/types.ts`, issue 11); this file names no method.
 */
import { CROSS_APP_ROUTES, MFA_METHODS, type USER_OWNED_RECOVERY_OPTIONS } from '@latchkey/api';
import { ensureApp } from '../apps/records.ts';
import { DEV_CLOUDKIT_CONTAINER, DEV_PROVIDER_APP_ID } from '../dev-defaults.ts';
import { setAppSecret } from '../apps/secret.ts';
import { setMoonPayKeys } from '../funding/keys.ts';
import { applyAppSettings } from '../apps/settings.ts';
import type { ServerContext } from '../context.ts';
import { saveClient } from '../crossapp/clients.ts';
import type { Database } from '../db/index.ts';
import { METHODS } from '../methods/index.ts';
import type { DevAppEnv, MethodParts } from '../methods/types.ts';
import { setRecoveryCloudConfig } from '../recovery/config.ts';

export type { DevAppEnv, MethodDevSeed } from '../methods/types.ts';

/** Options of {@link seedDevApp} (tests narrow them). */
export interface SeedDevAppOptions {
  /** The method modules whose `devSeed` is read, in order. Default the registry, `METHODS`. */
  methods?: readonly Pick<MethodParts, 'devSeed'>[];
  /**
   * The card on-ramp of the dev stack (issue 20): when set, the dev app gets the on-ramp on
   * (`fiat_on_ramp_enabled`) and these MoonPay sandbox keys, which the local MoonPay stand-in
   * (`funding/dev/moonpay-standin.ts`, started by `npm start`) knows.
   */
  onRampSandboxKeys?: { publishable_key: string; secret_key: string };
}

/**
 * The backups the dev app offers its users (issue 23; `user_owned_recovery_options`, spec
 * section 3): the password always; Google Drive when the dev stack runs the Drive stand-in and
 * the local OpenID provider (whose client is the app's Drive client); iCloud when it runs the
 * CloudKit stand-in. The demo keeps its password-only flows by asking for `['user-passcode']`
 * where it needs them (`?passwordOnCreate=1`).
 */
export function devRecoveryOptions(
  devApp: DevAppEnv,
): (typeof USER_OWNED_RECOVERY_OPTIONS)[number][] {
  return [
    'user-passcode',
    ...(devApp.driveApiUrl && devApp.oidcIssuer ? (['google-drive'] as const) : []),
    ...(devApp.cloudKitApiUrl ? (['icloud'] as const) : []),
  ];
}

/** Name of the dev app. */
export const DEV_APP_NAME = 'Latchkey Demo';

/**
 * The dev stack's cross-app provider (issue 21), the demo's app A: a second app whose users log
 * in on its own demo site (`npm start` serves it on http://localhost:5174, its allowed origin)
 * or on its sign-in page (on the API origin), and whose accounts and wallets the dev app (app B)
 * may use, so the demo's "Log in with Latchkey Wallet" works out of the box.
 */
export const DEV_PROVIDER_APP = { id: DEV_PROVIDER_APP_ID, name: 'Latchkey Wallet' };

/**
 * Creates the dev app if missing, applies its name, origins and every method's settings, sets
 * its admin API secret (and, with `onRampSandboxKeys`, the on-ramp) and runs the methods' seeds;
 * then does the same (without an admin secret) for {@link DEV_PROVIDER_APP}, with
 * `devApp.providerOrigins` as its origins, and makes the dev app its cross-app client; under the
 * startup lock (replicas started together would both insert the apps).
 *
 * @param appSecret the admin API secret (`devAppSecret(env)`).
 * @throws what the app services throw (e.g. `invalid_data` for a bad setting), or what a
 *   method's `devSeed` loader or seed throws.
 */
export async function seedDevApp(
  database: Database,
  ctx: Pick<ServerContext, 'db' | 'keys' | 'publicUrl' | 'now'>,
  serverSecret: string,
  devApp: DevAppEnv,
  appSecret: () => Promise<string>,
  options: SeedDevAppOptions = {},
): Promise<void> {
  const seeds = await Promise.all(
    (options.methods ?? METHODS).flatMap((m) => (m.devSeed ? [m.devSeed()] : [])),
  );
  const methodSettings: Record<string, unknown> = {};
  for (const seed of seeds) Object.assign(methodSettings, seed.settings(devApp));
  /** One app: its row and settings (every method's, MFA, on-ramp, and `origins` if given). */
  const seedApp = async (app: { id: string; name: string }, origins: string[] | undefined) => {
    await ensureApp(database.db, serverSecret, app);
    const settings: Record<string, unknown> = { ...methodSettings, name: app.name };
    if (origins) settings.allowed_origins = origins;
    // The demo's MFA panel (issue 15): every method can be enrolled.
    settings.mfa_methods ??= [...MFA_METHODS];
    if (options.onRampSandboxKeys) settings.fiat_on_ramp_enabled = true;
    await applyAppSettings(database.db, app.id, settings);
    if (options.onRampSandboxKeys) {
      await setMoonPayKeys(ctx, app.id, { sandbox: options.onRampSandboxKeys });
    }
  };
  await database.withStartupLock(async () => {
    await seedApp({ id: devApp.id, name: DEV_APP_NAME }, devApp.origins);
    // Issue 23: the backups the dev app offers (the cloud ones where the stack runs them).
    await applyAppSettings(database.db, devApp.id, {
      embedded_wallet_config: { user_owned_recovery_options: devRecoveryOptions(devApp) },
    });
    await setAppSecret(database.db, devApp.id, await appSecret());
    for (const seed of seeds) await seed.seed?.(ctx, devApp.id, devApp);
    // Issue 23: the dev app's iCloud recovery container, at the CloudKit stand-in (the Google
    // Drive client is the OAuth method's seed's).
    if (devApp.cloudKitApiUrl) {
      await setRecoveryCloudConfig(ctx, devApp.id, {
        cloudkit: { ...DEV_CLOUDKIT_CONTAINER, apiUrl: devApp.cloudKitApiUrl },
      });
    }
    // The provider app, app A of the demo: its own site logs in with the same methods.
    await seedApp(DEV_PROVIDER_APP, devApp.providerOrigins);
    for (const seed of seeds) await seed.seed?.(ctx, DEV_PROVIDER_APP.id, devApp);
    // The dev app is its cross-app client (a confidential client on this server: its secret
    // stays in the registry; a new one only the first time).
    await saveClient(ctx, DEV_PROVIDER_APP.id, devApp.id, {
      redirect_uris: [`${ctx.publicUrl}${CROSS_APP_ROUTES.requesterCallback}`],
      read_only: false,
      confidential: true,
    });
  });
}
