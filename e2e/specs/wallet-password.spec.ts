/**
 * The password flow through the real stack (issue 3): a wallet created on login (automatic
 * 'latchkey' recovery) -> "Set password" -> the update splash -> the four steps (validation texts,
 * strength meter, generate, Back, Copy, Download file name, 'Passwords do not match', the
 * acknowledgement, 'Set Password') -> 'Success'. Then the frame's storage is cleared and the page
 * reloaded: the password recovery screen asks, a wrong password shows 'Invalid recovery password,
 * please try again.', the right one recovers the same address.
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
import {
  clearFrameStorage,
  dialogButton,
  logInWithEmail,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();
const PASSWORD = 'Orbit-Lantern-Maple-42';

test(
  'password flow: set a password, then recover with it on a new device',
  { timeout: 300_000 },
  async () => {
    const { stack, browser } = env;
    const context = await browser.newContext({
      viewport: { width: 1024, height: 800 },
      acceptDownloads: true,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.demoUrl,
    });
    const page = await context.newPage();
    const consoleLines = recordConsole(page);
    const d = () => dialog(page);
    const title = (text: string | RegExp) =>
      d()
        .locator('.lk-header__title', { hasText: text })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const passwordField = (label: string) => d().getByLabel(label, { exact: true });
    const fieldMessage = () => d().locator('.lk-password__message').first();
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

        // Step 1: validation, strength, generate.
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN');
        await title('Switch to password recovery');
        const continueButton = dialogButton(page, 'Continue');
        assert.equal(await continueButton.isDisabled(), true, 'Continue is disabled when empty');
        await passwordField('Password').fill('abc');
        assert.equal(await fieldMessage().textContent(), 'Password must be at least 6 characters');
        assert.equal(await continueButton.isDisabled(), true);
        await passwordField('Password').fill('abcdef~');
        assert.equal(await fieldMessage().textContent(), 'Invalid characters used ( ~ )');
        assert.equal(await continueButton.isDisabled(), true);
        await passwordField('Password').fill('abcdefgh');
        assert.match((await d().locator('.lk-pw__strength').textContent()) ?? '', /Weak/);
        await dialogButton(page, 'Generate a password').click();
        await page.waitForFunction(
          () => {
            const root = document.querySelector('.lk-host')?.shadowRoot;
            const input = root?.querySelector<HTMLInputElement>('.lk-password__input');
            return !!input && /^[A-Z][a-z]+(-[a-z]+){3}[0-9]$/.test(input.value);
          },
          undefined,
          { timeout: UI_TIMEOUT_MS },
        );
        await dialogButton(page, 'Show password').click();
        await screenshot(page, 'wallet-password-2-generated');
        await passwordField('Password').fill(PASSWORD);
        assert.match((await d().locator('.lk-pw__strength').textContent()) ?? '', /Strong|Medium/);
        assert.equal(await continueButton.isEnabled(), true);
        await screenshot(page, 'wallet-password-3-set');
        await continueButton.click();

        // Step 2: save (Copy, Download), Back and forward again.
        await title('Save your password');
        assert.equal(await d().getByTestId('saved-password').textContent(), PASSWORD);
        await dialogButton(page, 'Copy').click();
        await dialogButton(page, 'Copied').waitFor({ state: 'visible' });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialogButton(page, 'Download').click(),
        ]);
        assert.match(download.suggestedFilename(), /^([a-z]+-)*latchkey-wallet-recovery\.txt$/);
        await screenshot(page, 'wallet-password-4-save');
        await dialogButton(page, '‹ Back').click();
        await title('Switch to password recovery');
        assert.equal(
          await passwordField('Password').inputValue(),
          PASSWORD,
          'Back keeps the password',
        );
        await dialogButton(page, 'Continue').click();
        await title('Save your password');
        await dialogButton(page, 'Continue').click();

        // Step 3: confirm.
        await title('Confirm your password');
        await passwordField('Confirm password').fill(`${PASSWORD}x`);
        assert.equal(await fieldMessage().textContent(), 'Passwords do not match');
        assert.equal(await dialogButton(page, 'Continue').isDisabled(), true);
        await screenshot(page, 'wallet-password-5-mismatch');
        await passwordField('Confirm password').fill(PASSWORD);
        await dialogButton(page, 'Continue').click();

        // Step 4: acknowledge, then 'Set Password'; Cancel is offered (the user started it).
        await title('Confirm you saved it');
        await d()
          .getByText(
            'I understand that if I lose my password and device, I will lose access to my account and my assets.',
          )
          .waitFor({ state: 'visible' });
        await dialogButton(page, 'Cancel').waitFor({ state: 'visible' });
        assert.equal(await dialogButton(page, 'Set Password').isDisabled(), true);
        await d().getByRole('checkbox').check();
        await screenshot(page, 'wallet-password-6-finalize');
        await dialogButton(page, 'Set Password').click();
        await title('Success');
        await screenshot(page, 'wallet-password-7-success');
        await dialogButton(page, 'Close').last().click();
        assert.equal(await waitForResult(page), 'Password set');

        // This device loses its share (the frame's localStorage; its DPoP key stays, so the
        // session stays bound to it): the password recovery screen.
        await clearFrameStorage(page, stack.apiUrl, 'local_storage');
        await page.reload();
        await waitForStatus(page, 'authenticated');
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', WALLET_TIMEOUT_MS);
        await title('Enter your password');
        await screenshot(page, 'wallet-password-8-recovery');
        await passwordField('Password').fill('Wrong-Password-1');
        await dialogButton(page, 'Recover wallet').click();
        await d()
          .getByText('Invalid recovery password, please try again.')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await screenshot(page, 'wallet-password-9-wrong');
        await passwordField('Password').fill(PASSWORD);
        await dialogButton(page, 'Recover wallet').click();
        await d().waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });
        assert.equal(await shownAddress(page), address, 'the same address is recovered');

        // Logging in again on yet another "device": after the login, the recovery screen asks.
        const email = ((await page.getByTestId('email').textContent()) ?? '').trim();
        await page.getByRole('button', { name: 'Log out', exact: true }).click();
        await waitForStatus(page, 'unauthenticated');
        await clearFrameStorage(page, stack.apiUrl);
        // A new code for the same address is refused for 30 s after the last one (spec section 9).
        await page.waitForTimeout(Math.max(0, 31_000 - (Date.now() - firstCodeAt)));
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        const before = (await stack.outbox(email)).length;
        await submitEmail(page, email);
        const message = await stack.waitForCode(email, { after: before });
        await typeCode(page, message.code!);
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', WALLET_TIMEOUT_MS);
        await passwordField('Password').fill(PASSWORD);
        await dialogButton(page, 'Recover wallet').click();
        await d().waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });
        assert.equal(await shownAddress(page), address, 'the same address after a new login');
      });
    } catch (error) {
      reportFailure(stack, consoleLines);
      throw error;
    } finally {
      await context.close();
    }
  },
);
