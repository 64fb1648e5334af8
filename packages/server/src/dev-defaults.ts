/**
 * The defaults of the development stack that the dev tools read before anything else
 * (`scripts/start.ts`, `src/methods/oauth/dev/oidc.ts`): ports, the data folder and the dev
 * app's id. Part of the environment (`env.ts`, which re-exports all of it), kept in a module
 * that imports nothing heavy: `env.ts` loads the database layer and viem (through the price
 * config), about 3 s of CPU under tsx on the 2-core CI machine, paid by every e2e stack's
 * start.ts and OpenID provider when they only need these constants (CI time).
 */
import { resolve } from 'node:path';

/** Environment variables, as in `process.env`. */
export type Env = Record<string, string | undefined>;

/**
 * The data folder: `$LATCHKEY_DATA_DIR` (default `.latchkey`), absolute.
 * @param base the folder a relative path is resolved against (default the working directory;
 *   `npm start` passes the repository root).
 */
export function dataDirOf(env: Env, base?: string): string {
  const dir = env.LATCHKEY_DATA_DIR ?? '.latchkey';
  return base === undefined ? resolve(dir) : resolve(base, dir);
}

/** Default `PORT` of the API server (also `npm start`'s `LATCHKEY_API_PORT`). */
export const DEFAULT_PORT = 8787;

/** Default id of the development app (25 characters; `LATCHKEY_DEV_APP_ID`). */
export const DEV_APP_ID = 'latchkeydemo0000000000000';

/** Default origin of the development app (`LATCHKEY_DEV_ORIGINS`): the demo's Vite server. */
export const DEFAULT_DEV_ORIGIN = 'http://localhost:5173';

/**
 * Id of the dev stack's cross-app provider app, "Latchkey Wallet" (issue 21, `dev/seed.ts`):
 * the demo's app A, whose accounts and wallets the dev app (app B) may use.
 */
export const DEV_PROVIDER_APP_ID = 'latchkeywallet00000000000';

/**
 * Default origin of the provider app (`LATCHKEY_DEV_PROVIDER_ORIGINS`): app A's own demo site,
 * which `npm start` serves on a second port (`LATCHKEY_PROVIDER_DEMO_PORT`).
 */
export const DEFAULT_DEV_PROVIDER_ORIGIN = 'http://localhost:5174';

/** Default port of the local OpenID provider (`LATCHKEY_OIDC_PORT`, `src/methods/oauth/dev/oidc.ts`). */
export const DEFAULT_DEV_OIDC_PORT = 8788;

/**
 * Default port of the Google Drive v3 stand-in (`LATCHKEY_DRIVE_PORT`; issue 23,
 * `test-support/google-drive.ts`), whose base goes to the API as `LATCHKEY_DEV_DRIVE_URL`.
 */
export const DEFAULT_DEV_DRIVE_PORT = 8790;

/**
 * Default port of the CloudKit Web Services stand-in (`LATCHKEY_CLOUDKIT_PORT`; issue 23,
 * `test-support/cloudkit.ts`), whose base goes to the API as `LATCHKEY_DEV_CLOUDKIT_URL`.
 */
export const DEFAULT_DEV_CLOUDKIT_PORT = 8791;

/** The dev app's CloudKit container at the stand-in (issue 23); the API token is not a secret. */
export const DEV_CLOUDKIT_CONTAINER = {
  container: 'iCloud.dev.latchkey.demo',
  environment: 'development',
  apiToken: 'latchkey-dev-cloudkit-api-token-not-a-secret',
} as const;

/** The development app's id: `LATCHKEY_DEV_APP_ID`, default {@link DEV_APP_ID}. */
export function devAppIdOf(env: Env): string {
  return env.LATCHKEY_DEV_APP_ID ?? DEV_APP_ID;
}
