/**
 * The Telegram method's logic (spec sections 1, 2, 5 and 7; security catalogue 38; issue 16).
 *
 * Two proofs of a Telegram account, both signed by Telegram with the app's bot token:
 * - the Login Widget's answer (https://core.telegram.org/widgets/login#checking-authorization):
 *   `hash` is the hex HMAC-SHA-256 of the data-check-string (every received field but `hash`,
 *   sorted, `key=value` joined by '\n'), keyed with SHA-256 of the bot token. Checked here with
 *   node:crypto and a constant-time compare.
 * - a Mini App's init data (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app),
 *   checked by `@telegram-apps/init-data-node` (key HMAC-SHA-256("WebAppData", token)).
 *
 * Both: `auth_date` no older than the app's window (default {@link TELEGRAM_AUTH_MAX_AGE_S}) and
 * not in the future beyond {@link CLOCK_SKEW_S}, then single use (`used_telegram_proofs`, across
 * processes). Only then is any field trusted. The bot token is sealed at rest and never answered.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  parse as parseInitData,
  validate as validateInitData,
} from '@telegram-apps/init-data-node';
import {
  type AdminTelegramBotRequest,
  type AdminTelegramBotResponse,
  TELEGRAM_AUTH_MAX_AGE_S,
  TELEGRAM_WIDGET_URL,
  type TelegramAuthResult,
} from '@latchkey/api';
import { eq, lt } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import { decryptString, encryptString } from '../../crypto.ts';
import { type AppRow, apps, telegramBots, usedTelegramProofs } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { linkAccount, unlinkAccount } from '../../users/accounts.ts';
import { findOrCreateUserByAccount, type LoginAccount } from '../../users/service.ts';

/** `linked_accounts.type` of a Telegram account (the contract's `accountTypes`). */
export const TELEGRAM_ACCOUNT_TYPE = 'telegram';

/** Seconds `auth_date` may be ahead of this server's clock (Telegram's clock is not ours). */
export const CLOCK_SKEW_S = 60;

/** Message of `not_supported` when the app has no bot token. */
export const TELEGRAM_NO_BOT_MESSAGE =
  'Telegram login is not configured for this app: set its bot with `latchkey telegram set`';
/** Message of `invalid_credentials` for a proof whose signature does not match. */
export const TELEGRAM_BAD_SIGNATURE_MESSAGE = 'The Telegram login data could not be verified';
/** Message of `invalid_credentials` for a proof older than the window (or from the future). */
export const TELEGRAM_STALE_MESSAGE = 'The Telegram login data has expired. Log in again.';
/** Message of `invalid_credentials` for a proof used before. */
export const TELEGRAM_REPLAY_MESSAGE = 'This Telegram login was already used. Log in again.';
/** Message of `disallowed_login_method` for a link while `link_enabled` is off (spec section 5). */
export const TELEGRAM_LINK_DISABLED_MESSAGE =
  'Linking a Telegram account is not enabled for this app';

/** A Telegram account, verified: the user id (the account's subject) and its profile. */
export interface TelegramIdentity {
  /** Telegram user id, decimal. */
  telegramUserId: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  username?: string | undefined;
  photoUrl?: string | undefined;
}

/** What a login or link sends: one of the two proofs (the wire's request fields). */
export interface TelegramProof {
  telegram_auth_result?: TelegramAuthResult | undefined;
  telegram_web_app_data?: string | undefined;
}

/** @throws ApiError `disallowed_login_method` (403) when the app's `telegram_auth` is off. */
export function assertTelegramEnabled(app: AppRow): void {
  if (!app.telegramAuth) {
    throw new ApiError('disallowed_login_method', 'Telegram login is not enabled for this app');
  }
}

/** The bot id of a token `<bot id>:<secret>`. */
const botIdOf = (botToken: string) => botToken.slice(0, botToken.indexOf(':'));

/**
 * Stores the app's bot (admin route, `latchkey telegram set`, the dev seed) from an
 * `adminTelegramBotRequest`: the token sealed in `telegram_bots`, and the public
 * `telegram_auth_config` (bot id from the token, `bot_name`, the link and seamless flags, kept as
 * they were when not given; `widget_url` kept when not given, null for Telegram's).
 *
 * @returns the public config and the window, never the token.
 */
