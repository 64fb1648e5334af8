/**
 * App settings (issue 6): the admin view of an app and its updates, shared by the admin API, the
 * `latchkey` command line and the dev seeding in main.ts, so all three run the same validation
 * and mapping. Both loop over the field table ({@link APP_FIELDS}).
 */
import { type AdminAppConfig, adminAppUpdate } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { type AppRow, apps, type NewAppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { APP_FIELDS, getPath, readAppFields } from './fields.ts';
import { countAppUsers, findApp, verificationKeyPem } from './records.ts';

type AppColumns = Partial<Omit<NewAppRow, 'id' | 'createdAt'>>;

/**
 * Validates a settings update (`adminAppUpdate` of @latchkey/api, snake_case) and maps it to
 * `apps` columns, nested `allowlist_config` / `embedded_wallet_config` partials included.
 *
 * @param update any value; unknown fields, wrong types, a bad origin or an unsupported captcha
 *   site key ('Unsupported captcha site key') are refused.
 * @returns the column values to set (only the fields present in `update`).
 * @throws ApiError `invalid_data` (400) whose message names every failing field
 *   (`"Invalid app settings: captcha_site_key: Unsupported captcha site key"`) and whose
 *   `issues` list them.
 */
export function appSettingsToColumns(update: unknown): AppColumns {
  const parsed = adminAppUpdate.safeParse(update);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const path = i.path.map(String).join('.');
      const keys = 'keys' in i && Array.isArray(i.keys) ? ` (${i.keys.join(', ')})` : '';
      return { path, message: `${i.message}${keys}` };
    });
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    throw new ApiError('invalid_data', `Invalid app settings: ${summary}`, { issues });
  }
  const data = parsed.data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    if (!field.writable || field.column === undefined) continue;
    const value = getPath(data, field.wire);
    if (value === undefined) continue;
    out[field.column] = field.unique && Array.isArray(value) ? [...new Set(value)] : value;
  }
  return out as AppColumns;
}

/**
 * Applies a settings update to an app (admin `PATCH`, `latchkey apps set`, dev seeding) and
 * bumps `updated_at`.
 *
 * @param update an `adminAppUpdate` object (snake_case, any subset; `null` clears).
 * @returns the app row as stored after the update.
 * @throws ApiError `invalid_data` (400) as {@link appSettingsToColumns}, or when the captcha
 *   would be enabled without a site key (or a Turnstile one without its secret key);
 *   `app_not_found` (404).
 */
export async function applyAppSettings(db: Db, appId: string, update: unknown): Promise<AppRow> {
  const columns = appSettingsToColumns(update);
  // Checked on the row as it would be stored (fields may come from earlier updates); a refused
  // update rolls back and changes nothing.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apps)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(apps.id, appId))
      .returning();
    if (!row) throw new ApiError('app_not_found', 'App not found');
    const problem = captchaSettingsProblem(row);
    if (problem) throw new ApiError('invalid_data', problem);
    return row;
  });
}

/**
 * Why the app's captcha settings cannot work, or null: an enabled captcha needs a site key
 * (`t:<Turnstile site key>` or `a:` for ALTCHA), and Turnstile needs its secret key too.
 * Without this check every logged-out login of the app would fail closed.
 */
function captchaSettingsProblem(
  app: Pick<AppRow, 'captchaEnabled' | 'captchaSiteKey' | 'captchaSecretKey'>,
): string | null {
  if (!app.captchaEnabled) return null;
  if (!app.captchaSiteKey) {
    return 'captcha_enabled needs a captcha_site_key (t:<Turnstile site key>, or a: for ALTCHA)';
  }
  if (app.captchaSiteKey.startsWith('t:') && !app.captchaSecretKey) {
    return 'A Turnstile captcha_site_key (t:...) needs captcha_secret_key';
  }
  return null;
}

/**
 * The admin view of an app (`adminAppConfig` of @latchkey/api): the public config plus the
 * server-only settings (the `public` and `admin` fields of the field table). Never contains the
 * captcha secret or the app secret (only `captcha_secret_key_set`).
 *
 * @param verificationKey SPKI PEM of the app's current signing key.
 * @param userCount users the app has now ({@link countAppUsers}).
 */
export function toAdminAppConfig(
  app: AppRow,
  verificationKey: string,
  userCount: number,
): AdminAppConfig {
  return readAppFields(app, ['public', 'admin'], { verificationKey, userCount }) as AdminAppConfig;
}

/**
 * The admin view of app `appId` ({@link toAdminAppConfig}) read straight from the database.
 * @throws ApiError `app_not_found` (404).
 */
export async function loadAdminAppConfig(db: Db, appId: string): Promise<AdminAppConfig> {
  const app = await findApp(db, appId);
  if (!app) throw new ApiError('app_not_found', `App not found: ${appId}`);
  return toAdminAppConfig(app, await verificationKeyPem(db, appId), await countAppUsers(db, appId));
}
