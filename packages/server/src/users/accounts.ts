/**
 * The one account policy (spec section 5, "Linking"; section 7 unlink calls; issue 6). Every
 * link, unlink and email update of every method goes through here:
 *
 * - {@link linkAccount}: an account owned by another user of the app is refused
 *   (`linked_to_another_user`); one already the user's is refreshed (idempotent); a user holds
 *   at most the `maxPerUser` of the type's {@link LinkedAccountRule} (the login method's contract
 *   in @latchkey/api: passkeys 5), else one account of a type (`cannot_link_more_of_type`). The
 *   embedded wallet does not take the external wallet's slot.
 * - {@link unlinkAccount}: only the user's own accounts (`account_not_linked`), never the
 *   embedded wallet (`cannot_unlink_embedded_wallet`), never an account enrolled in MFA
 *   (`details.enrolled_in_mfa`: a passkey; `missing_or_invalid_mfa`), never the last login
 *   method (`cannot_unlink_last_account`).
 * - {@link replaceAccount}: swaps the subject of an account (update email) under the same rules.
 *
 * Race-freedom: each runs in a transaction that first locks the user's row
 * (`SELECT ... FOR NO KEY UPDATE`: it serialises two calls for one user while they count, yet
 * does not block foreign-key checks of other inserts that reference the user). The unique
 * `(app_id, type, subject)` index is the last guard against two users linking one account.
 */
import {
  EMBEDDED_WALLET_CLIENT_TYPE,
  linkedAccountRules,
  type LinkedAccountRule,
} from '@latchkey/api';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { type LinkedAccountRow, linkedAccounts, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Message of `linked_to_another_user` (spec section 8). */
export const LINKED_TO_ANOTHER_USER_MESSAGE =
  'This account has already been linked to another user.';
/** Message of `cannot_link_more_of_type` for a type without its own `tooManyMessage` (spec section 5). */
export const tooManyOfTypeMessage = (type: string) =>
  `User already has an account of type ${type} linked.`;
/** Message of `cannot_unlink_embedded_wallet`. */
export const EMBEDDED_WALLET_UNLINK_MESSAGE = 'The embedded wallet cannot be unlinked';
/** Message of `missing_or_invalid_mfa` for a type without its own `mfaUnlinkMessage`. */
export const MFA_UNLINK_MESSAGE = 'Cannot unlink an account enrolled in MFA';
/** Message of `cannot_unlink_last_account`. */
export const LAST_ACCOUNT_MESSAGE =
  'Cannot unlink the last login method of a user; link another one first.';
/** Message of `account_not_linked`. */
export const NOT_LINKED_MESSAGE = 'This account is not linked to the user.';

/** An account to link: `linked_accounts.type`, its subject and its `details` (snake_case). */
export interface AccountToLink {
  /** `email`, `phone`, `wallet`, `passkey`, `<provider>_oauth`, ... */
  type: string;
  /** Normalised subject: lower-case email, E.164 phone, EIP-55 address, credential id, ... */
  subject: string;
  /** `details` of a new row. Default `{}`. */
  details?: Record<string, unknown>;
  /**
   * `details` written when the account is already the user's (a re-verification): an object,
   * or SQL (e.g. keeping the embedded wallet's details). Default: details left as they are.
   */
  refreshDetails?: Record<string, unknown> | SQL;
}

/** True for the user's embedded wallet row (`wallet_client_type: 'latchkey'`). */
export function isEmbeddedWallet(row: Pick<LinkedAccountRow, 'type' | 'details'>): boolean {
  return (
    row.type === 'wallet' &&
    (row.details.wallet_client_type === EMBEDDED_WALLET_CLIENT_TYPE ||
      row.details.connector_type === 'embedded')
  );
}

/** The account rules by type, as {@link linkedAccountRules} (every login method's contract). */
export type AccountRules = ReadonlyMap<string, LinkedAccountRule>;

/**
 * How many accounts of `type` a user may hold: its rule's `maxPerUser` (passkeys 5), else 1.
 * @param rules the rules to read; default {@link linkedAccountRules}.
 */
export function maxAccountsOfType(
  type: string,
  rules: AccountRules = linkedAccountRules(),
): number {
  return rules.get(type)?.maxPerUser ?? 1;
}

/**
 * The `cannot_link_more_of_type` error for `type`: its rule's `tooManyMessage` ('Cannot link more
 * passkeys to account.'), else 'User already has an account of type {type} linked.' (409).
 */
export function tooManyOfTypeError(
  type: string,
  rules: AccountRules = linkedAccountRules(),
): ApiError {
  return new ApiError(
    'cannot_link_more_of_type',
    rules.get(type)?.tooManyMessage ?? tooManyOfTypeMessage(type),
  );
}

/**
 * The error that refuses unlinking `row`, when its details say it is enrolled in MFA
 * (`details.enrolled_in_mfa === true`): `missing_or_invalid_mfa` (401) with its rule's
 * `mfaUnlinkMessage` ('Cannot unlink a passkey enrolled in MFA'), else {@link MFA_UNLINK_MESSAGE}.
 * @returns undefined when the account may be unlinked as far as MFA goes.
 */
export function mfaUnlinkError(
  row: Pick<LinkedAccountRow, 'type' | 'details'>,
  rules: AccountRules = linkedAccountRules(),
): ApiError | undefined {
  if (row.details.enrolled_in_mfa !== true) return undefined;
  return new ApiError(
    'missing_or_invalid_mfa',
    rules.get(row.type)?.mfaUnlinkMessage ?? MFA_UNLINK_MESSAGE,
  );
}

const accountWhere = (appId: string, type: string, subject: string) =>
  and(
    eq(linkedAccounts.appId, appId),
    eq(linkedAccounts.type, type),
    eq(linkedAccounts.subject, subject),
  );

/**
 * Locks the user's row for the rest of the transaction and returns all their accounts.
 * @throws ApiError `missing_or_invalid_token` (401) when the user does not exist in the app.
 */
async function lockUser(tx: Db, appId: string, userId: string): Promise<LinkedAccountRow[]> {
  const [locked] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId)))
    .for('no key update');
  if (!locked) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
  return tx
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.appId, appId), eq(linkedAccounts.userId, userId)));
}

