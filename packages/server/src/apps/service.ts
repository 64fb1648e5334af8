/**
 * Apps (spec section 3, "Server app config"): a barrel over the app modules, kept so existing
 * imports work. New code imports the module it needs:
 *
 * - `records.ts`: create, seed, find app rows; user count; verification key.
 * - `fields.ts`: the field table every config answer and update loops over.
 * - `public-config.ts`: the `GET /api/v1/apps/{appId}` answer.
 * - `settings.ts`: admin view and settings updates (admin API, CLI, dev seeding).
 * - `secret.ts`: the app secret guarding the admin API.
 * - `allowlist.ts`: the app's allowlist.
 */
export {
  addAllowlistEntry,
  listAllowlist,
  normaliseAllowlistEntry,
  removeAllowlistEntry,
} from './allowlist.ts';
export { toServerAppConfig } from './public-config.ts';
export {
  type CreateAppInput,
  countAppUsers,
  createAppRecord,
  ensureApp,
  findApp,
  verificationKeyPem,
} from './records.ts';
export { issueAppSecret, setAppSecret, verifyAppSecret } from './secret.ts';
export {
  appSettingsToColumns,
  applyAppSettings,
  loadAdminAppConfig,
  toAdminAppConfig,
} from './settings.ts';
