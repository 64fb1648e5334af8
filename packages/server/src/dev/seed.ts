/**
 * The development app's seed (`LATCHKEY_DEV=1`, `main.ts`), through the same code as
 * `latchkey apps create` / `apps set` and the admin API. Each method that the dev app turns on
 * contributes a {@link MethodDevSeed} in `methods/<id>/devSeed.ts` (issue 11); this file names
 * no method.
 */
import { ensureApp } from '../apps/records.ts';
import { setAppSecret } from '../apps/secret.ts';
import { applyAppSettings } from '../apps/settings.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import type { ServerEnv } from '../env.ts';
import { loadMethodParts, type LoadMethodPartsOptions } from '../methodParts.ts';

/** The dev app's part of the environment (`LATCHKEY_DEV_APP_ID`, `..._ORIGINS`, `..._OIDC_ISSUER`). */
export type DevAppEnv = ServerEnv['devApp'];

/** What a method's `methods/<id>/devSeed.ts` exports as `devSeed`. */
export interface MethodDevSeed {
  /**
   * The method's settings of the dev app, as admin API keys (snake_case, e.g.
   * `{ email_auth: true }`), merged into one `applyAppSettings` call.
   */
  settings(devApp: DevAppEnv): Record<string, unknown>;
  /** Runs after the settings and the app secret (e.g. an OAuth client at the dev provider). */
  seed?(ctx: Pick<ServerContext, 'db' | 'keys'>, appId: string, devApp: DevAppEnv): Promise<void>;
}

/** Name of the dev app. */
export const DEV_APP_NAME = 'Latchkey Demo';

/**
 * Creates the dev app if missing, applies its name, origins and every method's settings, sets
 * its admin API secret and runs the methods' seeds, under the startup lock (replicas started
 * together would both insert the app).
 *
 * @param appSecret the admin API secret (`devAppSecret(env)`).
 * @throws what the app services throw (e.g. `invalid_data` for a bad setting).
 */
export async function seedDevApp(
  database: Database,
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  serverSecret: string,
  devApp: DevAppEnv,
  appSecret: () => Promise<string>,
  options?: LoadMethodPartsOptions,
): Promise<void> {
  const seeds = await loadMethodParts<MethodDevSeed>('devSeed.ts', 'devSeed', options);
  await database.withStartupLock(async () => {
    await ensureApp(database.db, serverSecret, { id: devApp.id, name: DEV_APP_NAME });
    const settings: Record<string, unknown> = { name: DEV_APP_NAME };
    for (const { part } of seeds) Object.assign(settings, part.settings(devApp));
    settings.allowed_origins = devApp.origins;
    await applyAppSettings(database.db, devApp.id, settings);
    await setAppSecret(database.db, devApp.id, await appSecret());
    for (const { part } of seeds) await part.seed?.(ctx, devApp.id, devApp);
  });
}
