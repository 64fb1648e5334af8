/**
 * An app's allowlist (issue 6): normalised entries (email, email domain, phone, wallet) that
 * users must match to log in when the app has `allowlist_enabled`.
 */
import {
  ALLOWLIST_ENTRY_TYPES,
  type AllowlistEntryType,
  type AllowlistResponse,
  allowlistEntry,
  DEFAULT_COUNTRY,
  isEmailAddress,
} from '@latchkey/api';
import { and, asc, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { getAddress } from 'viem';
import type { Db } from '../db/index.ts';
import { allowlistEntries } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/**
 * Normalises an allowlist entry: email lower-cased (and valid), email domain lower-cased without
 * a leading '@', phone in E.164 (libphonenumber-js, default country US), wallet checked with
 * viem's `getAddress` and stored lower-case.
 *
 * @param input `{type, value}` (validated with `allowlistEntry` of @latchkey/api).
 * @returns `{type, value}` with the normalised value.
 * @throws ApiError `invalid_data` (400) naming what is wrong ('Invalid email address', ...).
 */
export function normaliseAllowlistEntry(input: unknown): {
  type: AllowlistEntryType;
  value: string;
} {
  const parsed = allowlistEntry.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    throw new ApiError(
      'invalid_data',
      `Invalid allowlist entry: give a type (${ALLOWLIST_ENTRY_TYPES.join(', ')}) and a value`,
      { issues },
    );
  }
  const { type } = parsed.data;
  const raw = parsed.data.value.trim();
  const bad = (message: string) =>
    new ApiError('invalid_data', message, { issues: [{ path: 'value', message }] });
  switch (type) {
    case 'email': {
      const value = raw.toLowerCase();
      if (!isEmailAddress(value)) throw bad(`Invalid email address: ${raw}`);
      return { type, value };
    }
    case 'email_domain': {
      const value = raw.replace(/^@/, '').toLowerCase();
      if (!isEmailAddress(`user@${value}`)) throw bad(`Invalid email domain: ${raw}`);
      return { type, value };
    }
    case 'phone': {
      const phone = parsePhoneNumberFromString(raw, DEFAULT_COUNTRY);
      if (!phone || !phone.isValid()) throw bad(`Invalid phone number: ${raw}`);
      return { type, value: phone.number };
    }
    case 'wallet': {
      try {
        return { type, value: getAddress(raw).toLowerCase() };
      } catch {
        throw bad(`Invalid wallet address: ${raw}`);
      }
    }
  }
}

/** An app's allowlist, oldest first (`allowlistResponse` of @latchkey/api). */
export async function listAllowlist(db: Db, appId: string): Promise<AllowlistResponse> {
  const rows = await db
    .select()
    .from(allowlistEntries)
    .where(eq(allowlistEntries.appId, appId))
    .orderBy(asc(allowlistEntries.id));
  return {
    entries: rows.map((r) => ({
      type: r.type,
      value: r.value,
      created_at: Math.floor(r.createdAt.getTime() / 1000),
    })),
  };
}

/**
 * Adds an entry to an app's allowlist (idempotent) after {@link normaliseAllowlistEntry}.
 * @returns the whole list after the change.
 * @throws ApiError `invalid_data` (400) for a bad entry.
 */
export async function addAllowlistEntry(
  db: Db,
  appId: string,
  input: unknown,
): Promise<AllowlistResponse> {
  const entry = normaliseAllowlistEntry(input);
  await db
    .insert(allowlistEntries)
    .values({ appId, ...entry })
    .onConflictDoNothing();
  return listAllowlist(db, appId);
}

/**
 * Removes an entry from an app's allowlist (no error when it is absent); the value is
 * normalised first, so any spelling of it matches.
 * @returns the whole list after the change.
 * @throws ApiError `invalid_data` (400) for a bad entry.
 */
export async function removeAllowlistEntry(
  db: Db,
  appId: string,
  input: unknown,
): Promise<AllowlistResponse> {
  const entry = normaliseAllowlistEntry(input);
  await db
    .delete(allowlistEntries)
    .where(
      and(
        eq(allowlistEntries.appId, appId),
        eq(allowlistEntries.type, entry.type),
        eq(allowlistEntries.value, entry.value),
      ),
    );
  return listAllowlist(db, appId);
}
