/**
 * `@latchkey/wagmi` through the real stack (issue 12 item 5), on the demo's wagmi card
 * (examples/demo/src/WagmiWallet.tsx: `latchkeyConnector()` in a wagmi `createConfig`,
 * `useLatchkeyWagmiSync`, @wagmi/core's `signMessage` and `sendTransaction` actions): log in ->
 * wagmi connects to the embedded wallet by itself; "Sign with wagmi" -> approved in the approval
 * frame -> the signature verifies with viem against the wallet's address; "Send with wagmi" ->
 * approved -> mined on anvil, the recipient's balance moved by 0.001 ETH; a reload reconnects
 * wagmi; "Log out" disconnects it. Screenshots: e2e/artifacts/wagmi-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem';
import { dialog, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  waitForArmed,
  approveInFrame,
  logInWithEmail,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

/** The demo's WAGMI_MESSAGE and WAGMI_RECIPIENT (examples/demo/src/WagmiWallet.tsx). */
const WAGMI_MESSAGE = 'Hello from wagmi';
const WAGMI_RECIPIENT = '0x000000000000000000000000000000000000a6a1';

/** Waits until the wagmi card reads `status` (and `address`, when given). */
async function waitForWagmi(page: Page, status: string, address?: string) {
  await page
    .getByTestId('wagmi-status')
    .filter({ hasText: new RegExp(`^${status}$`) })
    .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  if (address !== undefined) {
    await page
      .getByTestId('wagmi-address')
      .filter({ hasText: new RegExp(`^${address}$`) })
      .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  }
}

/** The wagmi card's result line, once it is not empty. */
async function wagmiResult(page: Page): Promise<string> {
  const el = page.getByTestId('wagmi-result').filter({ hasText: /\S/ });
  await el.waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  return ((await el.textContent()) ?? '').trim();
}

test(
  'wagmi: the connector follows login and logout; signMessage and sendTransaction on anvil',
  { timeout: 300_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'wagmi',
      { context: { viewport: { width: 1024, height: 900 } } },
      async (page) => {
        const chain = createPublicClient({ transport: http(stack.rpcUrl) });
        // 1. Logged out: wagmi is disconnected. Log in: the wallet is created, wagmi connects.
        const email = uniqueEmail('wagmi');
        await logInWithEmail(page, stack, email);
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const address = (await shownAddress(page)) as Hex;
        await waitForWagmi(page, 'connected', address);
        await page
          .getByTestId('wallet-balance')
          .filter({ hasText: /ETH/ })
          .waitFor({ timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'wagmi-1-connected');

        // 2. signMessage through the connector: the sign screen, approved inside the frame.
        await page.getByRole('button', { name: 'Sign with wagmi', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
        await waitForArmed(page, WALLET_TIMEOUT_MS);
        await screenshot(page, 'wagmi-2-sign');
        await approveInFrame(page);
        const signature = (await wagmiResult(page)) as Hex;
        assert.match(signature, /^0x[0-9a-f]{130}$/, `a 65-byte signature: ${signature}`);
        assert.ok(
          await verifyMessage({ address, message: WAGMI_MESSAGE, signature }),
          'the signature verifies with viem against the embedded wallet address',
        );
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

        // 3. sendTransaction on anvil: the send screen, approved; mined; the balance moved.
        const before = await chain.getBalance({ address: WAGMI_RECIPIENT });
        await page.getByRole('button', { name: 'Send with wagmi', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
        await waitForArmed(page, WALLET_TIMEOUT_MS);
        await screenshot(page, 'wagmi-3-send');
        await approveInFrame(page);
        const sent = await wagmiResult(page);
        const [hash, status] = sent.split(' ') as [Hex, string];
        assert.match(hash, /^0x[0-9a-f]{64}$/, `a transaction hash: ${sent}`);
        assert.equal(status, 'success');
        const receipt = await chain.getTransactionReceipt({ hash });
        assert.equal(receipt.from.toLowerCase(), address.toLowerCase());
        assert.equal(receipt.to?.toLowerCase(), WAGMI_RECIPIENT);
        const after = await chain.getBalance({ address: WAGMI_RECIPIENT });
        assert.equal(after - before, parseEther('0.001'), 'the recipient received 0.001 ETH');
        await screenshot(page, 'wagmi-4-sent');

        // 4. A reload restores the session; wagmi connects again once the wallet is back.
        await page.reload();
        await waitForStatus(page, 'authenticated');
        await waitForWagmi(page, 'connected', address);

        // 5. Log out: wagmi disconnects.
        await page.getByRole('button', { name: 'Log out', exact: true }).click();
        await waitForStatus(page, 'unauthenticated');
        await waitForWagmi(page, 'disconnected');
        assert.equal(await page.getByTestId('wagmi-address').textContent(), '');
        await screenshot(page, 'wagmi-5-logged-out');
      },
    );
  },
);
