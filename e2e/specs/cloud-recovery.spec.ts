/**
 * Cloud recovery through the real stack (issue 23; spec sections 2, 4, 5 and 8): the wallet's
 * recovery share sealed in the wallet frame, its key in the user's own Google Drive
 * (`appDataFolder`, the Drive v3 stand-in checking tokens of the local OpenID provider) or
 * iCloud (the CloudKit Web Services stand-in's private database).
 *
 * 1. Google Drive: a wallet created on login -> 'Back up wallet' -> the backup selection ->
 *    Google Drive -> the OAuth screen frames the cloud page -> a click inside it opens the
 *    provider's pop-up -> signed in there, the pop-up closes and the backup is set
 *    (recoveryMethod 'google-drive'). On a new device (a fresh browser context) the same login
 *    lands on the recovery screen; a Drive account without the backup gives 'Recovery with
 *    Google Drive unsuccessful' and its hint inside the frame; Try again with the right account
 *    recovers the same address, which then signs (viem verifies it).
 * 2. iCloud, dark theme, at creation (`?cloudOnCreate=1`): the selection -> iCloud -> the
 *    CloudKit sign-in pop-up -> the wallet is created with iCloud recovery; a new device
 *    recovers the same address through the sign-in again.
 * 3. A blocked pop-up (window.open answers null inside the cloud page): the frame sends the top
 *    window to the provider (the redirect fallback); back on the demo, the modal reopens on the
 *    OAuth screen and a click inside the frame finishes the backup.
 * Screenshots: e2e/artifacts/cloud-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { dialog, shownUser, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  approveInFrame,
  dialogButton,
  logInWithEmail,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();
const DEMO_MESSAGE = 'Hello from the Latchkey demo';
const SELECTION = 'EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN';
const OAUTH = 'EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN';
const VIEWPORT = { width: 1024, height: 800 };

/** The cloud page framed by the OAuth screen. */
const cloudFrame = (page: Page) => page.frameLocator('iframe[src*="/embedded-wallets/cloud"]');

/** The wallet's linked account as the demo shows the user (after a reload, to see it fresh). */
async function shownWallet(page: Page): Promise<Record<string, unknown> | undefined> {
  const user = await shownUser(page);
  return (user?.linkedAccounts as Record<string, unknown>[] | undefined)?.find(
    (a) => a.type === 'wallet',
  );
}

/**
 * Clicks the cloud page's button (a real click, once the frame's click guard armed it) and
 * returns the provider's pop-up it opens.
 */
async function openProviderPopup(page: Page, name: string | RegExp): Promise<Page> {
  const button = cloudFrame(page).getByTestId('cloud-button');
  await button.filter({ hasText: name }).waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  await cloudFrame(page)
    .locator('[data-testid="cloud-button"]:not([aria-disabled="true"])')
    .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  const popup = page.waitForEvent('popup', { timeout: UI_TIMEOUT_MS });
  await button.click();
  return popup;
}

/**
 * Signs in on a provider page (the local OpenID provider's 'Username', CloudKit's 'Apple ID').
 * @returns a promise of the page's close, listened for before the click: CloudKit's page posts
 *   the token and closes at once, before a listener added afterwards would hear it.
 */
async function signInAt(
  popup: Page,
  label: string,
  username: string,
  shot?: string,
): Promise<Promise<void>> {
  const field = popup.getByLabel(label);
  await field.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await field.fill(username);
  if (shot) await screenshot(popup, shot);
  const closed = popup.waitForEvent('close', { timeout: WALLET_TIMEOUT_MS }).then(
    () => undefined,
    async (error: unknown) => {
      if (popup.isClosed()) return;
      const where = `${popup.url()}\n${(await popup.content().catch(() => '')).slice(0, 1500)}`;
      throw new Error(`the provider pop-up did not close: ${where}`, { cause: error });
    },
  );
  // Not left unhandled while the caller has not awaited it yet.
  closed.catch(() => {});
  await popup.getByRole('button', { name: 'Sign in' }).click();
  return closed;
}

/** Opens the selection's 'Why do I need to secure my account?' explainer and checks its list. */
async function openExplainer(page: Page, shot: string): Promise<void> {
  await dialog(page).getByText('Why do I need to secure my account?', { exact: true }).click();
  const items = dialog(page).locator('.lk-why li');
  await items.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  assert.deepEqual(
    (await items.allTextContents()).map((t) => t.split(':')[0]),
    ['Google Drive', 'iCloud', 'Password'],
    'the explainer lists the backups',
  );
  await screenshot(page, shot);
}

