/**
 * External wallet login (SIWE) and connect-only on the demo, in Chromium, with a test wallet
 * injected into the page (an EIP-1193 provider over a viem local account, announced through
 * EIP-6963): log in with it and see the user with a `wallet` linked account; reject the
 * signature and see LOGIN_FAILED_SCREEN, then Try again; connect a wallet without logging in.
 * Screenshots: e2e/artifacts/siwe-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  dialog,
  linkedAccounts,
  openDemo,
  shownUser,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import {
  recordConsole,
  reportFailure,
  screenshot,
  useStackAndBrowser,
  withFailureScreenshot,
} from '../harness.ts';
import {
  installTestWallet,
  setRejecting,
  TEST_WALLET_CLIENT_TYPE,
  TEST_WALLET_NAME,
  testAccount,
  walletRequests,
} from '../testWallet.ts';

const env = useStackAndBrowser();

/** The test wallet's button in the modal's wallet list. */
const walletButton = (page: Page) =>
  dialog(page).getByRole('button', { name: new RegExp(TEST_WALLET_NAME) });

async function withPage(name: string, body: (page: Page) => Promise<void>) {
  const { stack, browser } = env;
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  await installTestWallet(context);
  const page = await context.newPage();
  const consoleLines = recordConsole(page);
  try {
    await withFailureScreenshot(page, name, () => body(page));
  } catch (error) {
    reportFailure(stack, consoleLines);
    throw error;
  } finally {
    await context.close();
  }
}

/** The demo's `data-testid="wallets"` list items. */
async function shownWallets(page: Page): Promise<string[]> {
  return page.getByTestId('wallets').locator('li').allTextContents();
}

test(
  'a person logs in with an injected wallet (SIWE) and gets a wallet linked account',
  { timeout: 180_000 },
  async () => {
    await withPage('siwe-login', async (page) => {
      await openDemo(page, env.stack.demoUrl);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await walletButton(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      // 'Connect' shows on hover (spec section 2).
      await walletButton(page).hover();
      await dialog(page)
        .getByText('Connect', { exact: true })
        .first()
        .waitFor({ state: 'visible' });
      await screenshot(page, 'siwe-login-1-landing');

      await walletButton(page).click();
      // Injected wallets are asked to sign at once; the modal closes after the success state.
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await waitForStatus(page, 'authenticated');
      const requests = (await walletRequests(page)).filter((r) => r !== 'eth_accounts');
      // The login: connect, read the chain, sign once. After it only reads: the demo's wagmi
      // card (@latchkey/wagmi) connects to the wallet the user logged in with and reads its chain.
      const signed = requests.indexOf('personal_sign');
      assert.deepEqual(
        requests.slice(0, signed + 1),
        ['eth_requestAccounts', 'eth_chainId', 'personal_sign'],
        'connect, read the chain, sign once',
      );
      assert.deepEqual(
        requests.slice(signed + 1).filter((r) => r !== 'eth_chainId'),
        [],
        'nothing but chain reads after the login signature',
      );
      const user = await shownUser(page);
      assert.ok(user, 'the demo shows the user');
      const wallets = linkedAccounts(user).filter((a) => a.type === 'wallet');
      assert.equal(wallets.length, 1, `one wallet account: ${JSON.stringify(user)}`);
      assert.equal(wallets[0]!.address, testAccount.address);
      assert.equal(wallets[0]!.walletClientType, TEST_WALLET_CLIENT_TYPE);
      assert.equal(wallets[0]!.connectorType, 'injected');
      assert.equal(wallets[0]!.chainId, 'eip155:31337');
      const listed = await shownWallets(page);
      assert.equal(listed.length, 1, `the demo lists the connected wallet: ${listed.join(' | ')}`);
      assert.ok(listed[0]!.includes(testAccount.address) && listed[0]!.includes('linked'));
      await screenshot(page, 'siwe-login-2-logged-in');

      // The session survives a reload; logging out ends it.
      await page.reload();
      await waitForStatus(page, 'authenticated');
      assert.equal((await shownUser(page))?.id, user.id);
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      await waitForStatus(page, 'unauthenticated');
    });
  },
);

test(
  'a rejected signature shows LOGIN_FAILED_SCREEN; Try again then logs in',
  { timeout: 180_000 },
  async () => {
    await withPage('siwe-reject', async (page) => {
      await openDemo(page, env.stack.demoUrl);
      await setRejecting(page, true);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await walletButton(page).click();
      const failed = dialog(page).getByRole('heading', { name: 'Could not connect with wallet' });
      await failed.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await dialog(page)
        .getByText('You declined the request in your wallet.')
        .waitFor({ state: 'visible' });
      assert.equal(await dialog(page).getByRole('button', { name: 'Cancel' }).count(), 1);
      await screenshot(page, 'siwe-reject-1-failed');
      assert.equal(await shownUser(page), null, 'nobody is logged in');

      await setRejecting(page, false);
      await dialog(page).getByRole('button', { name: 'Try again' }).click();
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await waitForStatus(page, 'authenticated');
      const user = await shownUser(page);
      assert.equal(linkedAccounts(user!).filter((a) => a.type === 'wallet').length, 1);
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      await waitForStatus(page, 'unauthenticated');
    });
  },
);

test(
  'connect-only: a wallet connects without a login and shows in the wallet list',
  { timeout: 180_000 },
  async () => {
    await withPage('siwe-connect-only', async (page) => {
      await openDemo(page, env.stack.demoUrl);
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click();
      await walletButton(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'siwe-connect-only-1-landing');
      await walletButton(page).click();
      await dialog(page)
        .getByRole('heading', { name: 'Wallet connected' })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'siwe-connect-only-2-connected');
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      assert.ok(!(await walletRequests(page)).includes('personal_sign'), 'no signature asked');
      const listed = await shownWallets(page);
      assert.equal(listed.length, 1, listed.join(' | '));
      assert.ok(listed[0]!.includes(testAccount.address) && listed[0]!.includes('connected only'));
      assert.equal(await page.getByTestId('status').textContent(), 'unauthenticated');
      await screenshot(page, 'siwe-connect-only-3-page');
    });
  },
);

test(
  'no dead ends: WalletConnect without a project id is not listed; MetaMask not installed links its install page, Try again, Cancel',
  { timeout: 180_000 },
  async () => {
    await withPage('siwe-unavailable', async (page) => {
      await openDemo(page, env.stack.demoUrl);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      const more = dialog(page).getByRole('button', { name: 'More wallets' });
      await dialog(page)
        .getByRole('button', { name: /MetaMask/ })
        .or(more)
        .first()
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      if (await more.isVisible()) await more.click();
      await dialog(page)
        .getByRole('button', { name: /MetaMask/ })
        .click();
      await dialog(page)
        .getByText('MetaMask is not installed in this browser.')
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      const install = dialog(page).getByRole('link', { name: 'Install MetaMask' });
      assert.equal(await install.getAttribute('href'), 'https://metamask.io/download/');
      await screenshot(page, 'siwe-metamask-not-installed');
      // Try again: back to the wallet list, where WalletConnect is not listed (no project id).
      await dialog(page).getByRole('button', { name: 'Try again' }).click();
      await dialog(page)
        .getByRole('button', { name: /MetaMask/ })
        .or(more)
        .first()
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      if (await more.isVisible()) await more.click();
      await dialog(page)
        .getByRole('button', { name: /MetaMask/ })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      assert.equal(
        await dialog(page)
          .getByRole('button', { name: /WalletConnect/ })
          .count(),
        0,
      );
      await dialog(page)
        .getByRole('button', { name: /MetaMask/ })
        .click();
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    });
  },
);
