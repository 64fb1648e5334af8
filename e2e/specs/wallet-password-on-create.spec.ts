/**
 * `requireUserOwnedRecoveryOnCreate` through the real stack (issue 3): after the login code the
 * password flow runs as part of wallet creation (started automatically: no Cancel), 'Success'
 * closes by itself after 1400 ms into 'Welcome', and the wallet is created with user-passcode
 * recovery. Screenshots: e2e/artifacts/wallet-on-create-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dialog, shownUser, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import {
  recordConsole,
  reportFailure,
  screenshot,
  uniqueEmail,
  useStackAndBrowser,
  withFailureScreenshot,
} from '../harness.ts';
import { dialogButton, logInWithEmail, shownAddress, waitForScreen } from '../wallet.ts';

const env = useStackAndBrowser();
const PASSWORD = 'Harbor-Velvet-Comet-7';

test(
  'requireUserOwnedRecoveryOnCreate: the password flow creates the wallet',
  { timeout: 180_000 },
  async () => {
    const { stack, browser } = env;
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    const consoleLines = recordConsole(page);
    const d = () => dialog(page);
    const title = (text: string) =>
      d()
        .locator('.lk-header__title', { hasText: text })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    try {
      await withFailureScreenshot(page, 'wallet-password-on-create', async () => {
        await logInWithEmail(page, stack, uniqueEmail('oncreate'), '?passwordOnCreate=1');
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN');
        await title('Set a password');
        await screenshot(page, 'wallet-on-create-1-set');
        await d().getByLabel('Password', { exact: true }).fill(PASSWORD);
        await dialogButton(page, 'Continue').click();
        await title('Save your password');
        await dialogButton(page, 'Continue').click();
        await d().getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
        await dialogButton(page, 'Continue').click();
        await title('Confirm you saved it');
        assert.equal(
          await dialogButton(page, 'Cancel').count(),
          0,
          'no Cancel in a flow the app started',
        );
        await d().getByRole('checkbox').check();
        await dialogButton(page, 'Set Password').click();
        await title('Success');
        await screenshot(page, 'wallet-on-create-2-success');
        // Closes itself (1400 ms) into the created screen, which closes itself (2.5 s).
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN', UI_TIMEOUT_MS);
        await title('Welcome');
        await d().waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const address = await shownAddress(page);
        const user = await shownUser(page);
        const wallet = (user?.linkedAccounts as Record<string, unknown>[]).find(
          (a) => a.type === 'wallet',
        );
        assert.equal(wallet?.address, address);
        assert.equal(wallet?.recoveryMethod, 'user-passcode');
        await screenshot(page, 'wallet-on-create-3-done');
      });
    } catch (error) {
      reportFailure(stack, consoleLines);
      throw error;
    } finally {
      await context.close();
    }
  },
);
