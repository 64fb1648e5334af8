/** Users and their linked accounts (spec section 3, "User"). */
import {
  type AccountDetailKind,
  type AccountUpdateResponse,
  linkedAccountRules,
  type LinkedAccountRule,
  RECOVERY_METHODS,
  type RecoveryMethod,
  type UserWire,
} from '@latchkey/api';
import {
  and,
  asc,
  eq,
  getTableColumns,
  is,
  SQL,
  sql,
  type SQLWrapper,
  TransactionRollbackError,
} from 'drizzle-orm';
import { randomId } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { executePrepared } from '../db/prepared.ts';
import {
  type AppRow,
  apps,
  type LinkedAccountRow,
  linkedAccounts,
  type UserRow,
  users,
} from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { type AccountToLink, insertLinkedAccount, isUniqueViolation } from './accounts.ts';
import { assertAllowlisted, assertMaySignUp } from './gates.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Builds a fresh user id: `did:latchkey:` + 25 random characters. */
export function newUserId(): string {
  return `did:latchkey:${randomId(25)}`;
}

/**
 * `details` of a `wallet` linked account row (snake_case, as on the wire). The subject is the
 * EIP-55 address. The embedded wallet has `wallet_client_type: 'latchkey'`,
 * `connector_type: 'embedded'` and a `recovery_method`; external (SIWE) wallets have none.
 */
export interface WalletAccountDetails {
  chain_type: 'ethereum' | 'solana';
  chain_id: string | null;
  wallet_client_type: string;
  connector_type: string;
  recovery_method: RecoveryMethod | null;
  imported: boolean;
}

/** The wire fields (`walletAccount` minus times) of a `wallet` row, with safe defaults. */
function walletAccountFields(address: string, details: Record<string, unknown>) {
  const d = details as Partial<WalletAccountDetails>;
  const recovery = (RECOVERY_METHODS as readonly unknown[]).includes(d.recovery_method)
    ? (d.recovery_method as RecoveryMethod)
    : null;
  return {
    type: 'wallet' as const,
    address,
    chain_type: d.chain_type === 'solana' ? ('solana' as const) : ('ethereum' as const),
    chain_id: typeof d.chain_id === 'string' ? d.chain_id : null,
    wallet_client_type: typeof d.wallet_client_type === 'string' ? d.wallet_client_type : 'unknown',
    connector_type: typeof d.connector_type === 'string' ? d.connector_type : 'unknown',
    recovery_method: recovery,
    imported: d.imported === true,
  };
}

const DETAIL_WIRE: Record<AccountDetailKind, (value: unknown) => unknown> = {
  string: (v) => (typeof v === 'string' ? v : null),
  text: (v) => (typeof v === 'string' && v ? v : null),
  flag: (v) => v === true,
  json: (v) => (typeof v === 'object' && v !== null ? v : null),
};

/**
 * The wire fields (`linked_accounts[]` minus times) of a row whose type has a
 * {@link LinkedAccountRule} with a `subjectField` (its login method's contract): `type`, the
 * subject under that field, then the rule's `detailFields` in order. Undefined without one.
 */
export function ruledAccountFields(
  row: { type: string; subject: string; details: Record<string, unknown> },
  rules: ReadonlyMap<string, LinkedAccountRule> = linkedAccountRules(),
): Record<string, unknown> | undefined {
  const rule = rules.get(row.type);
  if (!rule?.subjectField) return undefined;
  const fields: Record<string, unknown> = { type: row.type, [rule.subjectField]: row.subject };
  for (const [name, kind] of Object.entries(rule.detailFields ?? {})) {
    fields[name] = DETAIL_WIRE[kind](row.details[name]);
  }
  return fields;
}

/**
 * The columns {@link userWireOf} reads: the user row beside one of its linked accounts (null
 * when it has none). Put it in a `select({...})` joined `users` LEFT JOIN `linked_accounts`
 * ordered by `linked_accounts.id`, so another statement can load a user in the same round trip
 * (the session refresh and `GET /users/me` do, issue 13).
 */
export const userColumns = { user: users, account: linkedAccounts };

/** One row of a {@link userColumns} select. */
export interface UserJoinRow {
  user: UserRow | null;
  account: LinkedAccountRow | null;
}

/**
 * The wire form of a user from the rows of a {@link userColumns} select (the user row repeated
 * beside each of its accounts in `linked_accounts.id` order, or once beside nulls), or
 * undefined when there are no rows or the user column is null (no such user).
 */
