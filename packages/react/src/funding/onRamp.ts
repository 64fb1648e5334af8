import {
  FIAT_ON_RAMP_MAX_POLL_FAILURES,
  FIAT_ON_RAMP_POLL_MS,
  FUNDING_ROUTES,
  type FundWalletConfig,
  type MoonpaySignResponse,
  type MoonpayStatusResponse,
} from '@latchkey/api';
import type { ApiClient } from '@latchkey/core';

/** The API client's request primitive (JSON in and out; non-2xx throws `ApiError`). */
type ApiRequest = ApiClient['request'];

/**
 * What FIAT_ON_RAMP_STATUS_SCREEN shows (spec section 4, "Fiat on-ramp result"): the server's
 * mapping of MoonPay's status (`pending` for anything not final, a card payment awaiting
 * authorization included), or `serviceFailure` after {@link FIAT_ON_RAMP_MAX_POLL_FAILURES}
 * consecutive failed polls.
 */
export type OnRampResult = MoonpayStatusResponse['status'] | 'serviceFailure';

/** What `fundWallet` resolves with (issue 20). */
export interface FundWalletResult {
  /** The last status shown: `pending` when the modal closed before a final one. */
  status: OnRampResult;
  /** The purchase's id (MoonPay's `externalTransactionId`). */
  externalTransactionId: string;
}

/** The results after which polling stops. */
export const FINAL_ON_RAMP_RESULTS: readonly OnRampResult[] = [
  'completed',
  'failed',
  'serviceFailure',
];

/**
 * `POST /api/v1/plugins/moonpay_on_ramp/sign` (spec section 7): MoonPay's buy widget URL for
 * `address`, signed by the server with the app's secret key, and the purchase's external id.
 * Never retried (each call files a purchase).
 *
 * @throws ApiError `fiat_on_ramp_disabled` (403), `fiat_on_ramp_not_configured` (409),
 *   `wallet_not_owned` (403), `invalid_data` (400), `too_many_requests` (429),
 *   `missing_or_invalid_token` (401); TimeoutError; NetworkError.
 */
export function signOnRamp(
  request: ApiRequest,
  body: { address: string; useSandbox: boolean; config?: FundWalletConfig },
): Promise<MoonpaySignResponse> {
  return request<MoonpaySignResponse>({
    method: 'POST',
    path: FUNDING_ROUTES.moonpaySign,
    body: { address: body.address, useSandbox: body.useSandbox, config: body.config ?? {} },
  });
}

/** Options of {@link pollOnRampStatus}. */
export interface PollOnRampOptions {
  request: ApiRequest;
  externalTransactionId: string;
  /** Called with each new result (not repeated while it stays the same). */
  onResult: (result: OnRampResult) => void;
  /** Between polls, in ms; default {@link FIAT_ON_RAMP_POLL_MS} (3000). */
  intervalMs?: number;
  /** Consecutive failures (404 aside) that give `serviceFailure`; default 3. */
  maxFailures?: number;
}

/**
 * Polls the purchase's status (spec section 4: every 3 s until a final state): the first poll at
 * once, then one `intervalMs` after each answer. A 404 (MoonPay has not filed the purchase yet)
 * is neither a result nor a failure; any other error counts, a good answer resets the count, and
 * `maxFailures` in a row end polling with `serviceFailure`. Polling stops at `completed`,
 * `failed` or `serviceFailure`, or when the returned function is called (the modal closed).
 *
 * @returns stop: ends polling; a poll in flight is ignored.
 */
export function pollOnRampStatus(options: PollOnRampOptions): () => void {
  const intervalMs = options.intervalMs ?? FIAT_ON_RAMP_POLL_MS;
  const maxFailures = options.maxFailures ?? FIAT_ON_RAMP_MAX_POLL_FAILURES;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let last: OnRampResult | undefined;
  const report = (result: OnRampResult) => {
    if (result === last) return;
    last = result;
    options.onResult(result);
  };
  const poll = async () => {
    timer = undefined;
    let result: OnRampResult | undefined;
    try {
      const answer = await options.request<MoonpayStatusResponse>({
        method: 'GET',
        path: FUNDING_ROUTES.moonpayStatus(options.externalTransactionId),
        retry: false,
      });
      failures = 0;
      result = answer.status;
    } catch (error) {
      if ((error as { status?: unknown }).status !== 404) {
        failures += 1;
        if (failures >= maxFailures) result = 'serviceFailure';
      }
    }
    if (stopped) return;
    if (result) report(result);
    if (result && FINAL_ON_RAMP_RESULTS.includes(result)) return;
    timer = setTimeout(() => void poll(), intervalMs);
  };
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
