/**
 * MoonPay, the card on-ramp's only provider (issue 20; spec sections 5 and 7): the signed buy
 * widget URL, the public API's "get transaction by external id", and the mapping of MoonPay's
 * transaction statuses onto the spec's on-ramp result states (spec sections 3 and 4).
 *
 * The URL signature is MoonPay's documented one (https://dev.moonpay.com/docs/ramps-sdk-url-signing):
 * HMAC-SHA256 over the URL's query string, leading '?' included, keyed with the app's secret key,
 * base64, appended as `signature`. It is computed by `@moonpay/moonpay-node`
 * (`MoonPay#url.generateSignature`), not here.
 */
import { MoonPay } from '@moonpay/moonpay-node';
import { ApiError } from '../errors.ts';

/** A MoonPay environment: `sandbox` (test keys, no real money) or `live`. */
export type MoonPayEnvironment = 'sandbox' | 'live';

/** MoonPay's buy widget origins by environment. */
export const MOONPAY_WIDGET_URLS: Readonly<Record<MoonPayEnvironment, string>> = {
  sandbox: 'https://buy-sandbox.moonpay.com',
  live: 'https://buy.moonpay.com',
};

/** MoonPay's public REST API (both environments; the key decides which). */
export const MOONPAY_API_URL = 'https://api.moonpay.com';

/** Timeout of one call to MoonPay's API, ms. */
export const MOONPAY_TIMEOUT_MS = 10_000;

/** Where the server reaches MoonPay (`CreateServerOptions.moonpay`; tests: a local stand-in). */
export interface MoonPayEndpoints {
  /** The REST API base. Default {@link MOONPAY_API_URL}. */
  apiUrl?: string | undefined;
  /** The buy widget's base URL per environment. Default {@link MOONPAY_WIDGET_URLS}. */
  widgetUrls?: Partial<Record<MoonPayEnvironment, string | undefined>> | undefined;
}

/** MoonPay's transaction statuses (buy), as its API answers them. */
export const MOONPAY_TRANSACTION_STATUSES = [
  'waitingPayment',
  'pending',
  'waitingAuthorization',
  'failed',
  'completed',
] as const;

/**
 * The on-ramp result states the server answers (spec section 3, "Fiat on-ramp transaction";
 * `serviceFailure` is the client's own, after 3 failed polls).
 */
export type FiatOnRampStatus = 'pending' | 'completed' | 'failed' | 'waitingAuthorization';

/**
 * MoonPay's status mapped onto the spec's result states (spec section 4, "Fiat on-ramp result"):
 * `completed` -> completed; `failed` -> failed; `waitingAuthorization` -> waitingAuthorization,
 * except for a card payment (`paymentMethod` `credit_debit_card`), shown as pending;
 * `waitingPayment`, `pending` and any status MoonPay may add later -> pending ('In Progress').
 */
export function fiatOnRampStatusOf(transaction: {
  status?: unknown;
  paymentMethod?: unknown;
}): FiatOnRampStatus {
  switch (transaction.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'waitingAuthorization':
      return transaction.paymentMethod === 'credit_debit_card' ? 'pending' : 'waitingAuthorization';
    default:
      return 'pending';
  }
}

/** The buy widget parameters Latchkey sets (MoonPay's names), besides `apiKey` and `signature`. */
export interface MoonPayBuyParameters {
  /** MoonPay currency code, lower case (`eth`, `usdc`, `eth_base`). */
  currencyCode: string;
  /** The wallet that receives the purchase (one of the user's). */
  walletAddress: string;
  /** The purchase's id on our side (random); the status route asks MoonPay for it. */
  externalTransactionId: string;
  /** Where MoonPay sends the user after the purchase (an origin the app allows), if any. */
  redirectURL?: string | undefined;
  /** Crypto amount to buy, in whole tokens. */
  quoteCurrencyAmount?: number | undefined;
  /** Fiat currency code, lower case (`usd`). */
  baseCurrencyCode?: string | undefined;
  /** Fiat amount to spend. */
  baseCurrencyAmount?: number | undefined;
  /** MoonPay payment method (`credit_debit_card`, `apple_pay`, ...). */
  paymentMethod?: string | undefined;
  /** Widget theme. */
  theme?: 'light' | 'dark' | undefined;
  /** Widget main colour, `#rrggbb`. */
  colorCode?: string | undefined;
}