export async function setTelegramBot(
  ctx: Pick<ServerContext, 'db' | 'keys'> & { apps?: ServerContext['apps'] },
  app: AppRow,
  bot: AdminTelegramBotRequest,
): Promise<AdminTelegramBotResponse> {
  const sealed = await encryptString(bot.bot_token, ctx.keys.keyEncryptionKey);
  const config = {
    bot_id: botIdOf(bot.bot_token),
    bot_name: bot.bot_name,
    link_enabled: bot.link_enabled ?? app.telegramAuthConfig?.link_enabled ?? false,
    seamless_auth_enabled:
      bot.seamless_auth_enabled ?? app.telegramAuthConfig?.seamless_auth_enabled ?? false,
  };
  const authMaxAgeS = bot.auth_max_age_s ?? TELEGRAM_AUTH_MAX_AGE_S;
  let widgetUrl =
    bot.widget_url === undefined ? undefined : (bot.widget_url?.replace(/\/$/, '') ?? null);
  await ctx.db.transaction(async (tx) => {
    if (widgetUrl === undefined) {
      const [row] = await tx
        .select({ widgetUrl: telegramBots.widgetUrl })
        .from(telegramBots)
        .where(eq(telegramBots.appId, app.id));
      widgetUrl = row?.widgetUrl ?? null;
    }
    const values = { botTokenSealed: sealed, authMaxAgeS, widgetUrl, updatedAt: new Date() };
    await tx
      .insert(telegramBots)
      .values({ appId: app.id, ...values })
      .onConflictDoUpdate({ target: telegramBots.appId, set: values });
    await tx
      .update(apps)
      .set({ telegramAuthConfig: config, updatedAt: new Date() })
      .where(eq(apps.id, app.id));
  });
  ctx.apps?.invalidate(app.id);
  return { ...config, auth_max_age_s: authMaxAgeS, widget_url: widgetUrl ?? TELEGRAM_WIDGET_URL };
}

/**
 * The Login Widget popup's origin for `appId` (`telegram_bots.widget_url`, else Telegram's), or
 * undefined when the app has no bot.
 */
export async function telegramWidgetUrlOf(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ widgetUrl: telegramBots.widgetUrl })
    .from(telegramBots)
    .where(eq(telegramBots.appId, appId));
  return row ? (row.widgetUrl ?? TELEGRAM_WIDGET_URL) : undefined;
}

/** The app's bot token and window. @throws ApiError `not_supported` (400) without a bot. */
async function botOf(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  app: AppRow,
): Promise<{ token: string; maxAgeS: number }> {
  const [row] = await ctx.db.select().from(telegramBots).where(eq(telegramBots.appId, app.id));
  if (!row) throw new ApiError('not_supported', TELEGRAM_NO_BOT_MESSAGE);
  return {
    token: await decryptString(row.botTokenSealed, ctx.keys.keyEncryptionKey),
    maxAgeS: row.authMaxAgeS,
  };
}

const badSignature = () => new ApiError('invalid_credentials', TELEGRAM_BAD_SIGNATURE_MESSAGE);

/**
 * The Login Widget's data-check-string: every field but `hash`, sorted by key, `key=value`
 * joined by '\n' (numbers as decimal, as the widget sent them).
 */
export function widgetDataCheckString(result: TelegramAuthResult): string {
  return Object.keys(result)
    .filter((key) => key !== 'hash' && result[key] !== undefined)
    .sort()
    .map((key) => `${key}=${String(result[key])}`)
    .join('\n');
}

