/** Users and their linked accounts (spec section 3, "User"). */
import {
  OAUTH_PROVIDERS,
  type OAuthProvider,
  RECOVERY_METHODS,
  type RecoveryMethod,
  type UserWire,
} from '@latchkey/api';
import { and, asc, eq, TransactionRollbackError } from 'drizzle-orm';
import { randomId } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { linkedAccounts, users } from '../db/schema.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Linked account types of the social providers (`google_oauth`, ...). */
const OAUTH_ACCOUNT_TYPES: ReadonlySet<string> = new Set(OAUTH_PROVIDERS.map((p) => `${p}_oauth`));

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

/** The wire fields (`passkeyAccount` minus times) of a `passkey` row (subject: credential id). */
function passkeyAccountFields(credentialId: string, details: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    type: 'passkey' as const,
    credential_id: credentialId,
    authenticator_name: text(details.authenticator_name),
    created_with_browser: text(details.created_with_browser),
    created_with_os: text(details.created_with_os),
    enrolled_in_mfa: details.enrolled_in_mfa === true,
  };
}

/**
 * The wire form of a user (`user` in @latchkey/api), or undefined when the id is unknown.
 */
export async function loadUser(db: Db, userId: string): Promise<UserWire | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return undefined;
  const accounts = await db
    .select()
    .from(linkedAccounts)
    .where(eq(linkedAccounts.userId, userId))
    .orderBy(asc(linkedAccounts.id));
  const linked: UserWire['linked_accounts'] = [];
  for (const a of accounts) {
    const times = {
      verified_at: seconds(a.latestVerifiedAt),
      first_verified_at: seconds(a.firstVerifiedAt),
      latest_verified_at: seconds(a.latestVerifiedAt),
    };
    if (OAUTH_ACCOUNT_TYPES.has(a.type)) {
      const d = a.details;
      const opt = (v: unknown) => (typeof v === 'string' ? v : null);
      linked.push({
        type: a.type as `${OAuthProvider}_oauth`,
        subject: a.subject,
        email: opt(d.email),
        name: opt(d.name),
        username: opt(d.username),
        ...times,
      });
      continue;
    }
    if (a.type === 'email') linked.push({ type: 'email', address: a.subject, ...times });
    else if (a.type === 'phone') linked.push({ type: 'phone', number: a.subject, ...times });
    else if (a.type === 'wallet')
      linked.push({ ...walletAccountFields(a.subject, a.details), ...times });
    else if (a.type === 'passkey')
      linked.push({ ...passkeyAccountFields(a.subject, a.details), ...times });
  }
  return {
    id: row.id,
    created_at: seconds(row.createdAt),
    linked_accounts: linked,
    mfa_methods: [],
    has_accepted_terms: row.hasAcceptedTerms,
    is_guest: row.isGuest,
  };
}

/**
 * Finds the user owning the account `(type, subject)` in `appId`, or creates the user and the
 * account (first login). Marks the account verified at `nowMs`. Safe under concurrency: the
 * unique `(app_id, type, subject)` index decides which creation wins.
 *
 * @returns the user id and whether this call created it.
 */
export async function findOrCreateUserByAccount(
  db: Db,
  appId: string,
  type: string,
  subject: string,
  nowMs: number,
): Promise<{ userId: string; isNewUser: boolean }> {
  const now = new Date(nowMs);
  const where = and(
    eq(linkedAccounts.appId, appId),
    eq(linkedAccounts.type, type),
    eq(linkedAccounts.subject, subject),
  );
  const [existing] = await db
    .update(linkedAccounts)
    .set({ latestVerifiedAt: now })
    .where(where)
    .returning({ userId: linkedAccounts.userId });
  if (existing) return { userId: existing.userId, isNewUser: false };
  const userId = newUserId();
  const created = await db
    .transaction(async (tx) => {
      await tx.insert(users).values({ id: userId, appId, createdAt: now });
      const rows = await tx
        .insert(linkedAccounts)
        .values({ appId, userId, type, subject, firstVerifiedAt: now, latestVerifiedAt: now })
        .onConflictDoNothing()
        .returning({ id: linkedAccounts.id });
      if (rows.length === 0) tx.rollback();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
  if (created) return { userId, isNewUser: true };
  const [winner] = await db
    .select({ userId: linkedAccounts.userId })
    .from(linkedAccounts)
    .where(where);
  if (!winner) throw new Error('Linked account vanished during creation');
  return { userId: winner.userId, isNewUser: false };
}