/**
 * The signed buy widget URL: `{widget}/?apiKey=<publishable key>&currencyCode=...&walletAddress=
 * ...&externalTransactionId=...[&redirectURL=...][...]&signature=<base64>`, the signature by
 * `@moonpay/moonpay-node` over everything before it (see the module header).
 *
 * @param widgetUrl the widget base (`MOONPAY_WIDGET_URLS[environment]` or a stand-in).
 * @param keys the environment's publishable key (`apiKey`) and secret key (signs).
 * @returns the full URL as a string.
 * @throws Error when the SDK cannot build or sign the URL.
 */
export function signMoonPayBuyUrl(
  widgetUrl: string,
  keys: { publishableKey: string; secretKey: string },
  parameters: MoonPayBuyParameters,
): string {
  const url = new URL(widgetUrl);
  const query = url.searchParams;
  query.set('apiKey', keys.publishableKey);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) query.set(name, String(value));
  }
  // debug false: the SDK would otherwise log through console.
  const signed = new MoonPay(keys.secretKey, { debug: false }).url.generateSignature(url.href, {
    returnFullUrl: true,
  });
  if (!signed) throw new Error('The MoonPay SDK could not sign the widget URL');
  return signed;
}

/** A MoonPay buy transaction as its API answers it (the fields Latchkey reads). */
export interface MoonPayTransaction {
  id?: string;
  status?: string;
  createdAt?: string;
  updatedAt?: string;
  paymentMethod?: string | null;
  cardPaymentType?: string | null;
  currency?: { code?: string } | null;
  baseCurrencyAmount?: number | null;
  quoteCurrencyAmount?: number | null;
  feeAmount?: number | null;
  extraFeeAmount?: number | null;
  networkFeeAmount?: number | null;
  walletAddress?: string | null;
  externalTransactionId?: string | null;
}

/** ApiError `fiat_on_ramp_provider_failure` (502). */
const providerFailure = (detail: string, cause?: unknown) =>
  new ApiError('fiat_on_ramp_provider_failure', `MoonPay could not be asked: ${detail}`, {
    cause,
  });

/**
 * MoonPay's "get transaction by external id": `GET {apiUrl}/v1/transactions/ext/{id}?apiKey=
 * <publishable key>`, which answers an array of the transactions filed under that id.
 *
 * @returns the most recent of them (latest `createdAt`, else the last), or undefined when MoonPay
 *   has none yet (404, or an empty array: the user has not finished the widget).
 * @throws ApiError `fiat_on_ramp_provider_failure` (502) for a network error, a timeout (10 s),
 *   another non-2xx status, or an answer that is not an array of objects.
 */
export async function getMoonPayTransaction(
  apiUrl: string,
  publishableKey: string,
  externalTransactionId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<MoonPayTransaction | undefined> {
  const base = apiUrl.replace(/\/+$/, '');
  const url =
    `${base}/v1/transactions/ext/${encodeURIComponent(externalTransactionId)}` +
    `?apiKey=${encodeURIComponent(publishableKey)}`;
  let res: Response;
  try {
    res = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(MOONPAY_TIMEOUT_MS),
    });
  } catch (error) {
    throw providerFailure('no answer', error);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw providerFailure(`HTTP ${res.status}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (error) {
    throw providerFailure('the answer is not JSON', error);
  }
  if (!Array.isArray(body) || !body.every((t) => typeof t === 'object' && t !== null)) {
    throw providerFailure('the answer is not an array of transactions');
  }
  const transactions = body as MoonPayTransaction[];
  if (transactions.length === 0) return undefined;
  const time = (t: MoonPayTransaction) => Date.parse(t.createdAt ?? '') || 0;
  return transactions.reduce((latest, t) => (time(t) >= time(latest) ? t : latest));
}
