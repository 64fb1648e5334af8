/**
 * The wire shapes of the funding routes (issue 20; spec sections 3, 7 and 9): the card on-ramp
 * through MoonPay (`POST /api/v1/plugins/moonpay_on_ramp/sign`, the status of one purchase) and
 * token prices in USD (`GET /api/v1/token_price`), shared by the server and the client's
 * `fundWallet` and send screen.
 */
import * as z from 'zod';

/** The on-ramp routes' paths (spec section 7; the status path is ours: the spec shows none). */
export const FUNDING_ROUTES = {
  /** `POST`: sign a buy widget URL. */
  moonpaySign: '/api/v1/plugins/moonpay_on_ramp/sign',
  /** `GET` Hono pattern: one purchase's status. */
  moonpayStatusPattern: '/api/v1/plugins/moonpay_on_ramp/transactions/:externalTransactionId',
  /** The status path of one external transaction id. */
  moonpayStatus: (externalTransactionId: string) =>
    `/api/v1/plugins/moonpay_on_ramp/transactions/${encodeURIComponent(externalTransactionId)}`,
  /** Admin API (`PUT`, `GET`): the app's MoonPay keys. */
  adminMoonpayPattern: '/api/v1/admin/apps/:appId/moonpay',
  adminMoonpay: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/moonpay`,
} as const;

/** A MoonPay currency code (`eth`, `usdc`, `eth_base`), matched lower-cased. */
const currencyCode = z
  .string()
  .regex(/^[A-Za-z0-9_]{2,32}$/, 'must be a MoonPay currency code (e.g. eth)')
  .transform((s) => s.toLowerCase());

/**
 * The client's MoonPay options (`fundWallet({address, config})`): Privy-compatible names
 * (`currencyCode`, `quoteCurrencyAmount`, `paymentMethod`, `uiConfig`) plus the fiat side and
 * `redirectURL` (an http(s) URL on one of the app's allowed origins; default: the request's
 * `Origin`). Unknown keys are refused.
 */
export const moonpayOnRampConfig = z.strictObject({
  /** Default `eth` (spec section 9: the on-ramp defaults to ETH on Ethereum). */
  currencyCode: currencyCode.optional(),
  /** Whole tokens to buy, > 0. */
  quoteCurrencyAmount: z.number().positive().finite().optional(),
  /** Fiat currency (ISO 4217, e.g. `usd`), matched lower-cased. */
  baseCurrencyCode: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
    .transform((s) => s.toLowerCase())
    .optional(),
  /** Fiat amount to spend, > 0. */
  baseCurrencyAmount: z.number().positive().finite().optional(),
  /** MoonPay payment method (`credit_debit_card`, `apple_pay`, `sepa_bank_transfer`, ...). */
  paymentMethod: z
    .string()
    .regex(/^[a-z_]{2,40}$/, 'must be a MoonPay payment method (e.g. credit_debit_card)')
    .optional(),
  redirectURL: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  uiConfig: z
    .strictObject({
      /** `#rrggbb`. */
      accentColor: z
        .string()
        .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a #rrggbb colour')
        .optional(),
      theme: z.enum(['light', 'dark']).optional(),
    })
    .optional(),
});
export type MoonpayOnRampConfig = z.output<typeof moonpayOnRampConfig>;
/** What a client passes as `config` to `fundWallet` (before the server's defaults). */
export type FundWalletConfig = z.input<typeof moonpayOnRampConfig>;

/** `POST /api/v1/plugins/moonpay_on_ramp/sign` body (spec section 7: address, useSandbox, config). */
export const moonpaySignRequest = z.strictObject({
  /** The wallet to fund: an EVM address of one of the caller's wallets. */
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address'),
  /** MoonPay's sandbox (test keys) instead of live. Default false. */
  useSandbox: z.boolean().default(false),
  config: moonpayOnRampConfig.default({}),
});
export type MoonpaySignRequest = z.output<typeof moonpaySignRequest>;

/** `POST /api/v1/plugins/moonpay_on_ramp/sign` answer. */
export interface MoonpaySignResponse {
  /** The signed buy widget URL, to open in a new tab. */
  signedUrl: string;
  /** The purchase's id, for the status route. */
  externalTransactionId: string;
}

/**
 * `GET /api/v1/plugins/moonpay_on_ramp/transactions/{externalTransactionId}` answer: the spec's
 * fiat on-ramp transaction (section 3), MoonPay's field names, null where MoonPay gives none.
 */
export interface MoonpayStatusResponse {
  externalTransactionId: string;
  /** The spec's result state (`fiatOnRampStatusOf`). */
  status: 'pending' | 'completed' | 'failed' | 'waitingAuthorization';
  /** MoonPay's own status, as answered (`waitingPayment`, `pending`, ...). */
  providerStatus: string;
  paymentMethod: string | null;
  cardPaymentType: string | null;
  currency: { code: string } | null;
  baseCurrencyAmount: number | null;
  quoteCurrencyAmount: number | null;
  feeAmount: number | null;
  extraFeeAmount: number | null;
  networkFeeAmount: number | null;
}

const keyPair = (environment: 'test' | 'live') =>
  z.strictObject({
    publishable_key: z
      .string()
      .regex(
        new RegExp(`^pk_${environment}_[A-Za-z0-9]{8,128}$`),
        `must be a MoonPay publishable key pk_${environment}_...`,
      ),
    secret_key: z
      .string()
      .regex(
        new RegExp(`^sk_${environment}_[A-Za-z0-9]{8,128}$`),
        `must be a MoonPay secret key sk_${environment}_...`,
      ),
  });

/**
 * `PUT /api/v1/admin/apps/{appId}/moonpay` body: the keys of either environment or both; `null`
 * removes an environment's keys, an absent one is kept. Sandbox keys are `pk_test_`/`sk_test_`,
 * live keys `pk_live_`/`sk_live_` (MoonPay's prefixes).
 */
export const adminMoonpayKeysRequest = z
  .strictObject({
    sandbox: keyPair('test').nullable().optional(),
    live: keyPair('live').nullable().optional(),
  })
  .refine((v) => v.sandbox !== undefined || v.live !== undefined, {
    message: 'give sandbox or live keys (or null to remove them)',
  });
export type AdminMoonpayKeysRequest = z.output<typeof adminMoonpayKeysRequest>;

/** The admin view of an app's MoonPay keys: publishable keys only, never a secret key. */
export interface AdminMoonpayKeysResponse {
  sandbox: { publishable_key: string; secret_key_set: true } | null;
  live: { publishable_key: string; secret_key_set: true } | null;
}

/** `GET /api/v1/token_price?chainId=&tokenSymbol=` (spec section 7). */
export const TOKEN_PRICE_ROUTE = '/api/v1/token_price';

/** The answer of {@link TOKEN_PRICE_ROUTE}. */
export interface TokenPriceResponse {
  /** US dollars per whole token, > 0. */
  usd: number;
}

/**
 * How often the client asks for an on-ramp purchase's status, in ms (spec section 9: every
 * 3 s until a final state).
 */
export const FIAT_ON_RAMP_POLL_MS = 3_000;
/**
 * Consecutive failed status polls (a 404 does not count: the provider has not filed the
 * purchase yet) after which the status screen shows `serviceFailure` (spec section 4).
 */
export const FIAT_ON_RAMP_MAX_POLL_FAILURES = 3;