/** A new device: a fresh context, the same email login, up to the recovery screen. */
async function newDevice(
  context: BrowserContext,
  email: string,
  query = '',
): Promise<{ page: Page }> {
  const page = await context.newPage();
  await logInWithEmail(page, env.stack, email, query);
  await waitForScreen(page, OAUTH);
  return { page };
}

test(
  'Google Drive: back up, recover on a new device (another account first), sign with the same address',
  { timeout: 300_000 },
  async () => {
    const { stack } = env;
    const email = uniqueEmail('cloud-drive');
    const driveUser = `drive${Date.now().toString(36)}`;
    let address = '';
    await withPage(env, 'cloud-drive-backup', { context: { viewport: VIEWPORT } }, async (page) => {
      await logInWithEmail(page, stack, email);
      await waitForStatus(page, 'authenticated');
      address = await shownAddress(page);
      assert.equal((await shownWallet(page))?.recoveryMethod, 'latchkey');

      await page.getByRole('button', { name: 'Back up wallet', exact: true }).click();
      await waitForScreen(page, SELECTION);
      for (const name of ['Password', 'Google Drive', 'iCloud']) {
        await dialogButton(page, name).waitFor({ state: 'visible' });
      }
      await screenshot(page, 'cloud-1-selection');
      await openExplainer(page, 'cloud-1b-explainer');
      await dialogButton(page, 'Google Drive').click();
      await waitForScreen(page, OAUTH);
      await dialog(page)
        .locator('.lk-header__title', { hasText: /^Back up to Google Drive$/ })
        .waitFor({ state: 'visible' });
      await cloudFrame(page)
        .getByTestId('cloud-button')
        .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
      await screenshot(page, 'cloud-2-backup-screen');

      const popup = await openProviderPopup(page, 'Continue with Google Drive');
      await await signInAt(popup, 'Username', driveUser, 'cloud-3-provider-login');
      assert.equal(await waitForResult(page), 'Backup set');
      await dialog(page)
        .locator('.lk-header__title', { hasText: /^Backup complete$/ })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'cloud-4-backup-done');
      await dialog(page)
        .locator('.lk-button', { hasText: /^Close$/ })
        .click();
      await page.reload();
      await waitForStatus(page, 'authenticated');
      assert.equal(await shownAddress(page), address);
      assert.equal((await shownWallet(page))?.recoveryMethod, 'google-drive');
    });

    // A new device: the recovery screen; another Drive account first.
    await withPage(
      env,
      'cloud-drive-recover',
      { context: { viewport: VIEWPORT } },
      async (_unused, context) => {
        const { page } = await newDevice(context, email);
        await dialog(page)
          .locator('.lk-header__title', { hasText: /^Restore from Google Drive$/ })
          .waitFor({ state: 'visible' });
        await cloudFrame(page)
          .getByTestId('cloud-button')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'cloud-5-recover-screen');
        let popup = await openProviderPopup(page, 'Continue with Google Drive');
        await await signInAt(popup, 'Username', `${driveUser}-other`);
        const frame = cloudFrame(page);
        await frame
          .getByTestId('cloud-failure')
          .filter({ hasText: 'Recovery with Google Drive unsuccessful' })
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        assert.equal(
          (await frame.getByTestId('cloud-hint').textContent())?.trim(),
          'Please verify that you are selecting the Google Drive account associated with your backup.',
        );
        await screenshot(page, 'cloud-6-wrong-account');

        // The provider remembers its session: sign out there (its cookies) and pick the right one.
        await context.clearCookies({ domain: new URL(stack.oidcUrl).hostname });
        popup = await openProviderPopup(page, 'Try again');
        await await signInAt(popup, 'Username', driveUser);
        await dialog(page).waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });
        assert.equal(await shownAddress(page), address, 'the same wallet, recovered');

        await page.getByRole('button', { name: 'Sign message', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
        await approveInFrame(page);
        const signature = await waitForResult(page);
        assert.match(signature, /^0x[0-9a-f]{130}$/);
        assert.ok(
          await verifyMessage({
            address: address as `0x${string}`,
            message: DEMO_MESSAGE,
            signature: signature as `0x${string}`,
          }),
          'the recovered wallet signs for the same address',
        );
      },
    );
  },
);

