/**
 * Contrast and accessibility, the rest of the screens (issue 14 item 4; a11y.spec.ts has the
 * landing, passkey error, SMS input, email code, wrong code, export and sign): axe-core finds no
 * violation in the modal (its open shadow root) nor in the wallet frames inside it, in the light
 * and the dark theme of the demo (`?theme=`), on:
 * - the OAuth awaiting screen (Google through the local OpenID provider, its popup open);
 * - LOGIN_FAILED_SCREEN (the test wallet declines the SIWE signature);
 * - the SMS code screen;
 * - AFFIRMATIVE_CONSENT_SCREEN (terms required through `stack.admin`, restored at the end);
 * - EMBEDDED_WALLET_CREATED_SCREEN (after the consent; held open by the pointer resting on it,
 *   which also shows that its 2.5 s close waits meanwhile);
 * - the link screens: LINK_EMAIL_SCREEN and the phone link screen;
 * - the send-transaction screen with its approval frame, before the approve button is armed
 *   (its 'not ready' look, `aria-disabled`) and once armed;
 * - the password splash, the password screen with its frame (a password typed, strength shown)
 *   and, after the password is set and the frame's storage cleared, the recovery screen.
 * Each check writes e2e/artifacts/axe-more-<theme>-<screen>.json; screenshots go to
 * e2e/artifacts/a11y-more-<theme>-<screen>.png. That the check can fail is shown in
 * a11y.spec.ts (a low-contrast probe in the export frame) and here on the approve button: the
 * old dimmed look (opacity 0.6 on the accent) put back by a probe rule is a contrast violation.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { animationsDone, expectNoAxeViolations } from '../a11y.ts';
import {
  dialog,
  digitBoxes,
  openDemo,
  openLoginModal,
  screenTitle,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { artifactsDir, screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import { installTestWallet, setRejecting, TEST_WALLET_NAME } from '../testWallet.ts';
import {
  approvalFrame,
  waitForArmed,
  clearFrameStorage,
  clearResult,
  dialogButton,
  passwordFrame,
  WALLET_TIMEOUT_MS,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();
const PASSWORD = 'Orbit-Lantern-Maple-42';

/**
 * Puts a 3 px speck (`#a11y-speck`, outside the modal, nearly transparent) over the approval
 * iframe's top-left corner: IntersectionObserver v2 then reports the frame occluded, so its
 * click guard stays disarmed. A string: a function would carry the TypeScript loader's helpers.
 */
const SPECK = `(() => {
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'IFRAME' && /\\/embedded-wallets\\/approve/.test(el.src)) return el;
      if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const r = find(document).getBoundingClientRect();
  const speck = document.createElement('div');
  speck.id = 'a11y-speck';
  speck.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;width:3px;' +
    'height:3px;background:rgba(0,0,0,0.02);left:' + r.left + 'px;top:' + r.top + 'px';
  document.body.appendChild(speck);
  return true;
})()`;

/** Waits until the approve button is armed. */
async function armed(page: Page): Promise<void> {
  await waitForArmed(page, WALLET_TIMEOUT_MS);
}