/** The accounts of `mine` that take a slot of `type` (the embedded wallet takes none). */
function slotsUsed(mine: LinkedAccountRow[], type: string): number {
  return mine.filter((a) => a.type === type && !isEmbeddedWallet(a)).length;
}

function assertRoom(mine: LinkedAccountRow[], type: string): void {
  if (slotsUsed(mine, type) >= maxAccountsOfType(type)) throw tooManyOfTypeError(type);
}

/**
 * Inserts `account` for `userId`, first and latest verified at `now`; inside the caller's
 * transaction. @returns false when the `(app, type, subject)` unique index says it exists.
 */
export async function insertLinkedAccount(
  tx: Pick<Db, 'insert'>,
  appId: string,
  userId: string,
  account: AccountToLink,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(linkedAccounts)
    .values({
      appId,
      userId,
      type: account.type,
      subject: account.subject,
      details: account.details ?? {},
      firstVerifiedAt: now,
      latestVerifiedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: linkedAccounts.id });
  return rows.length > 0;
}

/**
 * Links `account` to the logged-in user `userId` of `appId` (spec section 5), verified at `nowMs`.
 * Idempotent: when the account is already the user's, only `latest_verified_at` (and
 * `refreshDetails`) change.
 *
 * @returns `{linked: true}` when a row was added, `{linked: false}` when it was already theirs.
 * @throws ApiError `linked_to_another_user` (409, 'This account has already been linked to
 *   another user.'); `cannot_link_more_of_type` (409, the type's
 *   `tooManyMessage` past its `maxPerUser`, else 'User already has an account of type {type} linked.');
 *   `missing_or_invalid_token` (401) when the user is gone.
 */
