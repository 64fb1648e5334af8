/**
 * Login gates (spec sections 2 and 8; issue 6): the allowlist, disabled sign-ups and the user
 * limit. They apply to unauthenticated logins of every method, in one place:
 * `findOrCreateUserByAccount` / `createUserWithAccount` in `./service.ts` call them, and the
 * code channels call {@link assertAllowlisted} before sending a code. Link flows (bearer
 * token) never pass through here.
 *
 * A rejection writes nothing: the gates run before any user, account or session is written, and
 * the sign-up checks run inside the creating transaction with the app's row locked.
 */
import { type AllowlistKey, linkedAccountRules, type LinkedAccountRule } from '@latchkey/api';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { type AppRow, allowlistEntries, apps, linkedAccounts, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Message of `allowlist_rejected` (spec section 8). */
export const ALLOWLIST_REJECTED_MESSAGE = "You don't have access to this app";
/** Message of `user_does_not_exist` (sign-ups disabled). */
export const USER_DOES_NOT_EXIST_MESSAGE = 'User does not exist';
/** Message of `max_accounts_reached` (spec section 8). */
export const MAX_ACCOUNTS_MESSAGE =
  'This application has reached its user limit and cannot sign in new users.';

/**
 * Who is logging in: the account's type, subject and, when the login proved more (an OAuth
 * profile), its `details`. A passkey sign-up has no identity (`null`).
 */
export interface LoginIdentity {
  type: string;
  subject: string;
  /** The account's details (snake_case), read by its type's `allowlistKeys`. Default `{}`. */
  details?: Readonly<Record<string, unknown>>;
}

/**
 * The allowlist keys an account stands for: its type's `allowlistKeys` (the login method's
 * contract: email and email domain, E.164 phone, lower-case wallet address, an OAuth profile's
 * email), none for a type without one.
 * @param rules the rules to read; default {@link linkedAccountRules}.
 */
export function accountAllowlistKeys(
  account: LoginIdentity,
  rules: ReadonlyMap<string, LinkedAccountRule> = linkedAccountRules(),
): readonly AllowlistKey[] {
  return rules.get(account.type)?.allowlistKeys?.(account.subject, account.details ?? {}) ?? [];
}

/** True when one of `keys` has an allowlist entry in the app. */
async function anyAllowlisted(
  db: Db,
  appId: string,
  keys: readonly AllowlistKey[],
): Promise<boolean> {
  if (keys.length === 0) return false;
  const rows = await db
    .select({ type: allowlistEntries.type, value: allowlistEntries.value })
    .from(allowlistEntries)
    .where(
      and(
        eq(allowlistEntries.appId, appId),
        inArray(
          allowlistEntries.value,
          keys.map((k) => k.value),
        ),
      ),
    );
  return rows.some((r) => keys.some((k) => k.type === r.type && k.value === r.value));
}

/**
 * The allowlist gate (spec section 2, ALLOWLIST_REJECTION_SCREEN). When the app has
 * `allowlist_enabled`, the login passes if its identity (email exact, email domain, E.164 phone,
 * wallet address compared lower-case; an OAuth profile's email counts) or any account of
 * `existingUserId` matches an entry. No identity and no user (a passkey sign-up) never passes.
 * Does nothing when the allowlist is off.
 *
 * @param existingUserId the user the login would log in, when there is one.
 * @throws ApiError `allowlist_rejected` (403, "You don't have access to this app").
 */
export async function assertAllowlisted(
  db: Db,
  app: Pick<AppRow, 'id' | 'allowlistEnabled'>,
  identity: LoginIdentity | null,
  existingUserId?: string,
): Promise<void> {
  if (!app.allowlistEnabled) return;
  const keys: AllowlistKey[] = [];
  if (identity) keys.push(...accountAllowlistKeys(identity));
  if (existingUserId) {
    const accounts = await db
      .select({
        type: linkedAccounts.type,
        subject: linkedAccounts.subject,
        details: linkedAccounts.details,
      })
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.appId, app.id), eq(linkedAccounts.userId, existingUserId)));
    for (const a of accounts) keys.push(...accountAllowlistKeys(a));
  }
  if (!(await anyAllowlisted(db, app.id, keys))) {
    throw new ApiError('allowlist_rejected', ALLOWLIST_REJECTED_MESSAGE);
  }
}

