/**
 * App secrets: the secret that guards an app's admin API (HTTP Basic with the app id). Only its
 * SHA-256 hex is stored; the plaintext is shown once.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { randomToken, sha256Hex } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { type AppRow, apps } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/**
 * Stores `secret` as the app secret that guards the admin API (its SHA-256 hex; the plaintext
 * is not kept). Used by dev seeding with a known secret.
 *
 * @throws ApiError `app_not_found` (404); Error when `secret` is shorter than 16 characters.
 */
export async function setAppSecret(db: Db, appId: string, secret: string): Promise<void> {
  if (secret.length < 16) throw new Error('An app secret must be at least 16 characters');
  const rows = await db
    .update(apps)
    .set({ appSecretHash: sha256Hex(secret), updatedAt: new Date() })
    .where(eq(apps.id, appId))
    .returning({ id: apps.id });
  if (rows.length === 0) throw new ApiError('app_not_found', 'App not found');
}

/**
 * Issues a new app secret (32 random bytes, base64url, 43 characters), replacing any previous
 * one (which stops working at once).
 *
 * @returns the plaintext secret: shown once, only its SHA-256 hex is stored.
 * @throws ApiError `app_not_found` (404).
 */
export async function issueAppSecret(db: Db, appId: string): Promise<string> {
  const secret = randomToken(32);
  await setAppSecret(db, appId, secret);
  return secret;
}

/**
 * Checks a presented app secret against the stored hash in constant time.
 * @returns false when the app has no secret issued or `presented` does not match.
 */
export function verifyAppSecret(app: AppRow, presented: string): boolean {
  if (!app.appSecretHash) return false;
  const expected = Buffer.from(app.appSecretHash, 'hex');
  const actual = Buffer.from(sha256Hex(presented), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
