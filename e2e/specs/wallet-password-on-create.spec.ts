/**
 * `requireUserOwnedRecoveryOnCreate` through the real stack (issue 3; issue 24 item 4): after
 * the login code the password flow runs as part of wallet creation (started automatically: no
 * Cancel). The password is typed in the wallet's password page, framed by the modal's screen
 * (`/apps/{appId}/embedded-wallets/password`); the page creates the wallet on the user's click
 * inside it. 'Success' closes by itself after 1400 ms into 'Welcome', and the wallet has
 * user-passcode recovery. Throughout, the password never shows in the host page: not in its
 * DOM or the modal's shadow root, not in its storage, not in any message it receives or posts.
 * Screenshots: e2e/artifacts/wallet-on-create-*.png.
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
import { messagesWith, probeMessages, scanHost } from '../password-probe.ts';
import { logInWithEmail, passwordFrame, shownAddress, waitForScreen } from '../wallet.ts';

const env = useStackAndBrowser();
const PASSWORD = 'Harbor-Velvet-Comet-7';

test(
  'requireUserOwnedRecoveryOnCreate: the password page creates the wallet; the host never sees the password',
  { timeout: 180_000 },
  async () => {
    const { stack, browser } = env;
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const messages = await probeMessages(context);
    const page = await context.newPage();
    const consoleLines = recordConsole(page);
    const d = () => dialog(page);
    const title = (text: string) =>
      d()
        .locator('.lk-header__title', { hasText: text })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const frame = passwordFrame(page);
    const noLeak = async (when: string) =>
      assert.deepEqual(
        await scanHost(page, PASSWORD),
        [],
        `the host page holds the password ${when}`,
      );
    try {
      await withFailureScreenshot(page, 'wallet-password-on-create', async () => {
        await logInWithEmail(page, stack, uniqueEmail('oncreate'), '?passwordOnCreate=1');
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN');
        await title('Set a password');
        const input = frame.getByLabel('Password', { exact: true });
        await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'wallet-on-create-1-set');
        await input.fill(PASSWORD);
        await noLeak('while it is typed');
        await frame.getByTestId('password-continue').click();
        await frame.getByText('Save your password').waitFor({ state: 'visible' });
        await noLeak('while the frame shows it to be saved');
        await frame.getByTestId('password-continue').click();
        await frame.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
        await frame.getByTestId('password-continue').click();
        await frame.getByText('Confirm you saved it').waitFor({ state: 'visible' });
        assert.equal(
          await d().getByRole('button', { name: 'Cancel', exact: true }).count(),
          0,
          'no Cancel in a flow the app started',
        );
        await frame.getByRole('checkbox').check();
        await frame.getByTestId('password-submit').click();
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

        await noLeak('after the wallet was created');
        // The probe saw the password page's request and answer (it can see messages at all).
        assert.ok(
          messages.some(
            (m) => m.kind === 'host-posted-to-frame' && m.text.includes('latchkey:wallet:password'),
          ),
          'the probe recorded the request the host posted to the password page',
        );
        assert.ok(
          messages.some((m) => m.kind === 'host-received' && m.text.includes(address)),
          "the probe recorded the page's answer",
        );
        assert.deepEqual(messagesWith(messages, PASSWORD), [], 'no message carries the password');
        // The scan finds what the host does show (it can fail).
        assert.notDeepEqual(await scanHost(page, address), [], 'the scan sees the host DOM');
      });
    } catch (error) {
      reportFailure(stack, consoleLines);
      throw error;
    } finally {
      await context.close();
    }
  },
);