test(
  'iCloud at creation (dark): the wallet is created with iCloud recovery and recovered on a new device',
  { timeout: 300_000 },
  async () => {
    const { stack } = env;
    const email = uniqueEmail('cloud-icloud');
    const appleId = `apple${Date.now().toString(36)}@example.com`;
    const query = '?cloudOnCreate=1&theme=dark';
    let address = '';
    await withPage(
      env,
      'cloud-icloud-create',
      { context: { viewport: VIEWPORT } },
      async (page) => {
        await logInWithEmail(page, stack, email, query);
        await waitForScreen(page, SELECTION);
        await screenshot(page, 'cloud-7-create-selection-dark');
        await openExplainer(page, 'cloud-7b-explainer-dark');
        await dialogButton(page, 'iCloud').click();
        await waitForScreen(page, OAUTH);
        await dialog(page)
          .locator('.lk-header__title', { hasText: /^Back up to iCloud$/ })
          .waitFor({ state: 'visible' });
        await cloudFrame(page)
          .getByTestId('cloud-button')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'cloud-8-icloud-screen-dark');
        const popup = await openProviderPopup(page, 'Continue with iCloud');
        await await signInAt(popup, 'Apple ID', appleId, 'cloud-9-icloud-sign-in');
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN', WALLET_TIMEOUT_MS);
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        address = await shownAddress(page);
        assert.equal((await shownWallet(page))?.recoveryMethod, 'icloud');
      },
    );

    await withPage(
      env,
      'cloud-icloud-recover',
      { context: { viewport: { width: 390, height: 844 } } },
      async (_unused, context) => {
        const { page } = await newDevice(context, email, query);
        await dialog(page)
          .locator('.lk-header__title', { hasText: /^Restore from iCloud$/ })
          .waitFor({ state: 'visible' });
        await cloudFrame(page)
          .getByTestId('cloud-button')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'cloud-10-icloud-recover-390-dark');
        const popup = await openProviderPopup(page, 'Continue with iCloud');
        await await signInAt(popup, 'Apple ID', appleId);
        await dialog(page).waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });
        assert.equal(await shownAddress(page), address, 'the same wallet, recovered from iCloud');
      },
    );
  },
);

test(
  'a blocked pop-up: the redirect fallback takes the top window to Google and back, and the backup completes',
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    const email = uniqueEmail('cloud-redirect');
    await withPage(
      env,
      'cloud-redirect',
      {
        context: { viewport: VIEWPORT },
        // The browser's pop-up blocker, as the cloud page sees it: window.open answers null.
        setUp: (context) =>
          context.addInitScript(() => {
            if (location.pathname.endsWith('/embedded-wallets/cloud')) {
              window.open = () => null;
            }
          }),
      },
      async (page) => {
        await logInWithEmail(page, stack, email);
        await waitForStatus(page, 'authenticated');
        const address = await shownAddress(page);
        await page.getByRole('button', { name: 'Back up wallet', exact: true }).click();
        await waitForScreen(page, SELECTION);
        await dialogButton(page, 'Google Drive').click();
        await waitForScreen(page, OAUTH);
        const button = cloudFrame(page).locator(
          '[data-testid="cloud-button"]:not([aria-disabled="true"])',
        );
        await button.waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await button.click();
        // The top window goes to the provider's login page.
        await page.waitForURL((url) => url.href.startsWith(stack.oidcUrl), {
          timeout: WALLET_TIMEOUT_MS,
        });
        const field = page.getByLabel('Username');
        await field.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await field.fill(`redirect${Date.now().toString(36)}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL((url) => url.href.startsWith(stack.demoUrl), {
          timeout: WALLET_TIMEOUT_MS,
        });
        await waitForScreen(page, OAUTH);
        const resume = cloudFrame(page).getByTestId('cloud-button').filter({ hasText: 'Continue' });
        await resume.waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'cloud-11-redirect-return');
        await cloudFrame(page)
          .locator('[data-testid="cloud-button"]:not([aria-disabled="true"])')
          .click();
        await dialog(page)
          .locator('.lk-header__title', { hasText: /^Backup complete$/ })
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        assert.equal(
          new URL(page.url()).searchParams.get('latchkey_oauth_code'),
          null,
          'the return parameters are gone from the URL',
        );
        await dialog(page)
          .locator('.lk-button', { hasText: /^Close$/ })
          .click();
        await page.reload();
        await waitForStatus(page, 'authenticated');
        assert.equal(await shownAddress(page), address);
        assert.equal((await shownWallet(page))?.recoveryMethod, 'google-drive');
      },
    );
  },
);
