/**
 * MFA (issue 15) through the real stack in Chromium, as a user does it on the demo:
 * 1. log in by email (the wallet is created on login), 'Manage MFA' -> 'Transaction Protection';
 *    add the authenticator app: the code computed (`otpauth`) from the setup key shown on screen
 *    enrols it; the demo's MFA panel lists it;
 * 2. log out and in again (a new, unverified session): the page loads the wallet without asking;
 *    'Send transaction' shows the MFA prompt first; a wrong code says 'The code you entered is not
 *    valid'; the next step's code lets the approval page show, and the transaction is mined;
 * 3. 'Manage MFA' (the session is verified): add SMS with the code from the dev outbox;
 * 4. add a passkey: 'Add new passkey' (the CDP virtual authenticator), Enable;
 * 5. remove the authenticator app after verifying;
 * 6. a new session: Export key asks for MFA; 'Choose another method' -> Passkey signs with the
 *    virtual authenticator as the second factor, and the export frame shows.
 * Screenshots: e2e/artifacts/mfa-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { dialog, openLoginModal, submitEmail, typeCode, UI_TIMEOUT_MS } from '../demo.ts';
import { screenshot, type Stack, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  approveInFrame,
  clearResult,
  dialogButton,
  logInWithEmail,
  shownAddress,
  waitForResult,
  waitForScreen,
  WALLET_TIMEOUT_MS,
} from '../wallet.ts';
import { addVirtualAuthenticator } from '../webauthn.ts';

const env = useStackAndBrowser();

/** The demo's MFA panel text. */
async function panel(page: Page): Promise<string> {
  return page.getByTestId('mfa-methods').innerText();
}

async function openEnrollment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Manage MFA', exact: true }).click();
  await waitForScreen(page, 'MFA_ENROLLMENT_FLOW_SCREEN', UI_TIMEOUT_MS);
}

/** The code field of the open MFA step. */
function codeField(page: Page) {
  return dialog(page).getByLabel('Verification code');
}

/**
 * A TOTP code of a step never used (`used`): the current step, or, when its code was used
 * already, the next step's code, made ahead of time instead of waiting up to 30 s for that step.
 * The server takes a code of one step either side of its clock (`TOTP_WINDOW_STEPS` of
 * @latchkey/api) and each step once, later than the last one used (`totp_last_step`): the next
 * step's code is what an authenticator app shows a moment later.
 */
async function freshTotp(totp: TOTP, used: Set<number>): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / totp.period);
    const step = Math.max(now, ...[...used].map((s) => s + 1));
    if (step <= now + 1) {
      used.add(step);
      return totp.generate({ timestamp: step * totp.period * 1000 });
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Logs out and in again with the same email: a new session, not MFA-verified. */
async function newSession(page: Page, stack: Stack, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page
    .getByRole('button', { name: 'Log in', exact: true })
    .waitFor({ timeout: UI_TIMEOUT_MS });
  await openLoginModal(page);
  const before = (await stack.outbox(email)).length;
  await submitEmail(page, email);
  const message = await stack.waitForCode(email, { after: before });
  await typeCode(page, message.code!);
  await dialog(page).waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });
}

