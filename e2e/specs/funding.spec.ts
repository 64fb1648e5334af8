/**
 * Funding (issue 20) in Chromium, against the dev stack's MoonPay stand-in and its ETH / USD
 * feed on anvil ($3,000; `scripts/start.ts`):
 * - the demo's 'Fund wallet' opens FIAT_ON_RAMP_PROMPT_SCREEN; 'Continue to Moonpay' opens the
 *   stand-in's buy page in a new tab (the URL signed by the server with the dev app's sandbox
 *   key: the page checks the signature); the status screen shows 'In Progress' while the
 *   purchase waits for payment, and "You've funded your account!" once the buy page moves it to
 *   completed; Continue resolves `fundWallet` with `completed`;
 * - with `?fiat=1` (priceDisplay fiat-currency) the send screen shows dollar amounts; a send of
 *   more than the balance shows them under the token amounts and 'Add Funds', which opens the
 *   on-ramp prompt;
 * - screenshots of both screens, light and dark, at 1280 and 390 px.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { dialog, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  clearResult,
  dialogButton,
  logInWithEmail,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForArmed,
  waitForResult,
  sendThroughHook,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

/** Progress on stderr (a failure's log then says which step hung). */
const step = (what: string) =>
  process.stderr.write(`[funding ${new Date().toISOString()}] ${what}\n`);

/** The prompt's button once the server signed the buy page's URL. */
function continueButton(page: Page) {
  return dialogButton(page, 'Continue to Moonpay');
}