for (const theme of ['light', 'dark'] as const) {
  test(
    `no axe violation on the other screens and their frames (${theme})`,
    {
      timeout: 420_000,
    },
    async () => {
      const { stack } = env;
      const demo = `${stack.demoUrl}/?theme=${theme}`;
      const options = {
        context: { viewport: { width: 1024, height: 800 } },
        setUp: installTestWallet,
      };
      await withPage(env, `a11y-more-${theme}`, options, async (page) => {
        /** Screenshot (unless `shot` is false), then axe; `settle` runs between. */
        const check = async (screen: string, settle?: () => Promise<void>, shot = true) => {
          if (shot) await screenshot(page, `a11y-more-${theme}-${screen}`);
          await settle?.();
          await expectNoAxeViolations(page, `more-${theme}-${screen}`);
        };
        // The OAuth awaiting screen, its popup at the provider's login form.
        await openDemo(page, demo, 'unauthenticated');
        await openLoginModal(page);
        const popupPromise = page.waitForEvent('popup', { timeout: UI_TIMEOUT_MS });
        await dialog(page).getByRole('button', { name: 'Google', exact: true }).click();
        const popup = await popupPromise;
        await dialog(page)
          .locator('[data-oauth-step="verifying"]')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await check('oauth-awaiting');
        await popup.close();

        // LOGIN_FAILED_SCREEN: the wallet declines the signature.
        await openDemo(page, demo, 'unauthenticated');
        await setRejecting(page, true);
        await openLoginModal(page);
        await dialog(page)
          .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
          .click();
        await dialog(page)
          .getByRole('heading', { name: 'Could not connect with wallet' })
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await check('login-failed');
        await setRejecting(page, false);

        // The SMS code screen.
        await openDemo(page, demo, 'unauthenticated');
        await openLoginModal(page);
        await dialog(page).getByRole('button', { name: 'Use SMS instead' }).click();
        const phone = dialog(page).getByRole('textbox', { name: 'Phone number' });
        await phone.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await phone.click();
        const line = String(1000 + Math.floor(Math.random() * 9000));
        await page.keyboard.type(`415 555 ${line}`, { delay: 10 });
        await page.keyboard.press('Enter');
        await digitBoxes(page)[0]!.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await stack.waitForCode(`+1415555${line}`);
        await dialog(page)
          .getByText('Code sent', { exact: true })
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await check('sms-code');

        // Terms required: the consent screen, then the wallet created screen.
        await stack.admin('PATCH', '', {
          require_users_accept_terms: true,
          terms_and_conditions_url: 'https://example.com/terms',
          privacy_policy_url: 'https://example.com/privacy',
        });
        try {
          await openDemo(page, demo, 'unauthenticated');
          await openLoginModal(page);
          const email = uniqueEmail(`a11y-more-${theme}`);
          const before = (await stack.outbox(email)).length;
          await submitEmail(page, email);
          const message = await stack.waitForCode(email, { after: before });
          await typeCode(page, message.code!);
          await screenTitle(page, 'One last step').waitFor({ timeout: UI_TIMEOUT_MS });
          await check('consent');
          await dialog(page).getByRole('button', { name: 'Accept', exact: true }).click();
          // Shown for 2.5 s, not counting the time the pointer rests on it (useAutoClose): hold
          // it with the pointer, let its entry fade end, axe; it must still be there, then close
          // once the pointer leaves.
          await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
          // (The full-page screenshot moves the pointer off it: hover after it.)
          const hold = async () => {
            await dialog(page).locator('.lk-wallet').hover();
            await animationsDone(page);
          };
          await check('wallet-created', hold, false);
          await hold();
          await screenshot(page, `a11y-more-${theme}-wallet-created`);
          await hold();
          await page.waitForTimeout(3_000); // more than WALLET_CREATED_CLOSE_MS (2.5 s)
          const created = page.locator(
            '[role="dialog"][data-screen="EMBEDDED_WALLET_CREATED_SCREEN"]',
          );
          assert.ok(
            await created.isVisible(),
            'the created screen waits while the pointer is on it',
          );
          await page.mouse.move(1, 1);
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'authenticated');
        } finally {
          await stack.admin('PATCH', '', {
            require_users_accept_terms: false,
            terms_and_conditions_url: null,
            privacy_policy_url: null,
          });
        }

        // The link screens (email, phone); Escape closes each.
        await page.getByRole('button', { name: 'Link email', exact: true }).click();
        await waitForScreen(page, 'LINK_EMAIL_SCREEN', UI_TIMEOUT_MS);
        await check('link-email');
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await page.getByRole('button', { name: 'Link phone', exact: true }).click();
        await dialog(page)
          .getByRole('textbox', { name: 'Phone number' })
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await check('link-phone');
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

        // The send screen with its approval frame: the 'not ready' button, then armed.
        const send = page.getByRole('button', {
          name: 'Send transaction',
          exact: true,
          disabled: false,
        });
        await send.waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await clearResult(page);
        await send.click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
        await armed(page);
        await check('send', () => armed(page));
        // Not armed: a 3 px speck (outside the modal) over the frame's corner keeps the guard
        // from arming (IntersectionObserver v2 reports the frame occluded); the outlined,
        // aria-disabled button must pass too.
        await page.evaluate(SPECK);
        const notArmed = approvalFrame(page).locator(
          '[data-testid="approve-button"][data-armed="false"][aria-disabled="true"]',
        );
        await notArmed.waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
        // A viewport shot (a full-page one resizes the page, which moves the modal off the speck).
        await page.screenshot({
          path: path.join(artifactsDir, `a11y-more-${theme}-send-not-armed.png`),
        });
        await page.waitForTimeout(1000);
        assert.equal(await notArmed.count(), 1, 'still not armed under the speck');
        await expectNoAxeViolations(page, `more-${theme}-send-not-armed`);
        assert.equal(await notArmed.count(), 1, 'axe judged the not armed button');
        await page.evaluate(() => document.getElementById('a11y-speck')?.remove());
        if (theme === 'light') {
          // The check can fail on this button: the old look (the accent at opacity 0.6).
          await armed(page);
          const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/approve'));
          assert.ok(frame, 'the approval frame is mounted');
          // (Through the CSSOM, which the frame's CSP allows.)
          await frame.evaluate(() => {
            const button = document.querySelector<HTMLElement>('[data-testid="approve-button"]')!;
            button.style.setProperty('opacity', '0.6', 'important');
          });
          await assert.rejects(expectNoAxeViolations(page, `more-${theme}-send-probe`), (e) => {
            assert.match(String(e), /color-contrast \[serious\].*approval-frame.*button/);
            return true;
          });
          await frame.evaluate(() => {
            document.querySelector<HTMLElement>('[data-testid="approve-button"]')!.style.opacity =
              '';
          });
        }
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        assert.match(await waitForResult(page), /4001 user rejected/);

        // The password splash, then the password screen with its frame.
        const frame = passwordFrame(page);
        const field = (label: string) => frame.getByLabel(label, { exact: true });
        const continueButton = frame.getByTestId('password-continue');
        await clearResult(page);
        await page.getByRole('button', { name: 'Set password', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN');
        await check('password-splash');
        await dialogButton(page, 'Continue').click();
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN');
        await field('Password').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await field('Password').fill(PASSWORD);
        await frame
          .getByTestId('password-strength')
          .filter({ hasText: /Strong|Medium/ })
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await check('password-create');
        await continueButton.click();
        await frame.getByText('Save your password').waitFor({ state: 'visible' });
        await check('password-save');
        await continueButton.click();
        await field('Confirm password').fill(PASSWORD);
        await continueButton.click();
        await frame.getByRole('checkbox').check();
        await check('password-finalize');
        await frame.getByTestId('password-submit').click();
        await dialog(page)
          .locator('.lk-header__title', { hasText: 'Success' })
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await dialogButton(page, 'Close').last().click();
        assert.equal(await waitForResult(page), 'Password set');

        // The recovery screen: this device lost its share.
        await clearFrameStorage(page, stack.apiUrl, 'local_storage');
        await page.reload();
        await waitForStatus(page, 'authenticated');
        await waitForScreen(page, 'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', WALLET_TIMEOUT_MS);
        await field('Password').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await check('password-recovery');
      });
    },
  );
}
