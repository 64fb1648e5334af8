/**
 * Linking, unlinking and replacing code-proven accounts (email, phone) of a logged-in user
 * (spec sections 5 and 7; issue 6), on the shared code engine (`./codes.ts`: same single use,
 * attempt caps and limits as login) and the one account policy (`users/accounts.ts`).
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { type AppRow, linkedAccounts } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { bearerToken, verifyAccessToken } from '../../sessions/service.ts';
import {
  linkAccount,
  NOT_LINKED_MESSAGE,
  replaceAccount,
  unlinkAccount,
} from '../../users/accounts.ts';
import { type CodeChannel, consumeLoginCode } from './codes.ts';

/** Message of `email_required_to_update` (spec section 2, UPDATE_EMAIL_SCREEN). */
export const EMAIL_REQUIRED_MESSAGE = 'User is required to have an email address to update it.';

/**
 * What a code `init` request is for: `'link'` when it carries a valid bearer access token of the
 * app (a logged-in user linking or updating an address: the allowlist does not apply), else
 * `'login'`. An invalid or expired token counts as no token (a plain login).
 */
export async function initPurpose(
  ctx: ServerContext,
  c: Context<AppEnv>,
): Promise<'login' | 'link'> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return 'login';
  return verifyAccessToken(ctx, c.get('app').id, token).then(
    () => 'link' as const,
    () => 'login' as const,
  );
}

/**
 * Links the destination a code was sent to (`passwordless/link`, `passwordless_sms/link`).
 *
 * @throws ApiError `invalid_credentials` (422) and the other errors of `consumeLoginCode`;
 *   `linked_to_another_user` (409), `cannot_link_more_of_type` (409, 'User already has an
 *   account of type {type} linked.').
 */
export async function linkWithCode(
  ctx: ServerContext,
  ch: CodeChannel,
  app: AppRow,
  userId: string,
  rawDestination: string,
  code: string,
  ip: string,
): Promise<void> {
  const to = await consumeLoginCode(ctx, ch, app, rawDestination, code, ip);
  await linkAccount(ctx.db, app.id, userId, { type: ch.accountType, subject: to }, ctx.now());
}

/**
 * Removes a code-proven account from the user (`passwordless/unlink`, `passwordless_sms/unlink`).
 *
 * @throws ApiError `invalid_data` (400) for an unparsable destination; `account_not_linked`
 *   (404); `cannot_unlink_last_account` (409).
 */
export async function unlinkDestination(
  ctx: ServerContext,
  ch: CodeChannel,
  app: AppRow,
  userId: string,
  rawDestination: string,
): Promise<void> {
  await unlinkAccount(ctx.db, app.id, userId, ch.accountType, ch.normalize(rawDestination));
}

/**
 * Replaces the user's `oldDestination` by `newDestination`, proven by the code sent to the new
 * one (`passwordless/update`; spec section 7, update email). One transaction.
 *
 * @throws ApiError `email_required_to_update` (400, 'User is required to have an email address
 *   to update it.') when the user has no account of the channel's type; `account_not_linked`
 *   (404) when `oldDestination` is not theirs; `linked_to_another_user` (409) when another user
 *   owns `newDestination`; the errors of `consumeLoginCode` (422 for a bad code).
 */
export async function replaceWithCode(
  ctx: ServerContext,
  ch: CodeChannel,
  app: AppRow,
  userId: string,
  oldDestination: string,
  newDestination: string,
  code: string,
  ip: string,
): Promise<void> {
  const from = ch.normalize(oldDestination);
  // Refuse before the code is spent: a user without such an account, or an old address that is
  // not theirs, keeps the code (`replaceAccount` checks again inside its transaction).
  const mine = await ctx.db
    .select({ subject: linkedAccounts.subject })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, app.id),
        eq(linkedAccounts.userId, userId),
        eq(linkedAccounts.type, ch.accountType),
      ),
    );
  if (mine.length === 0) throw new ApiError('email_required_to_update', EMAIL_REQUIRED_MESSAGE);
  if (!mine.some((a) => a.subject === from)) {
    throw new ApiError('account_not_linked', NOT_LINKED_MESSAGE);
  }
  const to = await consumeLoginCode(ctx, ch, app, newDestination, code, ip);
  await replaceAccount(
    ctx.db,
    app.id,
    userId,
    ch.accountType,
    from,
    to,
    ctx.now(),
    new ApiError('email_required_to_update', EMAIL_REQUIRED_MESSAGE),
  );
}
