/**
 * The app field table (issue 11): each config field is named once, and the table matches the
 * wire schemas of @latchkey/api and the `apps` columns.
 */
import {
  adminAppConfig,
  adminAppUpdate,
  LOGIN_METHOD_FLAGS,
  LOGIN_METHOD_SETTING_FLAGS,
  serverAppConfig,
} from '@latchkey/api';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AppRow, apps } from '../db/schema.ts';
import { APP_FIELDS, topKeyOf } from './fields.ts';
import { toServerAppConfig } from './public-config.ts';
import { appSettingsToColumns, toAdminAppConfig } from './settings.ts';

/** Groups whose fields are stored one column each (other objects are one JSON column). */
const GROUPS = ['allowlist_config', 'embedded_wallet_config'];

/** Wire names of a zod object's fields, a group's fields as `<group>.<field>`. */
function leaves(shape: Record<string, unknown>): string[] {
  return Object.entries(shape).flatMap(([key, schema]) => {
    if (!GROUPS.includes(key)) return [key];
    let inner = schema as { unwrap?: () => unknown; shape?: Record<string, unknown> };
    while (!inner.shape && inner.unwrap) inner = inner.unwrap() as typeof inner;
    return Object.keys(inner.shape!).map((leaf) => `${key}.${leaf}`);
  });
}

const wires = (view: string[]) =>
  APP_FIELDS.filter((f) => view.includes(f.view)).map((f) => f.wire);

const row = {
  ...Object.fromEntries(Object.keys(getTableColumns(apps)).map((c) => [c, null])),
  id: 'a'.repeat(25),
  name: 'Row',
  createdAt: new Date(1_700_000_000_000),
  updatedAt: new Date(1_700_000_001_000),
} as unknown as AppRow;

describe('APP_FIELDS', () => {
  it('names every wire field once', () => {
    const all = APP_FIELDS.map((f) => f.wire);
    expect(new Set(all).size).toBe(all.length);
  });

  it('holds every ServerAppConfig key exactly once, as a public field', () => {
    const expected = leaves(serverAppConfig.shape);
    for (const key of expected) {
      expect(APP_FIELDS.filter((f) => f.wire === key)).toHaveLength(1);
    }
    expect(wires(['public']).sort()).toEqual([...expected].sort());
  });

  it('holds the admin view and the settings update exactly', () => {
    expect(wires(['public', 'admin']).sort()).toEqual(leaves(adminAppConfig.shape).sort());
    const writable = APP_FIELDS.filter((f) => f.writable).map((f) => f.wire);
    expect(writable.sort()).toEqual(leaves(adminAppUpdate.shape).sort());
  });

  it('takes every method flag from LOGIN_METHOD_FLAGS', () => {
    expect(LOGIN_METHOD_FLAGS.length).toBeGreaterThan(0);
    for (const { flag } of LOGIN_METHOD_FLAGS) {
      const field = APP_FIELDS.find((f) => f.wire === flag);
      expect(field).toMatchObject({ kind: 'flag', view: 'public', writable: true });
    }
  });

  it('takes every method setting flag from LOGIN_METHOD_SETTING_FLAGS', () => {
    expect(LOGIN_METHOD_SETTING_FLAGS).toContain('twitter_oauth_on_mobile_enabled');
    for (const wire of LOGIN_METHOD_SETTING_FLAGS) {
      const field = APP_FIELDS.find((f) => f.wire === wire);
      expect(field).toMatchObject({ kind: 'flag', view: 'public', writable: true, default: false });
    }
  });

  it('stores each field in a real, distinct apps column', () => {
    const columns = Object.keys(getTableColumns(apps));
    const used = APP_FIELDS.flatMap((f) => (f.column ? [f.column] : []));
    for (const column of used) expect(columns).toContain(column);
    expect(new Set(used).size).toBe(used.length);
    for (const f of APP_FIELDS) if (f.kind !== 'computed') expect(f.column).toBeDefined();
  });

  it('keeps the spec key order and the defaults in the answers', () => {
    const config = toServerAppConfig(row, 'PEM');
    expect(Object.keys(config)).toEqual(Object.keys(serverAppConfig.shape));
    expect(serverAppConfig.strict().parse(config)).toEqual(config);
    expect(config).toMatchObject({
      logo_url: null,
      email_auth: false,
      telegram_auth_config: null,
      embedded_wallet_config: { create_on_login: 'off', user_owned_recovery_options: [] },
      created_at: 1_700_000_000,
      updated_at: 1_700_000_001,
    });
    const admin = toAdminAppConfig({ ...row, captchaSecretKey: 'k' }, 'PEM', 3);
    expect(Object.keys(admin)).toEqual(Object.keys(adminAppConfig.shape));
    expect(admin).toMatchObject({
      captcha_secret_key_set: true,
      user_count: 3,
      wallet_policy: null,
    });
    expect(JSON.stringify(admin)).not.toContain('"k"');
  });

  it('maps an update to columns, nested groups included, top keys grouped', () => {
    expect(
      appSettingsToColumns({
        email_auth: true,
        google_oauth: false,
        allowlist_config: { cta_text: 'Join' },
        embedded_wallet_config: { create_on_login: 'all-users' },
        allowed_origins: ['https://a.com', 'https://a.com'],
      }),
    ).toEqual({
      emailAuth: true,
      googleOauth: false,
      allowlistCtaText: 'Join',
      createOnLogin: 'all-users',
      allowedOrigins: ['https://a.com'],
    });
    expect(APP_FIELDS.map((f) => topKeyOf(f.wire))).toContain('embedded_wallet_config');
  });
});