test(
  'MFA: enrol TOTP, SMS and a passkey, pass the prompt before a send and an export, remove',
  { timeout: 360_000 },
  async () => {
    const { stack } = env;
    await withPage(env, 'mfa', {}, async (page, context) => {
      const email = uniqueEmail('mfa');
      await logInWithEmail(page, stack, email);
      const address = await shownAddress(page);
      assert.match(address, /^0x[0-9a-fA-F]{40}$/);
      assert.match(await panel(page), /No verification method/);

      // 1. Authenticator app: the setup key on screen gives the codes.
      await openEnrollment(page);
      await screenshot(page, 'mfa-enrollment');
      await dialogButton(page, 'Add Authenticator app').click();
      const secretEl = dialog(page).getByTestId('mfa-totp-secret');
      await secretEl.waitFor({ timeout: WALLET_TIMEOUT_MS });
      await dialog(page).locator('.lk-mfa__qr img').waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'mfa-totp-qr');
      const totp = new TOTP({ secret: (await secretEl.innerText()).replace(/\s/g, '') });
      const used = new Set<number>();
      await dialogButton(page, 'Continue').click();
      await codeField(page).fill(await freshTotp(totp, used));
      await dialog(page).getByText('Verification added').waitFor({ timeout: WALLET_TIMEOUT_MS });
      await screenshot(page, 'mfa-added');
      await dialogButton(page, 'Continue').click();
      await dialogButton(page, 'Done').click();
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      assert.match(await panel(page), /Authenticator app/);

      // 2. A new session: loading the wallet asks nothing; a send asks first.
      await newSession(page, stack, email);
      assert.equal(await shownAddress(page), address);
      assert.equal(await dialog(page).isVisible(), false, 'no prompt on page load');
      await clearResult(page);
      await page.getByRole('button', { name: 'Send transaction', exact: true }).click();
      await waitForScreen(page, 'MFA_VERIFICATION_SCREEN', WALLET_TIMEOUT_MS);
      await screenshot(page, 'mfa-prompt-totp');
      await codeField(page).fill('12a');
      await dialog(page)
        .getByText('Passcode can only be numbers')
        .waitFor({ timeout: UI_TIMEOUT_MS });
      const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
      await codeField(page).fill(wrong);
      await dialog(page)
        .getByText('The code you entered is not valid')
        .waitFor({ timeout: WALLET_TIMEOUT_MS });
      await codeField(page).fill(await freshTotp(totp, used));
      await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN', WALLET_TIMEOUT_MS);
      await approveInFrame(page);
      const sent = await waitForResult(page);
      assert.match(sent, /0x[0-9a-f]{64}/i, `send result: ${sent}`);
      await dialogButton(page, 'Done').click();
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

      // 3. SMS, in the verified session: no verification step first.
      await openEnrollment(page);
      await dialogButton(page, 'Add SMS').click();
      const phone = dialog(page).getByLabel('Phone number');
      await phone.waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.fill('2015550123');
      const before = (await stack.outbox('+12015550123')).length;
      await dialogButton(page, 'Send code').click();
      await dialog(page).getByTestId('mfa-sms-code').waitFor({ timeout: WALLET_TIMEOUT_MS });
      const sms = await stack.waitForCode('+12015550123', { after: before });
      await codeField(page).fill(sms.code!);
      await dialog(page).getByText('Verification added').waitFor({ timeout: WALLET_TIMEOUT_MS });
      await dialogButton(page, 'Continue').click();

      // 4. A passkey: linked through the virtual authenticator, then enabled.
      await addVirtualAuthenticator(context, page);
      await dialogButton(page, 'Add Passkey').click();
      await dialogButton(page, 'Add new passkey').click();
      await dialog(page)
        .getByRole('button', { name: /^Enable / })
        .click({ timeout: WALLET_TIMEOUT_MS });
      await dialog(page).getByText('Verification added').waitFor({ timeout: WALLET_TIMEOUT_MS });
      await dialogButton(page, 'Continue').click();

      // 5. Remove the authenticator app.
      await dialogButton(page, 'Remove Authenticator app').click();
      await screenshot(page, 'mfa-remove');
      await dialogButton(page, 'Remove').click();
      await dialog(page).getByText('Verification removed').waitFor({ timeout: WALLET_TIMEOUT_MS });
      await dialogButton(page, 'Continue').click();
      await screenshot(page, 'mfa-enrolled-list');
      await dialogButton(page, 'Done').click();
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      const methods = await panel(page);
      assert.match(methods, /SMS/);
      assert.match(methods, /Passkey/);
      assert.doesNotMatch(methods, /Authenticator app/);

      // 6. A new session: the export asks; the passkey is the second factor.
      await newSession(page, stack, email);
      await page.getByRole('button', { name: 'Export key', exact: true }).click();
      await waitForScreen(page, 'MFA_VERIFICATION_SCREEN', WALLET_TIMEOUT_MS);
      await dialog(page).getByTestId('mfa-verification').waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'mfa-prompt-sms');
      await dialogButton(page, 'Choose another method').click();
      await screenshot(page, 'mfa-chooser');
      await dialog(page).locator('[data-method="passkey"]').click();
      await waitForScreen(page, 'EMBEDDED_WALLET_KEY_EXPORT_SCREEN', WALLET_TIMEOUT_MS);
      await page
        .frameLocator('iframe[src*="/embedded-wallets/export"]')
        .getByRole('button', { name: 'Reveal' })
        .waitFor({ timeout: WALLET_TIMEOUT_MS });
    });
  },
);