export async function linkAccount(
  db: Db,
  appId: string,
  userId: string,
  account: AccountToLink,
  nowMs: number,
): Promise<{ linked: boolean }> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const mine = await lockUser(tx, appId, userId);
    const [owner] = await tx
      .select({ userId: linkedAccounts.userId })
      .from(linkedAccounts)
      .where(accountWhere(appId, account.type, account.subject));
    if (owner && owner.userId !== userId) {
      throw new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE);
    }
    if (owner) {
      await tx
        .update(linkedAccounts)
        .set({
          latestVerifiedAt: now,
          ...(account.refreshDetails ? { details: account.refreshDetails } : {}),
        })
        .where(accountWhere(appId, account.type, account.subject));
      return { linked: false };
    }
    assertRoom(mine, account.type);
    // Someone else linked it between our read and our insert.
    if (!(await insertLinkedAccount(tx, appId, userId, account, now))) {
      throw new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE);
    }
    return { linked: true };
  });
}

/**
 * Removes the account `(type, subject)` from `userId` (spec sections 5 and 7). The user keeps
 * at least one login method: every linked account except the embedded wallet counts.
 *
 * @throws ApiError `account_not_linked` (404) when the user has no such account;
 *   `cannot_unlink_embedded_wallet` (409) for the embedded wallet; `missing_or_invalid_mfa`
 *   (401, the type's `mfaUnlinkMessage`, 'Cannot unlink a passkey enrolled in
 *   MFA'); `cannot_unlink_last_account` (409) for
 *   the last login method; `missing_or_invalid_token` (401) when the user is gone.
 */
export async function unlinkAccount(
  db: Db,
  appId: string,
  userId: string,
  type: string,
  subject: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const mine = await lockUser(tx, appId, userId);
    const target = mine.find((a) => a.type === type && a.subject === subject);
    if (!target) throw new ApiError('account_not_linked', NOT_LINKED_MESSAGE);
    if (isEmbeddedWallet(target)) {
      throw new ApiError('cannot_unlink_embedded_wallet', EMBEDDED_WALLET_UNLINK_MESSAGE);
    }
    const mfa = mfaUnlinkError(target);
    if (mfa) throw mfa;
    const loginMethods = mine.filter((a) => !isEmbeddedWallet(a)).length;
    if (loginMethods <= 1) throw new ApiError('cannot_unlink_last_account', LAST_ACCOUNT_MESSAGE);
    await tx.delete(linkedAccounts).where(eq(linkedAccounts.id, target.id));
  });
}

/**
 * Replaces the user's account `(type, oldSubject)` by `(type, newSubject)` in one transaction
 * (spec section 7, update email). The row keeps its id; both verification times become `nowMs`.
 * Replacing a subject by itself only refreshes it.
 *
 * @param missing the error when the user has no account of `type` at all (e.g.
 *   `email_required_to_update`).
 * @throws `missing`; ApiError `account_not_linked` (404) when `oldSubject` is not theirs;
 *   `linked_to_another_user` (409) when another user owns `newSubject`.
 */
export async function replaceAccount(
  db: Db,
  appId: string,
  userId: string,
  type: string,
  oldSubject: string,
  newSubject: string,
  nowMs: number,
  missing: ApiError,
): Promise<void> {
  const now = new Date(nowMs);
  await db.transaction(async (tx) => {
    const mine = await lockUser(tx, appId, userId);
    if (!mine.some((a) => a.type === type)) throw missing;
    const target = mine.find((a) => a.type === type && a.subject === oldSubject);
    if (!target) throw new ApiError('account_not_linked', NOT_LINKED_MESSAGE);
    if (newSubject === oldSubject) {
      await tx
        .update(linkedAccounts)
        .set({ latestVerifiedAt: now })
        .where(eq(linkedAccounts.id, target.id));
      return;
    }
    const [owner] = await tx
      .select({ userId: linkedAccounts.userId })
      .from(linkedAccounts)
      .where(accountWhere(appId, type, newSubject));
    if (owner) throw new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE);
    try {
      await tx
        .update(linkedAccounts)
        .set({ subject: newSubject, firstVerifiedAt: now, latestVerifiedAt: now })
        .where(eq(linkedAccounts.id, target.id));
    } catch (error) {
      // Another user took `newSubject` after our read: the unique index refused it.
      if (isUniqueViolation(error)) {
        throw new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE);
      }
      throw error;
    }
  });
}

/** True for PostgreSQL's unique_violation (23505), also when wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (e && typeof e === 'object');) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
