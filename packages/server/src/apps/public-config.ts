/**
 * The public app config: the `GET /api/v1/apps/{appId}` answer (spec section 3, "Server app
 * config"), built from the field table ({@link APP_FIELDS}).
 */
import type { ServerAppConfig } from '@latchkey/api';
import type { AppRow } from '../db/schema.ts';
import { readAppFields } from './fields.ts';

/**
 * The wire form of an app's config (`serverAppConfig` in @latchkey/api, spec section 3): the
 * `public` fields of the field table, timestamps in seconds.
 * @param verificationKey SPKI PEM of the app's current signing key.
 */
export function toServerAppConfig(app: AppRow, verificationKey: string): ServerAppConfig {
  return readAppFields(app, ['public'], { verificationKey }) as ServerAppConfig;
}