export function userWireOf(rows: readonly UserJoinRow[]): UserWire | undefined {
  const row = rows[0]?.user;
  if (!row) return undefined;
  const linked: UserWire['linked_accounts'] = [];
  for (const { account: a } of rows) {
    if (!a) continue;
    const times = {
      verified_at: seconds(a.latestVerifiedAt),
      first_verified_at: seconds(a.firstVerifiedAt),
      latest_verified_at: seconds(a.latestVerifiedAt),
    };
    // `wallet` rows (external and embedded wallets) have their own wire form; every login
    // method's other types come from its contract's rule.
    const fields =
      a.type === 'wallet' ? walletAccountFields(a.subject, a.details) : ruledAccountFields(a);
    if (fields) linked.push({ ...fields, ...times } as UserWire['linked_accounts'][number]);
  }
  return {
    id: row.id,
    created_at: seconds(row.createdAt),
    linked_accounts: linked,
    mfa_methods: row.mfaMethods,
    has_accepted_terms: row.hasAcceptedTerms,
    is_guest: row.isGuest,
  };
}

/**
 * The wire form of a user (`user` in @latchkey/api), or undefined when the id is unknown (or,
 * with `options.appId`, belongs to another app).
 */
export async function loadUser(
  db: Db,
  userId: string,
  options: { appId?: string } = {},
): Promise<UserWire | undefined> {
  // One statement (issue 13): the user row repeated beside each of its accounts, or once
  // beside nulls when it has none.
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .where(
      options.appId === undefined
        ? eq(users.id, userId)
        : and(eq(users.id, userId), eq(users.appId, options.appId)),
    )
    .orderBy(asc(linkedAccounts.id));
  return userWireOf(rows);
}

/**
 * The answer of every link, unlink, update and accept_terms call: `{user}`, the updated user.
 * @throws ApiError `missing_or_invalid_token` (401) when the user no longer exists.
 */