test(
  'funding: the card on-ramp through the MoonPay stand-in, dollar amounts and Add Funds',
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'funding',
      { context: { viewport: { width: 1280, height: 800 } } },
      async (page, context) => {
        await logInWithEmail(page, stack, uniqueEmail('funding'));
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const address = await shownAddress(page);

        step('1 fund');
        // 1. Fund wallet -> prompt -> MoonPay's page in a new tab -> In Progress -> completed.
        await clearResult(page);
        await page.getByRole('button', { name: 'Fund wallet', exact: true }).click();
        await waitForScreen(page, 'FIAT_ON_RAMP_PROMPT_SCREEN');
        await continueButton(page).waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        assert.match(
          (await dialog(page).locator('ol').textContent()) ?? '',
          new RegExp(`goes straight to ${address.slice(0, 6)}…${address.slice(-4)}`),
        );
        assert.equal(
          await dialog(page)
            .getByText(/By logging in/)
            .count(),
          0,
          'no login terms line for a logged-in user funding a wallet',
        );
        await screenshot(page, 'funding-prompt-light-1280');
        const [tab] = await Promise.all([
          context.waitForEvent('page'),
          continueButton(page).click(),
        ]);
        step('1 tab opened');
        await tab.waitForLoadState('domcontentloaded');
        const buyPage = new URL(tab.url());
        assert.equal(buyPage.origin, stack.moonpayUrl, 'the buy page is the stand-in');
        assert.equal(buyPage.searchParams.get('walletAddress'), address);
        assert.equal(
          await tab.locator('#signature').textContent(),
          'valid',
          "MoonPay's signature check of the server-signed URL",
        );
        // The new tab has no handle on the modal's page (noopener).
        assert.equal(await tab.evaluate(() => window.opener === null), true);
        await waitForScreen(page, 'FIAT_ON_RAMP_STATUS_SCREEN');
        await dialog(page)
          .getByRole('heading', { name: 'In Progress' })
          .waitFor({ timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'funding-status-progress-light-1280');
        step('1 completing');
        await tab.getByRole('button', { name: 'completed', exact: true }).click();
        // The form's POST answers 303 back to the buy page: close the tab only once that page
        // shows the new status, since a close racing a navigation's commit can hang Chromium for
        // good (microsoft/playwright#41900; the stop-41 CI run hung here for 4 minutes).
        await tab
          .locator('#status', { hasText: 'completed' })
          .waitFor({ timeout: WALLET_TIMEOUT_MS });
        await tab.close();
        await dialog(page)
          .getByRole('heading', { name: "You've funded your account!" })
          .waitFor({ timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'funding-status-completed-light-1280');
        await dialogButton(page, 'Continue').click();
        assert.equal(await waitForResult(page), 'Funding: completed');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

        step('2 fiat send');
        // 2. Dollar amounts on the send screen (?fiat=1): 0.001 ETH at $3,000 is $3.00.
        await page.goto(`${stack.demoUrl}/?fiat=1`);
        await waitForStatus(page, 'authenticated');
        await shownAddress(page);
        await clearResult(page);
        await page.getByRole('button', { name: 'Send transaction', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
        const fiat = dialog(page).getByTestId('send-fiat');
        await fiat.waitFor({ timeout: WALLET_TIMEOUT_MS });
        assert.match((await fiat.textContent()) ?? '', /^Amount≈ \$3\.00Estimated fee≈ /);
        await waitForArmed(page);
        await dialogButton(page, 'Close').click();
        assert.match(await waitForResult(page), /4001/);

        step('3 too much');
        // 3. More than the balance: dollar values under the amounts and 'Add Funds' -> prompt.
        const tooMuch = sendThroughHook(page, {
          to: '0x000000000000000000000000000000000000dEaD',
          value: '0x21e19e0c9bab2400000', // 10,000 ETH
          chainId: 31337,
        });
        await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
        const amount = dialog(page).getByTestId('send-amount');
        await amount.waitFor({ timeout: WALLET_TIMEOUT_MS });
        await dialog(page)
          .locator('.lk-send__amount .lk-send__usd')
          .waitFor({ timeout: WALLET_TIMEOUT_MS });
        assert.equal(await amount.textContent(), '10,000 ETH$30,000,000.00');
        await screenshot(page, 'funding-send-insufficient-usd');
        step('3 add funds');
        await dialogButton(page, 'Add Funds').click();
        await waitForScreen(page, 'FIAT_ON_RAMP_PROMPT_SCREEN');
        await continueButton(page).waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await dialogButton(page, 'Close').click();
        step('3 closed');
        assert.equal(await tooMuch, '4001 user rejected');

        // 4. Both screens in dark mode and at 390 px, for review.
        for (const [width, height] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          for (const theme of ['light', 'dark'] as const) {
            if (width === 1280 && theme === 'light') continue;
            step(`4 ${theme} ${width}`);
            await page.setViewportSize({ width, height });
            await page.goto(`${stack.demoUrl}/?theme=${theme}`);
            await waitForStatus(page, 'authenticated');
            await shownAddress(page);
            await page.getByRole('button', { name: 'Fund wallet', exact: true }).click();
            await waitForScreen(page, 'FIAT_ON_RAMP_PROMPT_SCREEN');
            await continueButton(page).waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
            await screenshot(page, `funding-prompt-${theme}-${width}`);
            const [shot] = await Promise.all([
              context.waitForEvent('page'),
              continueButton(page).click(),
            ]);
            await dialog(page)
              .getByRole('heading', { name: 'In Progress' })
              .waitFor({ timeout: WALLET_TIMEOUT_MS });
            step('4 completing');
            // The purchase moves on through the stand-in's control call (the click on its page
            // is step 1's): a click here, on a tab still loading, could leave the POST hanging.
            await shot.waitForLoadState('domcontentloaded');
            const id = new URL(shot.url()).searchParams.get('externalTransactionId');
            assert.ok(id, 'the buy page carries the external transaction id');
            const put = await fetch(
              `${stack.moonpayUrl}/_standin/transactions/${encodeURIComponent(id)}`,
              {
                method: 'PUT',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ status: 'completed' }),
              },
            );
            assert.equal(put.ok, true, 'the stand-in took the new status');
            await shot.close();
            await dialog(page)
              .getByRole('heading', { name: "You've funded your account!" })
              .waitFor({ timeout: WALLET_TIMEOUT_MS });
            await screenshot(page, `funding-status-completed-${theme}-${width}`);
            await dialogButton(page, 'Continue').click();
            await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          }
        }
      },
    );
  },
);
