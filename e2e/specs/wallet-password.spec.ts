/**
 * The password flow through the real stack (issue 3; issue 24 item 4: the inputs belong to the
 * wallet frame). A wallet created on login (automatic 'latchkey' recovery) -> "Set password" ->
 * the update splash -> the password page framed by the screen (`/apps/{appId}/embedded-wallets/
 * password`): its four steps (validation texts, strength meter, generate, show/hide, Back, Copy,
 * Download file name, 'Passwords do not match', the acknowledgement, 'Set Password') ->
 * 'Success'. Then the frame's storage is cleared and the page reloaded: the recovery screen
 * frames the page, a wrong password shows 'Invalid recovery password, please try again.' in it,
 * the right one recovers the same address. Then the password is changed (the page again), and
 * on a new login on yet another "device" the new password recovers the wallet.
 * Throughout (create, recover, change) the password never shows in the host page: not in its DOM
 * or the modal's shadow root, its storage, or any message it receives or posts.
 * Screenshots: e2e/artifacts/wallet-password-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dialog, submitEmail, typeCode, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import {
  recordConsole,
  reportFailure,
  screenshot,
  uniqueEmail,
  useStackAndBrowser,
  withFailureScreenshot,
} from '../harness.ts';
import { messagesWith, probeMessages, scanHost } from '../password-probe.ts';
import {
  clearFrameStorage,
  dialogButton,
  logInWithEmail,
  passwordFrame,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();
const PASSWORD = 'Orbit-Lantern-Maple-42';
const WRONG = 'Wrong-Password-1';
const NEW_PASSWORD = 'Quartz-Meadow-Falcon-8';

test(
  'password flow: set a password, recover with it, change it, recover with the new one; the host never sees it',
  { timeout: 300_000 },
  async () => {
    const { stack, browser } = env;
    const context = await browser.newContext({
      viewport: { width: 1024, height: 800 },
      acceptDownloads: true,
    });
    // Copy runs inside the frame, on the API origin; Chromium checks a frame's permission
    // against the top-level origin too (permission delegation), so both get it.
    for (const origin of [stack.demoUrl, new URL(stack.apiUrl).origin]) {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    }
    const messages = await probeMessages(context);
    const page = await context.newPage();
    const consoleLines = recordConsole(page);
    const d = () => dialog(page);
    const title = (text: string | RegExp) =>
      d()
        .locator('.lk-header__title', { hasText: text })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const frame = passwordFrame(page);
    const field = (label: string) => frame.getByLabel(label, { exact: true });
    const message = (testId: string) => frame.getByTestId(`${testId}-message`);
    const continueButton = frame.getByTestId('password-continue');
    const secrets = [PASSWORD, WRONG, NEW_PASSWORD];
    const noLeak = async (when: string) => {
      for (const secret of secrets) {
        assert.deepEqual(await scanHost(page, secret), [], `the host holds a password ${when}`);
      }
    };
    /** The four steps in the frame with `password`, up to 'Success'. */
    const setInFrame = async (password: string) => {
      await field('Password').fill(password);
      await continueButton.click();
      await frame.getByText('Save your password').waitFor({ state: 'visible' });
      await continueButton.click();
      await field('Confirm password').fill(password);
      await continueButton.click();
      await frame.getByRole('checkbox').check();
      await frame.getByTestId('password-submit').click();
      await title('Success');
    };
    try {
      await withFailureScreenshot(page, 'wallet-password', async () => {
        await logInWithEmail(page, stack, uniqueEmail('walletpw'));
        const firstCodeAt = Date.now();
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await d().waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const address = await shownAddress(page);

        // The splash and its explainer.
        await page.getByRole('button', { name: 'Set password', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN');
        await title('Secure your wallet');
        await d().getByText('Why do I need to secure my account?').click();
        await d()
          .getByText(/Google Drive/)
          .waitFor({ state: 'visible' });
        await screenshot(page, 'wallet-password-1-splash');
        await dialogButton(page, 'Continue').click();

        // Step 1 inside the frame: validation, strength, generate, show/hide.
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN');
        await title('Switch to password recovery');
        await field('Password').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(await d().locator('input').count(), 0, 'no input in the host modal');
        assert.equal(await continueButton.isDisabled(), true, 'Continue is disabled when empty');
        await field('Password').fill('abc');
        assert.equal(
          await message('password-input').textContent(),
          'Password must be at least 6 characters',
        );
        assert.equal(await continueButton.isDisabled(), true);
        await field('Password').fill('abcdef~');
        assert.equal(
          await message('password-input').textContent(),
          'Invalid characters used ( ~ )',
        );
        assert.equal(await continueButton.isDisabled(), true);
        await field('Password').fill('abcdefgh');
        assert.match((await frame.getByTestId('password-strength').textContent()) ?? '', /Weak/);
        await frame.getByRole('button', { name: 'Generate a password' }).click();
        assert.match(await field('Password').inputValue(), /^[A-Z][a-z]+(-[a-z]+){3}[0-9]$/);
        await frame.getByRole('button', { name: 'Show password' }).click();
        assert.equal(await field('Password').getAttribute('type'), 'text');
        await screenshot(page, 'wallet-password-2-generated');
        await frame.getByRole('button', { name: 'Hide password' }).click();
        assert.equal(await field('Password').getAttribute('type'), 'password');
        await field('Password').fill(PASSWORD);
        assert.match(
          (await frame.getByTestId('password-strength').textContent()) ?? '',
          /Strong|Medium/,
        );
        assert.equal(await continueButton.isEnabled(), true);
        await noLeak('while it is typed');
        await screenshot(page, 'wallet-password-3-set');
        await continueButton.click();

        // Step 2: save (Copy, Download from the frame), Back and forward again.
        await frame.getByText('Save your password').waitFor({ state: 'visible' });
        assert.equal(await frame.getByTestId('password-saved').textContent(), PASSWORD);
        await noLeak('while the frame shows it to be saved');
        await frame.getByRole('button', { name: 'Copy' }).click();
        await frame.getByRole('button', { name: 'Copied' }).waitFor({ state: 'visible' });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          frame.getByRole('button', { name: 'Download' }).click(),
        ]);
        assert.match(download.suggestedFilename(), /^([a-z]+-)*latchkey-wallet-recovery\.txt$/);
        await screenshot(page, 'wallet-password-4-save');
        await frame.getByTestId('password-back').click();
        assert.equal(await field('Password').inputValue(), PASSWORD, 'Back keeps the password');
        await continueButton.click();
        await continueButton.click();

        // Step 3: confirm.
        await frame.getByText('Confirm your password').waitFor({ state: 'visible' });
        await field('Confirm password').fill(`${PASSWORD}x`);
        assert.equal(await message('password-confirm').textContent(), 'Passwords do not match');
        assert.equal(await continueButton.isDisabled(), true);
        await screenshot(page, 'wallet-password-5-mismatch');
        await field('Confirm password').fill(PASSWORD);
        await continueButton.click();

        // Step 4: acknowledge, then 'Set Password'; Cancel is offered (the user started it).
        await frame
          .getByText(
            'I understand that if I lose my password and device, I will lose access to my account and my assets.',
          )
          .waitFor({ state: 'visible' });
        await dialogButton(page, 'Cancel').waitFor({ state: 'visible' });
        assert.equal(await frame.getByTestId('password-submit').isDisabled(), true);
        await frame.getByRole('checkbox').check();
        await screenshot(page, 'wallet-password-6-finalize');
        await frame.getByTestId('password-submit').click();
        await title('Success');
        await screenshot(page, 'wallet-password-7-success');
        await dialogButton(page, 'Close').last().click();
        assert.equal(await waitForResult(page), 'Password set');
        await noLeak('after the password was set');

        // This device loses its share (the frame's localStorage; its DPoP key stays, so the
        // session stays bound to it): the password recovery screen.
        await clearFrameStorage(page, stack.apiUrl, 'local_storage');
        await page.reload();
        await waitForStatus(page, 'authenticated');
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', WALLET_TIMEOUT_MS);
        await title('Enter your password');
        await field('Password').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'wallet-password-8-recovery');
        await field('Password').fill(WRONG);
        await frame.getByRole('button', { name: 'Recover wallet' }).click();
        await frame
          .getByText('Invalid recovery password, please try again.')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'wallet-password-9-wrong');
        await noLeak('after a wrong recovery password');
        await field('Password').fill(PASSWORD);
        // Enter in the frame's input submits too (a trusted key event inside the frame).
        await field('Password').press('Enter');
        await d().waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });
        assert.equal(await shownAddress(page), address, 'the same address is recovered');
        await noLeak('after the recovery');

        // Change the password: the wallet has one now, so the same screen changes it.
        await page.getByRole('button', { name: 'Set password', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN');
        await title('Set a password');
        await field('Password').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await setInFrame(NEW_PASSWORD);
        await dialogButton(page, 'Close').last().click();
        await noLeak('after the change');

        // The probe saw the traffic (it can fail), and no message carried a password.
        assert.ok(
          messages.filter(
            (m) => m.kind === 'host-posted-to-frame' && m.text.includes('latchkey:wallet:password'),
          ).length >= 3,
          'the probe recorded the requests to the password pages (set, recover, change)',
        );
        for (const secret of secrets) {
          assert.deepEqual(messagesWith(messages, secret), [], 'no message carries a password');
        }
        assert.notDeepEqual(await scanHost(page, address), [], 'the scan sees the host DOM');

        // Logging in again on yet another "device": the new password recovers the wallet.
        const email = ((await page.getByTestId('email').textContent()) ?? '').trim();
        await page.getByRole('button', { name: 'Log out', exact: true }).click();
        await waitForStatus(page, 'unauthenticated');
        await clearFrameStorage(page, stack.apiUrl);
        // A new code for the same address is refused for 30 s after the last one (spec section 9).
        await page.waitForTimeout(Math.max(0, 31_000 - (Date.now() - firstCodeAt)));
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        const before = (await stack.outbox(email)).length;
        await submitEmail(page, email);
        const code = await stack.waitForCode(email, { after: before });
        await typeCode(page, code.code!);
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', WALLET_TIMEOUT_MS);
        await field('Password').fill(PASSWORD);
        await frame.getByRole('button', { name: 'Recover wallet' }).click();
        await frame
          .getByText('Invalid recovery password, please try again.')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await field('Password').fill(NEW_PASSWORD);
        await frame.getByRole('button', { name: 'Recover wallet' }).click();
        await d().waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });
        assert.equal(await shownAddress(page), address, 'the same address after a new login');
        await noLeak('at the end');
      });
    } catch (error) {
      reportFailure(stack, consoleLines);
      throw error;
    } finally {
      await context.close();
    }
  },
);
