/**
 * The card on-ramp routes (issue 20; spec sections 4, 5 and 7), for a logged-in user
 * (`Authorization: Bearer <access token>`, header `latchkey-app-id`):
 *
 * - `POST /api/v1/plugins/moonpay_on_ramp/sign` `{address, useSandbox?, config?}`
 *   (`moonpaySignRequest`) -> 200 `{signedUrl, externalTransactionId}`: MoonPay's buy widget
 *   (sandbox or live host by `useSandbox`) with the app's publishable key, `currencyCode`
 *   (default `eth`), `walletAddress`, a new random `externalTransactionId` (stored with the user,
 *   the address and the environment), `redirectURL` (given, else the request's `Origin`) and the
 *   other `config` options, signed with the app's secret key (`moonpay.ts`).
 * - `GET /api/v1/plugins/moonpay_on_ramp/transactions/{externalTransactionId}` -> 200
 *   `MoonpayStatusResponse`: MoonPay's transaction for that id (asked with the environment's
 *   publishable key), its status mapped onto the spec's result states. The client polls it every
 *   3 s (spec section 9).
 *
 * Errors (stable codes, spec section 8):
 * - sign: `fiat_on_ramp_disabled` (403) when the app's `fiat_on_ramp_enabled` is off;
 *   `invalid_data` (400) for a malformed body or a `redirectURL` off the app's allowed origins;
 *   `fiat_on_ramp_not_configured` (409) when the app has no MoonPay keys for the environment;
 *   `wallet_not_owned` (403) when `address` is not one of the caller's wallets;
 *   `too_many_requests` (429) past {@link ON_RAMP_SIGNS_PER_USER}.
 * - status: `not_found` (404) for an id that is not one of the caller's (whoever's it is) and
 *   while MoonPay has no transaction for it yet (the client keeps polling: a 404 is not one of
 *   its 3 failures); `fiat_on_ramp_not_configured` (409) when the keys were removed since;
 *   `fiat_on_ramp_provider_failure` (502) when MoonPay cannot be asked.
 * - both: `missing_or_invalid_token` (401) and the `requireApp` errors.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getAddress } from 'viem';
import type { AppEnv, ServerContext } from '../context.ts';
import { randomToken } from '../crypto.ts';
import { fiatOnRampTransactions, linkedAccounts } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { readJson } from '../middleware/request.ts';
import { requireUser } from '../middleware/requireUser.ts';
import { assertAllowed, hitRateLimit, type RateLimitRule } from '../rate-limit.ts';
import { moonPayKeysOf, moonPayPublishableKeyOf } from './keys.ts';
import {
  fiatOnRampStatusOf,
  getMoonPayTransaction,
  MOONPAY_API_URL,
  MOONPAY_WIDGET_URLS,
  type MoonPayEndpoints,
  type MoonPayEnvironment,
  signMoonPayBuyUrl,
} from './moonpay.ts';
import {
  FUNDING_ROUTES,
  type MoonpaySignResponse,
  moonpaySignRequest,
  type MoonpayStatusResponse,
} from '@latchkey/api';

/** Signed widget URLs per user: 60 per hour (each stores a row). */
export const ON_RAMP_SIGNS_PER_USER: RateLimitRule = { max: 60, windowS: 3600 };

/** The default on-ramp currency (spec section 9: ETH on Ethereum). */
export const DEFAULT_ON_RAMP_CURRENCY = 'eth';

/** Bytes of randomness in an external transaction id (base64url: 24 characters). */
const EXTERNAL_ID_BYTES = 18;
const EXTERNAL_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** Message of `fiat_on_ramp_disabled`. */
export const ON_RAMP_DISABLED_MESSAGE = 'The fiat on-ramp is not enabled for this app';
/** Message of `wallet_not_owned`. */
export const WALLET_NOT_OWNED_MESSAGE = 'The address is not one of your wallets';

const notConfigured = (environment: MoonPayEnvironment) =>
  new ApiError(
    'fiat_on_ramp_not_configured',
    `The app has no MoonPay ${environment} keys: set them with \`latchkey moonpay set\` or the admin API`,
  );

/** Whether `address` (checksummed) is a `wallet` account of the user (embedded or linked). */
async function ownsWallet(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  userId: string,
  address: string,
): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, appId),
        eq(linkedAccounts.userId, userId),
        eq(linkedAccounts.type, 'wallet'),
        eq(linkedAccounts.subject, address),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/**
 * The on-ramp routes as a Hono app, mounted by `createServer`.
 * @param moonpay where MoonPay is reached (defaults: MoonPay's own hosts).
 */