/** True when `hash` is the widget HMAC of `result` under `botToken` (constant-time compare). */
function widgetSignatureMatches(result: TelegramAuthResult, botToken: string): boolean {
  const key = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', key).update(widgetDataCheckString(result)).digest();
  const given = Buffer.from(result.hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** @throws ApiError `invalid_credentials` when `authDateS` is outside the window. */
function assertFresh(authDateS: number, maxAgeS: number, nowMs: number): void {
  const nowS = nowMs / 1000;
  if (authDateS < nowS - maxAgeS || authDateS > nowS + CLOCK_SKEW_S) {
    throw new ApiError('invalid_credentials', TELEGRAM_STALE_MESSAGE);
  }
}

/**
 * Records a proof as used; refuses one used before (single use across processes). The row
 * lives until the proof would be stale anyway.
 * @throws ApiError `invalid_credentials` for a replay.
 */
async function markUsed(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  app: AppRow,
  hash: string,
  authDateS: number,
  maxAgeS: number,
): Promise<void> {
  const now = new Date(ctx.now());
  await ctx.db.delete(usedTelegramProofs).where(lt(usedTelegramProofs.expiresAt, now));
  const rows = await ctx.db
    .insert(usedTelegramProofs)
    .values({
      proofHash: createHash('sha256').update(`${app.id}:${hash}`).digest('hex'),
      appId: app.id,
      expiresAt: new Date((authDateS + maxAgeS + CLOCK_SKEW_S) * 1000),
    })
    .onConflictDoNothing()
    .returning({ proofHash: usedTelegramProofs.proofHash });
  if (rows.length !== 1) throw new ApiError('invalid_credentials', TELEGRAM_REPLAY_MESSAGE);
}

/** Checks a Mini App's init data with the library; its `hash`, `auth_date` and user. */
function verifyInitData(
  raw: string,
  botToken: string,
): { hash: string; authDateS: number; identity: TelegramIdentity } {
  try {
    // The window is checked by `assertFresh` (also against the future); the library checks
    // the signature and that `hash` and `auth_date` are present.
    validateInitData(raw, botToken, { expiresIn: 0 });
  } catch {
    throw badSignature();
  }
  const data = parseInitData(raw);
  const user = data.user;
  if (!user) throw new ApiError('invalid_data', 'The Telegram init data names no user');
  return {
    hash: data.hash,
    authDateS: Math.floor(data.auth_date.getTime() / 1000),
    identity: {
      telegramUserId: String(user.id),
      firstName: user.first_name,
      lastName: user.last_name,
      username: user.username,
      photoUrl: user.photo_url,
    },
  };
}

/**
 * Verifies one Telegram proof for `app` (spec section 7, security catalogue 38): the signature
 * with the app's bot token, the `auth_date` window, then single use.
 *
 * @returns the verified Telegram account.
 * @throws ApiError `disallowed_login_method` (403) when Telegram is off; `not_supported` (400)
 *   without a bot token; `invalid_credentials` (401) for a bad signature, a stale proof or a
 *   replay; `invalid_data` (400) for init data without a user.
 */
export async function verifyTelegramProof(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  app: AppRow,
  proof: TelegramProof,
): Promise<TelegramIdentity> {
  assertTelegramEnabled(app);
  const bot = await botOf(ctx, app);
  let verified: { hash: string; authDateS: number; identity: TelegramIdentity };
  if (proof.telegram_auth_result) {
    const result = proof.telegram_auth_result;
    if (!widgetSignatureMatches(result, bot.token)) throw badSignature();
    verified = {
      hash: result.hash,
      authDateS: result.auth_date,
      identity: {
        telegramUserId: String(result.id),
        firstName: result.first_name,
        lastName: result.last_name,
        username: result.username,
        photoUrl: result.photo_url,
      },
    };
  } else if (proof.telegram_web_app_data) {
    verified = verifyInitData(proof.telegram_web_app_data, bot.token);
  } else {
    throw new ApiError('invalid_data', 'Send telegram_auth_result or telegram_web_app_data');
  }
  assertFresh(verified.authDateS, bot.maxAgeS, ctx.now());
  await markUsed(ctx, app, verified.hash, verified.authDateS, bot.maxAgeS);
  return verified.identity;
}

/** The `linked_accounts` row of a verified Telegram account (profile refreshed on login). */
function telegramAccount(identity: TelegramIdentity): LoginAccount {
  const details = {
    first_name: identity.firstName ?? null,
    last_name: identity.lastName ?? null,
    username: identity.username ?? null,
    photo_url: identity.photoUrl ?? null,
  };
  return {
    type: TELEGRAM_ACCOUNT_TYPE,
    subject: identity.telegramUserId,
    details,
    refreshDetails: details,
  };
}

/**
 * Logs in (or signs up) the owner of a verified Telegram account, through the login gates
 * (allowlist, sign-ups, user limit) of `findOrCreateUserByAccount`.
 * @throws ApiError `allowlist_rejected`, `user_does_not_exist`, `max_accounts_reached`.
 */
export function findOrCreateTelegramUser(
  ctx: ServerContext,
  app: AppRow,
  identity: TelegramIdentity,
): Promise<{ userId: string; isNewUser: boolean }> {
  return findOrCreateUserByAccount(ctx.db, app, telegramAccount(identity), ctx.now());
}

/**
 * @throws ApiError `disallowed_login_method` (403) unless the app's
 *   `telegram_auth_config.link_enabled` (spec section 5: Telegram linking requires it).
 */
export function assertTelegramLinkEnabled(app: AppRow): void {
  if (!app.telegramAuthConfig?.link_enabled) {
    throw new ApiError('disallowed_login_method', TELEGRAM_LINK_DISABLED_MESSAGE);
  }
}

/**
 * Links a verified Telegram account to the user (account policy: one Telegram account each).
 * @throws ApiError `linked_to_another_user` (409), `cannot_link_more_of_type` (409).
 */
export async function linkTelegram(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  identity: TelegramIdentity,
): Promise<void> {
  await linkAccount(ctx.db, app.id, userId, telegramAccount(identity), ctx.now());
}

/**
 * Unlinks the user's Telegram account `telegramUserId` (spec section 7).
 * @throws ApiError `account_not_linked`, `cannot_unlink_last_account` (the account policy).
 */
export async function unlinkTelegram(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  telegramUserId: string,
): Promise<void> {
  await unlinkAccount(ctx.db, app.id, userId, TELEGRAM_ACCOUNT_TYPE, telegramUserId);
}