export async function accountUpdateAnswer(db: Db, userId: string): Promise<AccountUpdateResponse> {
  const user = await loadUser(db, userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
  return { user };
}

/**
 * The account a login proves: what {@link findOrCreateUserByAccount} looks up or creates, and
 * what the login gates see (its type's `allowlistKeys` read the subject and `details`, e.g. an
 * OAuth profile's email).
 */
export type LoginAccount = AccountToLink;

/**
 * Creates a user of `appId` with `account` as its first linked account, behind the sign-up gate
 * (`disable_signups`, `max_users`, counted with the app's row locked; see `assertMaySignUp`).
 * An app open to sign-ups without a cap takes one statement ({@link createInOpenApp}); the
 * others a transaction. Run the allowlist gate before calling. Not inside a transaction: a
 * conflict is a failed statement, which would abort the caller's transaction.
 *
 * @param userId the new user's id (a passkey's user handle is chosen before it exists).
 * @returns the user id, or undefined when the account (or the chosen user id) already exists
 *   (nothing is written).
 * @throws ApiError `user_does_not_exist` (404), `max_accounts_reached` (403).
 */
export async function createUserWithAccount(
  db: Db,
  appId: string,
  account: AccountToLink,
  nowMs: number,
  userId: string = newUserId(),
): Promise<string | undefined> {
  const now = new Date(nowMs);
  // The common case in one statement (issue 13): an app open to sign-ups without a cap needs
  // no lock, so the user and its account are inserted together. A conflicting account aborts
  // the whole statement (unique index), so no user is left without it.
  try {
    const open = await createInOpenApp(db, appId, userId, account, now);
    if (open !== 'gated') return open;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  // Sign-ups disabled, a max_users cap, or the app gone: the gate decides under its lock.
  return db
    .transaction(async (tx) => {
      await assertMaySignUp(tx, appId);
      await tx.insert(users).values({ id: userId, appId, createdAt: now });
      if (!(await insertLinkedAccount(tx, appId, userId, account, now))) tx.rollback();
      return userId;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return undefined;
      throw error;
    });
}

/**
 * The sign-up steps of a single statement, as CTEs (`open_app`, `created_user`,
 * `created_account`, the last two returning their whole rows): the user `userId` and its first
 * account are inserted when the app takes sign-ups, has no `max_users`, and `condition` (extra
 * SQL of the app row's WHERE, e.g. `AND NOT EXISTS (...)`) holds. `at` is an ISO time.
 */
function signUpSteps(
  appId: string,
  userId: string,
  account: AccountToLink,
  at: string,
  condition = sql``,
) {
  return sql`open_app AS (
      SELECT id FROM ${apps}
      WHERE id = ${appId} AND NOT disable_signups AND max_users IS NULL ${condition}
    ), created_user AS (
      INSERT INTO ${users} (id, app_id, created_at)
      SELECT ${userId}, id, ${at}::timestamptz FROM open_app
      RETURNING *
    ), created_account AS (
      INSERT INTO ${linkedAccounts}
        (app_id, user_id, type, subject, details, first_verified_at, latest_verified_at)
      SELECT ${appId}, id, ${account.type}, ${account.subject},
        ${JSON.stringify(account.details ?? {})}::jsonb, ${at}::timestamptz, ${at}::timestamptz
      FROM created_user
      RETURNING *
    )`;
}

/**
 * {@link createUserWithAccount}'s single statement: inserts the user and its account when the
 * app (read in the same statement) takes sign-ups and has no `max_users`.
 *
 * @returns the user id, or `'gated'` when the app is closed, capped or gone (nothing written).
 * @throws the driver's unique violation when the account exists (nothing written).
 */
async function createInOpenApp(
  db: Db,
  appId: string,
  userId: string,
  account: AccountToLink,
  now: Date,
): Promise<string | 'gated'> {
  const result = await db.execute(
    sql`WITH ${signUpSteps(appId, userId, account, now.toISOString())}
      SELECT user_id FROM created_account`,
  );
  const [row] = (result as unknown as { rows: { user_id: string }[] }).rows;
  return row ? row.user_id : 'gated';
}

/** The columns of `users` and `linked_accounts` by property name, built once. */
const tableColumns = {
  users: Object.entries(getTableColumns(users)),
  linkedAccounts: Object.entries(getTableColumns(linkedAccounts)),
};

/**
 * The columns of a table selected from `alias` as `<alias>_<column>` (see
 * {@link rowOfPrefixed}). Built once per table (issue 13: Drizzle's SQL building is a cost of
 * every request).
 */
function prefixedColumns(table: keyof typeof tableColumns, alias: string) {
  return sql.join(
    tableColumns[table].map(
      ([, column]) =>
        sql`${sql.identifier(alias)}.${sql.identifier(column.name)} AS ${sql.identifier(`${alias}_${column.name}`)}`,
    ),
    sql`, `,
  );
}
const loginUserColumns = sql`${prefixedColumns('users', 'u')}, ${prefixedColumns('linkedAccounts', 'a')}`;

/**
 * The row of a table in the driver's row `raw` (columns `<alias>_<column>`, as
 * {@link prefixedColumns} selects them), each value mapped as Drizzle maps that column; null
 * when the primary key is null (a LEFT JOIN that found nothing).
 */
function rowOfPrefixed<T extends keyof typeof tableColumns>(
  table: T,
  raw: Record<string, unknown>,
  alias: string,
): (T extends 'users' ? UserRow : LinkedAccountRow) | null {
  const id = raw[`${alias}_id`];
  if (id === null || id === undefined) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of tableColumns[table]) {
    const value = raw[`${alias}_${column.name}`];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T extends 'users' ? UserRow : LinkedAccountRow;
}

/**
 * A write that joins the statement of a login (issue 13: the session a code login starts was a
 * statement of its own): a data-modifying statement reading the CTE `login` (`user_id`,
 * `is_new`), which has one row when that statement logged a user in and none otherwise (the
 * proof failed, the account was gated, or nothing was written). E.g.
 * `sessionInsertAfterLogin` (sessions/service.ts). It returns a row per row of `login`.
 */
export type LoginFollowUp = SQLWrapper;

/** What {@link findOrCreateInOpenApp} did. */
interface OpenAppLogin {
  /** The proof's `passed` (true without a proof; null when the proof returned no row). */
  passed: boolean | null;
  /**
   * The user id and whether it is new, `'gated'` when the account does not exist and the app
   * is closed, capped or gone (nothing written), undefined when the proof did not pass.
   */
  login?: { userId: string; isNewUser: boolean } | 'gated';
  /**
   * With a follow-up: whether it wrote (exactly when `login` is a user), and the user's wire
   * form as the statement left it (its accounts included, the one just verified or created).
   */
  followedUp?: { user: UserWire | undefined };
}

/**
 * {@link findOrCreateUserByAccount}'s single statement for an app without an allowlist: marks
 * the account verified (with `refreshDetails`) when it exists, else inserts the user and the
 * account when the app (read in the same statement) takes sign-ups and has no `max_users`.
 *
 * With `proof` (see {@link LoginProof}), the proof runs first in the same statement and the
 * account is touched or created only when it passed. With `followUp` (see
 * {@link LoginFollowUp}), that write runs in the same statement when a user was logged in, and
 * the statement also returns the user with its linked accounts (for the login's answer).
 *
 * @throws the driver's unique violation when the account was created concurrently (nothing
 *   written, the proof's and the follow-up's writes undone with the rest).
 */
async function findOrCreateInOpenApp(
  db: Db,
  appId: string,
  account: LoginAccount,
  now: Date,
  proof?: LoginProof,
  followUp?: LoginFollowUp,
): Promise<OpenAppLogin> {
  const at = now.toISOString();
  const refresh = account.refreshDetails;
  const details =
    refresh === undefined
      ? sql`${linkedAccounts.details}`
      : is(refresh, SQL)
        ? refresh
        : sql`${JSON.stringify(refresh)}::jsonb`;
  const proven = proof ? sql`AND EXISTS (SELECT 1 FROM proof WHERE passed)` : sql``;
  const steps = sql`existing AS (
      UPDATE ${linkedAccounts} SET latest_verified_at = ${at}::timestamptz, details = ${details}
      WHERE app_id = ${appId} AND type = ${account.type} AND subject = ${account.subject} ${proven}
      RETURNING *
    ), ${signUpSteps(appId, newUserId(), account, at, sql`AND NOT EXISTS (SELECT 1 FROM existing) ${proven}`)}`;
  const logins = sql`SELECT user_id, false AS is_new FROM existing
    UNION ALL SELECT user_id, true AS is_new FROM created_account`;
  type Row = { passed: boolean | null; user_id: string | null; is_new: boolean | null };
  // Prepared (issue 13): a login method's text is the same on every login.
  let statement: SQL;
  if (followUp) {
    // The user as the statement leaves it: the CTEs' rows (the new user and account, or the
    // account just verified) with the user's other accounts as they were (a data-modifying
    // CTE's changes are not visible to the rest of its statement). One row per account,
    // ordered by id (as `userColumns` rows), beside the proof's `passed` and the login.
    statement = sql`WITH proof AS (${proof ? proof.getSQL() : sql`SELECT true AS passed`}),
      ${steps}, login AS (${logins}), follow_up AS (${followUp.getSQL()}),
      login_user AS (
        SELECT * FROM ${users} WHERE id = (SELECT user_id FROM existing)
        UNION ALL SELECT * FROM created_user
      ), login_accounts AS (
        SELECT * FROM existing
        UNION ALL SELECT * FROM created_account
        UNION ALL SELECT * FROM ${linkedAccounts}
          WHERE user_id = (SELECT user_id FROM existing) AND id <> (SELECT id FROM existing)
      )
      SELECT proof.passed, login.user_id, login.is_new,
        EXISTS (SELECT 1 FROM follow_up) AS followed_up,
        ${loginUserColumns}
      FROM proof LEFT JOIN login ON true
        LEFT JOIN login_user AS u ON u.id = login.user_id
        LEFT JOIN login_accounts AS a ON a.user_id = login.user_id
      ORDER BY a.id`;
  } else {
    // With a proof: one row when it returned one (its `passed` beside the login or nulls).
    statement = proof
      ? sql`WITH proof AS (${proof.getSQL()}), ${steps}
          SELECT proof.passed, login.user_id, login.is_new
          FROM proof LEFT JOIN (${logins}) AS login ON true`
      : sql`WITH ${steps} SELECT true AS passed, user_id, is_new FROM (${logins}) AS login`;
  }
  const { rows } = await executePrepared<Row & Record<string, unknown>>(db, statement);
  const [row] = rows;
  if (!row) return proof ? { passed: null } : { passed: true, login: 'gated' };
  if (!row.passed) return { passed: false };
  if (!row.user_id) return { passed: true, login: 'gated' };
  const login = { userId: row.user_id, isNewUser: row.is_new === true };
  if (!followUp) return { passed: true, login };
  if (row.followed_up !== true) throw new Error('The login follow-up wrote nothing');
  const joined = rows.map((r) => ({
    user: rowOfPrefixed('users', r, 'u'),
    account: rowOfPrefixed('linkedAccounts', r, 'a'),
  }));
  return { passed: true, login, followedUp: { user: userWireOf(joined) } };
}

/**
 * What a login proves in the statement that logs it in (issue 13: an email or SMS code's check
 * and the login were two statements): a data-modifying statement (e.g. the conditional UPDATE
 * that consumes a login code) returning at most one row, with a boolean column `passed`. It
 * must be safe to run again after being undone (a failed statement undoes it).
 */
export type LoginProof = SQLWrapper;

/**
 * {@link findOrCreateUserByAccount} behind `proof`, which runs first: the account is marked
 * verified, or the user and account created, only when the proof returned `passed` true. In an
 * app without an allowlist both are one statement (issue 13); the rare cases run the proof,
 * then {@link findOrCreateUserByAccount} with all its gates: an allowlist; a new user of an app
 * closed to sign-ups or with `max_users` (the proof is spent, as when the two were separate);
 * an account created concurrently (the failed statement undid the proof, which runs again).
 *
 * With `followUp` (see {@link LoginFollowUp}, e.g. the login's session), that write joins the
 * one statement when the login is done there; `followedUp` then holds the user as the
 * statement left it. In the rare cases above it is not run (`followedUp` is undefined): the
 * caller does that write itself.
 *
 * @returns `passed`: the proof's `passed` (null when it returned no row); `login` when passed.
 * @throws as {@link findOrCreateUserByAccount}, only when the proof passed.
 */
export async function findOrCreateUserByAccountAfter(
  db: Db,
  app: AppRow,
  account: LoginAccount,
  nowMs: number,
  proof: LoginProof,
  followUp?: LoginFollowUp,
): Promise<{
  passed: boolean | null;
  login?: { userId: string; isNewUser: boolean };
  followedUp?: { user: UserWire | undefined };
}> {
  if (!app.allowlistEnabled) {
    try {
      const { passed, login, followedUp } = await findOrCreateInOpenApp(
        db,
        app.id,
        account,
        new Date(nowMs),
        proof,
        followUp,
      );
      if (!passed) return { passed };
      if (login && login !== 'gated')
        return { passed, login, ...(followedUp ? { followedUp } : {}) };
      // A new user of an app that is closed, capped or gone: the gates decide below.
      return { passed, login: await findOrCreateUserByAccount(db, app, account, nowMs) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Created concurrently: the statement, proof included, was undone; run them apart.
    }
  }
  const result = await db.execute(proof.getSQL());
  const [row] = (result as unknown as { rows: { passed: boolean }[] }).rows;
  if (!row?.passed) return { passed: row ? row.passed : null };
  return { passed: true, login: await findOrCreateUserByAccount(db, app, account, nowMs) };
}

/**
 * Finds the user owning the account `(type, subject)` in `app`, or creates the user and the
 * account (first login). The one place every login method passes, so the login gates live
 * here: the allowlist (`allowlist_rejected`; the identity or any account of the existing user
 * must match), then for a new user `disable_signups` and `max_users` (see `./gates.ts`). A
 * rejection writes nothing. An existing account is marked verified at `nowMs` (and gets
 * `refreshDetails`). Safe under concurrency: the unique `(app_id, type, subject)` index decides
 * which creation wins; the loser logs in to the winner's user.
 *
 * @returns the user id and whether this call created it.
 * @throws ApiError `allowlist_rejected` (403), `user_does_not_exist` (404),
 *   `max_accounts_reached` (403).
 */
export async function findOrCreateUserByAccount(
  db: Db,
  app: AppRow,
  account: LoginAccount,
  nowMs: number,
): Promise<{ userId: string; isNewUser: boolean }> {
  const now = new Date(nowMs);
  const where = and(
    eq(linkedAccounts.appId, app.id),
    eq(linkedAccounts.type, account.type),
    eq(linkedAccounts.subject, account.subject),
  );
  for (let attempt = 0; attempt < 3; attempt++) {
    // Without an allowlist to consult first, the common login is one statement (issue 13).
    if (!app.allowlistEnabled) {
      let found: { userId: string; isNewUser: boolean } | 'gated' | undefined;
      try {
        ({ login: found } = await findOrCreateInOpenApp(db, app.id, account, now));
      } catch (error) {
        if (isUniqueViolation(error)) continue; // Created concurrently: look again.
        throw error;
      }
      if (found && found !== 'gated') return found;
      // A new user of an app that is closed, capped or gone: the gate decides below.
    }
    const [existing] = await db
      .select({ userId: linkedAccounts.userId })
      .from(linkedAccounts)
      .where(where);
    if (existing) {
      await assertAllowlisted(db, app, account, existing.userId);
      const updated = await db
        .update(linkedAccounts)
        .set({
          latestVerifiedAt: now,
          ...(account.refreshDetails ? { details: account.refreshDetails } : {}),
        })
        .where(where)
        .returning({ userId: linkedAccounts.userId });
      if (updated[0]) return { userId: updated[0].userId, isNewUser: false };
      continue; // Unlinked meanwhile: look again.
    }
    await assertAllowlisted(db, app, account);
    const userId = await createUserWithAccount(db, app.id, account, nowMs);
    if (userId) return { userId, isNewUser: true };
  }
  throw new Error('Linked account vanished during creation');
}