/**
 * The allowlist gate at a login's first step (code init, SIWE nonce), before anything is sent
 * or signed: {@link assertAllowlisted} for `identity` and, when the identity already belongs
 * to a user, that user's accounts. Does nothing when the allowlist is off.
 * @throws ApiError `allowlist_rejected` (403).
 */
export async function assertLoginAllowlisted(
  db: Db,
  app: Pick<AppRow, 'id' | 'allowlistEnabled'>,
  identity: LoginIdentity,
): Promise<void> {
  if (!app.allowlistEnabled) return;
  const [owner] = await db
    .select({ userId: linkedAccounts.userId })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, app.id),
        eq(linkedAccounts.type, identity.type),
        eq(linkedAccounts.subject, identity.subject),
      ),
    );
  await assertAllowlisted(db, app, identity, owner?.userId);
}

/**
 * The sign-up gate, to be called inside the transaction that creates the user: refuses when
 * sign-ups are disabled or the app already has `max_users` users. Only an app with a
 * `max_users` cap has its row locked (`SELECT ... FOR NO KEY UPDATE`, re-read under the lock),
 * so that concurrent sign-ups are counted one after the other; the weaker lock does not block
 * foreign-key checks of other inserts into the app. An app without a cap takes no lock, so its
 * sign-ups do not queue behind each other's commits on PostgreSQL (issue 13).
 *
 * @param tx a transaction; the lock lasts until it ends.
 * @throws ApiError `user_does_not_exist` (404, 'User does not exist') when `disable_signups`;
 *   `max_accounts_reached` (403, 'This application has reached its user limit and cannot sign
 *   in new users.'); `app_not_found` (404) when the app is gone.
 */
export async function assertMaySignUp(tx: Db, appId: string): Promise<void> {
  const gate = { disableSignups: apps.disableSignups, maxUsers: apps.maxUsers };
  let [app] = await tx.select(gate).from(apps).where(eq(apps.id, appId));
  if (app && !app.disableSignups && app.maxUsers !== null) {
    [app] = await tx.select(gate).from(apps).where(eq(apps.id, appId)).for('no key update');
  }
  if (!app) throw new ApiError('app_not_found', 'App not found');
  if (app.disableSignups) throw new ApiError('user_does_not_exist', USER_DOES_NOT_EXIST_MESSAGE);
  if (app.maxUsers !== null) {
    const [row] = await tx.select({ n: count() }).from(users).where(eq(users.appId, appId));
    if ((row?.n ?? 0) >= app.maxUsers) {
      throw new ApiError('max_accounts_reached', MAX_ACCOUNTS_MESSAGE);
    }
  }
}

/**
 * The sign-up gate without the lock, for early answers before a flow starts (passkey
 * registration options): the same checks as {@link assertMaySignUp} on the app row as loaded.
 * The binding check is {@link assertMaySignUp} at creation.
 *
 * @throws as {@link assertMaySignUp}.
 */
export async function precheckSignUp(
  db: Db,
  app: Pick<AppRow, 'id' | 'disableSignups' | 'maxUsers'>,
): Promise<void> {
  if (app.disableSignups) throw new ApiError('user_does_not_exist', USER_DOES_NOT_EXIST_MESSAGE);
  if (app.maxUsers !== null) {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.appId, app.id));
    if ((row?.n ?? 0) >= app.maxUsers) {
      throw new ApiError('max_accounts_reached', MAX_ACCOUNTS_MESSAGE);
    }
  }
}
