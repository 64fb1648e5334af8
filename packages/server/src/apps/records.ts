/**
 * App rows: creating them (with their signing key), seeding, finding and counting their users,
 * and the verification key of the newest signing key.
 */
import { APP_ID_LENGTH } from '@latchkey/api';
import { count, desc, eq } from 'drizzle-orm';
import { exportSPKI, importJWK, type JWK } from 'jose';
import { deriveServerKeys, randomId } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { type AppRow, appSigningKeys, apps, type NewAppRow, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { createSigningKey } from './keys.ts';

/** Settings of a new app: a name, optionally an id (25 characters) and any config column. */
export type CreateAppInput = Omit<NewAppRow, 'id' | 'createdAt' | 'updatedAt'> & { id?: string };

/**
 * Creates an app and its ES256 signing keypair.
 *
 * @param db the Drizzle handle.
 * @param secret the server secret (>= 32 characters) that encrypts the private key at rest.
 * @param input `{ name, id?, ...settings }`; `id` defaults to 25 random lower-case characters.
 * @returns the stored app row.
 * @throws Error when `id` is not 25 characters, the secret is too short, or the id exists.
 */
export async function createAppRecord(
  db: Db,
  secret: string,
  input: CreateAppInput,
): Promise<AppRow> {
  const keys = deriveServerKeys(secret);
  const id = input.id ?? randomId(APP_ID_LENGTH);
  if (id.length !== APP_ID_LENGTH) throw new Error(`App ids are ${APP_ID_LENGTH} characters`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apps)
      .values({ ...input, id })
      .returning();
    await createSigningKey(tx as unknown as Db, keys.keyEncryptionKey, id);
    return row!;
  });
}

/**
 * Creates the app `input.id` if it does not exist, else updates its settings to `input`
 * (used to seed the development app on every start). Adds a signing key if it has none.
 *
 * @returns the app row as stored after the call.
 */
export async function ensureApp(
  db: Db,
  secret: string,
  input: CreateAppInput & { id: string },
): Promise<AppRow> {
  const [existing] = await db.select().from(apps).where(eq(apps.id, input.id));
  if (!existing) return createAppRecord(db, secret, input);
  const { id, ...settings } = input;
  const [row] = await db
    .update(apps)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(apps.id, id))
    .returning();
  const [key] = await db
    .select({ kid: appSigningKeys.kid })
    .from(appSigningKeys)
    .where(eq(appSigningKeys.appId, id))
    .limit(1);
  if (!key) await createSigningKey(db, deriveServerKeys(secret).keyEncryptionKey, id);
  return row!;
}

/** Loads an app by id, or undefined. */
export async function findApp(db: Db, id: string): Promise<AppRow | undefined> {
  if (id.length !== APP_ID_LENGTH) return undefined;
  const [row] = await db.select().from(apps).where(eq(apps.id, id));
  return row;
}

/** How many users an app has now. */
export async function countAppUsers(db: Db, appId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.appId, appId));
  return Number(row?.n ?? 0);
}

/**
 * SPKI PEM of the app's newest signing key, from its public JWK (no server secret needed;
 * tools such as `latchkey apps show` use it).
 * @throws ApiError `app_not_found` (404) when the app has no signing key.
 */
export async function verificationKeyPem(db: Db, appId: string): Promise<string> {
  const [row] = await db
    .select({ publicJwk: appSigningKeys.publicJwk })
    .from(appSigningKeys)
    .where(eq(appSigningKeys.appId, appId))
    .orderBy(desc(appSigningKeys.createdAt))
    .limit(1);
  if (!row) throw new ApiError('app_not_found', 'App not found');
  const key = await importJWK(row.publicJwk as JWK, 'ES256', { extractable: true });
  return exportSPKI(key as CryptoKey);
}