export function fundingRoutes(ctx: ServerContext, moonpay: MoonPayEndpoints = {}): Hono<AppEnv> {
  const apiUrl = moonpay.apiUrl ?? MOONPAY_API_URL;
  const widgetUrl = (environment: MoonPayEnvironment) =>
    moonpay.widgetUrls?.[environment] ?? MOONPAY_WIDGET_URLS[environment];
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db, apps: ctx.apps });
  const user = requireUser(ctx);

  r.post(FUNDING_ROUTES.moonpaySign, app, user, async (c) => {
    const appRow = c.get('app');
    const { userId } = c.get('auth');
    if (!appRow.fiatOnRampEnabled) {
      throw new ApiError('fiat_on_ramp_disabled', ON_RAMP_DISABLED_MESSAGE);
    }
    const body = await readJson(c, moonpaySignRequest);
    const environment: MoonPayEnvironment = body.useSandbox ? 'sandbox' : 'live';
    const redirectURL = body.config.redirectURL ?? c.req.header('origin');
    if (redirectURL !== undefined && !appRow.allowedOrigins.includes(new URL(redirectURL).origin)) {
      throw new ApiError(
        'invalid_data',
        "redirectURL must be on one of the app's allowed origins",
        {
          issues: [{ path: 'config.redirectURL', message: 'not an allowed origin of the app' }],
        },
      );
    }
    const keys = await moonPayKeysOf(ctx, appRow.id, environment);
    if (!keys) throw notConfigured(environment);
    const address = getAddress(body.address);
    if (!(await ownsWallet(ctx, appRow.id, userId, address))) {
      throw new ApiError('wallet_not_owned', WALLET_NOT_OWNED_MESSAGE);
    }
    assertAllowed(
      await hitRateLimit(ctx.db, `onramp-sign:user:${userId}`, ON_RAMP_SIGNS_PER_USER, ctx.now()),
    );

    const externalTransactionId = randomToken(EXTERNAL_ID_BYTES);
    const currencyCode = body.config.currencyCode ?? DEFAULT_ON_RAMP_CURRENCY;
    await ctx.db.insert(fiatOnRampTransactions).values({
      externalTransactionId,
      appId: appRow.id,
      userId,
      address,
      provider: 'moonpay',
      environment,
      currencyCode,
      createdAt: new Date(ctx.now()),
    });
    const signedUrl = signMoonPayBuyUrl(widgetUrl(environment), keys, {
      currencyCode,
      walletAddress: address,
      externalTransactionId,
      redirectURL,
      quoteCurrencyAmount: body.config.quoteCurrencyAmount,
      baseCurrencyCode: body.config.baseCurrencyCode,
      baseCurrencyAmount: body.config.baseCurrencyAmount,
      paymentMethod: body.config.paymentMethod,
      theme: body.config.uiConfig?.theme,
      colorCode: body.config.uiConfig?.accentColor,
    });
    c.header('Cache-Control', 'no-store');
    const answer: MoonpaySignResponse = { signedUrl, externalTransactionId };
    return c.json(answer);
  });

  r.get(FUNDING_ROUTES.moonpayStatusPattern, app, user, async (c) => {
    const appRow = c.get('app');
    const { userId } = c.get('auth');
    const externalTransactionId = c.req.param('externalTransactionId');
    const notFound = () => new ApiError('not_found', 'No such on-ramp transaction');
    if (!EXTERNAL_ID.test(externalTransactionId)) throw notFound();
    const [row] = await ctx.db
      .select()
      .from(fiatOnRampTransactions)
      .where(
        and(
          eq(fiatOnRampTransactions.externalTransactionId, externalTransactionId),
          eq(fiatOnRampTransactions.appId, appRow.id),
          eq(fiatOnRampTransactions.userId, userId),
        ),
      );
    if (!row) throw notFound();
    const publishableKey = await moonPayPublishableKeyOf(ctx, appRow.id, row.environment);
    if (!publishableKey) throw notConfigured(row.environment);
    const transaction = await getMoonPayTransaction(apiUrl, publishableKey, externalTransactionId);
    if (!transaction) throw notFound();
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    const code = str(transaction.currency?.code);
    const answer: MoonpayStatusResponse = {
      externalTransactionId,
      status: fiatOnRampStatusOf(transaction),
      providerStatus: str(transaction.status) ?? 'unknown',
      paymentMethod: str(transaction.paymentMethod),
      cardPaymentType: str(transaction.cardPaymentType),
      currency: code === null ? null : { code },
      baseCurrencyAmount: num(transaction.baseCurrencyAmount),
      quoteCurrencyAmount: num(transaction.quoteCurrencyAmount),
      feeAmount: num(transaction.feeAmount),
      extraFeeAmount: num(transaction.extraFeeAmount),
      networkFeeAmount: num(transaction.networkFeeAmount),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  return r;
}
