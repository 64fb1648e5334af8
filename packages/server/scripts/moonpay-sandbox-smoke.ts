/**
 * Smoke check of the card on-ramp against MoonPay's REAL sandbox (issue 20), for operators who
 * have sandbox keys (https://dashboard.moonpay.com, "Developers"; the tests use a local stand-in):
 *
 * ```sh
 * MOONPAY_PUBLISHABLE_KEY=pk_test_... MOONPAY_SECRET_KEY=sk_test_... \
 *   npx tsx packages/server/scripts/moonpay-sandbox-smoke.ts [0xWalletAddress] [externalTransactionId]
 * ```
 *
 * 1. Signs a buy widget URL for `https://buy-sandbox.moonpay.com` with the server's own code
 *    (`signMoonPayBuyUrl`, `@moonpay/moonpay-node`) and prints it: open it in a browser; MoonPay
 *    shows an error instead of the widget when the signature or key is wrong.
 * 2. Asks MoonPay's API for a random external id (`GET /v1/transactions/ext/{id}?apiKey=`, via
 *    `getMoonPayTransaction`): "none yet" (404) proves the key and the path; any other failure
 *    exits 1.
 * 3. With an `externalTransactionId` (the id of a sandbox purchase made through a URL printed by
 *    step 1), prints MoonPay's status and the spec state it maps to.
 *
 * Exit code 0 when every step passed.
 */
import { randomBytes } from 'node:crypto';
import {
  fiatOnRampStatusOf,
  getMoonPayTransaction,
  MOONPAY_API_URL,
  MOONPAY_WIDGET_URLS,
  signMoonPayBuyUrl,
} from '../src/funding/moonpay.ts';

const publishableKey = process.env.MOONPAY_PUBLISHABLE_KEY ?? '';
const secretKey = process.env.MOONPAY_SECRET_KEY ?? '';
if (!publishableKey.startsWith('pk_test_') || !secretKey.startsWith('sk_test_')) {
  console.error('Set MOONPAY_PUBLISHABLE_KEY=pk_test_... and MOONPAY_SECRET_KEY=sk_test_...');
  process.exit(1);
}
const walletAddress = process.argv[2] ?? '0x0000000000000000000000000000000000000001';
const externalTransactionId = process.argv[3] ?? randomBytes(18).toString('base64url');

const url = signMoonPayBuyUrl(
  MOONPAY_WIDGET_URLS.sandbox,
  { publishableKey, secretKey },
  { currencyCode: 'eth', walletAddress, externalTransactionId },
);
console.log(`1. Signed sandbox widget URL (open it):\n   ${url}`);

const transaction = await getMoonPayTransaction(
  MOONPAY_API_URL,
  publishableKey,
  externalTransactionId,
);
if (!transaction) {
  console.log(
    `2. MoonPay has no transaction for ${externalTransactionId} yet (404): key and API path OK`,
  );
} else {
  console.log(
    `3. ${externalTransactionId}: MoonPay status ${transaction.status} ` +
      `(payment ${transaction.paymentMethod ?? 'unknown'}) -> ${fiatOnRampStatusOf(transaction)}`,
  );
}
