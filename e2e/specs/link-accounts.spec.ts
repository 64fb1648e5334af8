/**
 * Linking and unlinking on the demo app (issue 6; spec sections 2 "Linking", 5 and 7), as a
 * person does it: log in by SMS, 'Link email' (LINK_EMAIL_SCREEN, then the code from the dev
 * outbox), see the email in the "Linked accounts" panel and in the user the server answers after
 * a reload; a second email is refused ('User already has an account of type email linked.');
 * unlink the email; unlinking the phone, now the last login method, is refused; an email another
 * user owns is refused ('This account has already been linked to another user.').
 * Screenshots go to e2e/artifacts/link-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  dialog,
  digitBoxes,
  emailField,
  linkedAccounts,
  openDemo,
  openLoginModal,
  shownUser,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import {
  recordConsole,
  reportFailure,
  screenshot,
  type Stack,
  uniqueEmail,
  useStackAndBrowser,
  withFailureScreenshot,
  withPage,
} from '../harness.ts';
import {
  installTestWallet,
  TEST_WALLET_CLIENT_TYPE,
  TEST_WALLET_NAME,
  testAccount,
} from '../testWallet.ts';

const MORE_OF_TYPE = 'User already has an account of type email linked.';
const LINKED_TO_ANOTHER = 'This account has already been linked to another user.';

// Two people, five code sends and five code checks from one IP within a minute: above the
// default per-IP limits (10 per 60 s, shared with the session refreshes of reloads).
const env = useStackAndBrowser({
  env: {
    LATCHKEY_RATE_LIMITS: JSON.stringify({
      initPerIp: { max: 100, windowS: 60 },
      authenticatePerIp: { max: 100, windowS: 60 },
    }),
  },
});

/** Logs in on the landing screen with a code texted to `e164` (a US number). */
async function logInBySms(page: Page, stack: Stack, e164: string) {
  await openLoginModal(page);
  await dialog(page).getByRole('button', { name: 'Use SMS instead' }).click();
  const phone = dialog(page).getByRole('textbox', { name: 'Phone number' });
  await phone.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await phone.click();
  await page.keyboard.type(e164.slice(2), { delay: 10 });
  const before = (await stack.outbox(e164)).length;
  await page.keyboard.press('Enter');
  await digitBoxes(page)[0]!.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  const message = await stack.waitForCode(e164, { after: before });
  await typeCode(page, message.code!);
  await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  await waitForStatus(page, 'authenticated');
}

/**
 * 'Link email': LINK_EMAIL_SCREEN, type `email`, Enter, then the code from the dev outbox.
 * `shot` names a screenshot of the link screen, taken with the address typed.
 */
async function linkEmail(page: Page, stack: Stack, email: string, shot?: string) {
  await page.getByRole('button', { name: 'Link email', exact: true }).click();
  await dialog(page).getByText('Link your email').waitFor({ timeout: UI_TIMEOUT_MS });
  assert.equal(await dialog(page).getAttribute('data-screen'), 'LINK_EMAIL_SCREEN');
  await emailField(page).click();
  await page.keyboard.type(email, { delay: 10 });
  if (shot) await screenshot(page, shot);
  const before = (await stack.outbox(email)).length;
  await page.keyboard.press('Enter');
  await digitBoxes(page)[0]!.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  const message = await stack.waitForCode(email, { after: before });
  assert.equal(message.channel, 'email');
  await typeCode(page, message.code!);
}

/** The panel's rows of `type` ('email', 'phone', ...). */
const rows = (page: Page, type: string) => page.getByTestId(`linked-${type}`);

/** Waits for the modal (in its shadow root) to show `text`. */
async function waitForText(page: Page, text: string) {
  await dialog(page).getByText(text, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Closes the modal with its close button and waits for it to go. */
async function closeModal(page: Page) {
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

test(
  'a person links an email to an SMS login, is refused a second one, unlinks it, and cannot remove the last method',
  { timeout: 240_000 },
  async () => {
    const { stack, browser } = env;
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    const consoleLines = recordConsole(page);
    const line = String(1000 + Math.floor(Math.random() * 9000));
    const e164 = `+1415555${line}`;
    const email = uniqueEmail('link');
    const second = uniqueEmail('link-second');
    const owned = uniqueEmail('owned');
    try {
      // Another person owns `owned` (an email login in a separate browser context).
      const other = await browser.newContext();
      try {
        const otherPage = await other.newPage();
        await openDemo(otherPage, stack.demoUrl, 'unauthenticated');
        await openLoginModal(otherPage);
        const before = (await stack.outbox(owned)).length;
        await submitEmail(otherPage, owned);
        const message = await stack.waitForCode(owned, { after: before });
        await typeCode(otherPage, message.code!);
        await waitForStatus(otherPage, 'authenticated');
      } finally {
        await other.close();
      }

      await withFailureScreenshot(page, 'link-accounts', async () => {
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        assert.equal(await page.getByTestId('linked-accounts').count(), 0, 'no panel logged out');
        await logInBySms(page, stack, e164);
        await rows(page, 'phone').waitFor({ timeout: UI_TIMEOUT_MS });
        assert.match((await rows(page, 'phone').textContent()) ?? '', new RegExp(`\\${e164}`));
        assert.equal(await rows(page, 'email').count(), 0);

        // 1. Link an email.
        await linkEmail(page, stack, email, 'link-1-link-email-screen');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await rows(page, 'email').waitFor({ timeout: UI_TIMEOUT_MS });
        assert.match((await rows(page, 'email').textContent()) ?? '', new RegExp(email));
        assert.match(
          (await page.getByTestId('account-event').textContent()) ?? '',
          /Linked email \(email\)/,
          'useLinkAccount onSuccess reports the method and the new account',
        );
        await screenshot(page, 'link-2-panel-linked');
        // The server's user: after a reload the session is restored from the API.
        await page.reload();
        await waitForStatus(page, 'authenticated');
        const user = await shownUser(page);
        assert.ok(user, 'the demo shows the user');
        const emails = linkedAccounts(user).filter((a) => a.type === 'email');
        assert.deepEqual(
          emails.map((a) => a.address),
          [email],
          'the server user has the linked email',
        );
        assert.equal(linkedAccounts(user).filter((a) => a.type === 'phone').length, 1);

        // 2. A second email is refused: one account of each type (spec section 5).
        await linkEmail(page, stack, second);
        await waitForText(page, MORE_OF_TYPE);
        await screenshot(page, 'link-3-second-email-refused');
        await closeModal(page);
        assert.equal(await rows(page, 'email').count(), 1, 'still one email');

        // 3. Unlink the email.
        await page.getByTestId('unlink-email').click();
        await rows(page, 'email').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        assert.equal(await rows(page, 'phone').count(), 1);

        // 4. The phone is now the last login method: refused.
        await page.getByTestId('unlink-phone').click();
        const error = page.getByTestId('account-error');
        await error.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.match((await error.textContent()) ?? '', /last login method|only login method/i);
        assert.equal(await rows(page, 'phone').count(), 1, 'the phone stays');
        await screenshot(page, 'link-4-last-method-refused');

        // 5. An email another user owns is refused. (The owner's code was used, so the 30 s
        // resend cooldown does not hold a new code back.)
        await linkEmail(page, stack, owned);
        await waitForText(page, LINKED_TO_ANOTHER);
        await screenshot(page, 'link-5-linked-to-another-user');
        // While the modal still offers another try, `useLinkAccount({ onError })` has not
        // fired (issue 14, item 6); closing ends the attempt and reports its failure once.
        assert.notEqual(
          await page
            .getByTestId('account-error')
            .textContent({ timeout: 1000 })
            .catch(() => null),
          LINKED_TO_ANOTHER,
        );
        await closeModal(page);
        // The demo's error line shows what `onError` got.
        await page
          .getByTestId('account-error')
          .filter({ hasText: LINKED_TO_ANOTHER })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        assert.equal(await rows(page, 'email').count(), 0);
        await page.reload();
        await waitForStatus(page, 'authenticated');
        const after = await shownUser(page);
        // The embedded wallet (created on login) is not a login method.
        assert.deepEqual(
          linkedAccounts(after!)
            .filter((a) => a.walletClientType !== 'latchkey')
            .map((a) => a.type),
          ['phone'],
          'the server user keeps only the phone as a login method',
        );
      });
    } catch (error) {
      reportFailure(stack, consoleLines);
      throw error;
    } finally {
      await context.close();
    }
  },
);

test(
  'a person links an injected wallet (SIWE) and a Google account to an email login, then unlinks the wallet',
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'link-wallet-google',
      { context: { viewport: { width: 1024, height: 900 } }, setUp: installTestWallet },
      async (page) => {
        const email = uniqueEmail('link-wallet');
        const username = `linker${Date.now().toString(36)}`;
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);
        const before = (await stack.outbox(email)).length;
        await submitEmail(page, email);
        const message = await stack.waitForCode(email, { after: before });
        await typeCode(page, message.code!);
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        await rows(page, 'email').waitFor({ timeout: UI_TIMEOUT_MS });

        // Link the wallet: LINK_WALLET_SCREEN lists it; one click connects and signs.
        await page.getByRole('button', { name: 'Link wallet', exact: true }).click();
        await dialog(page).getByText('Link a wallet').waitFor({ timeout: UI_TIMEOUT_MS });
        const wallet = dialog(page).getByRole('button', { name: new RegExp(TEST_WALLET_NAME) });
        await wallet.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(
          await dialog(page).getByRole('textbox', { name: 'Email address' }).count(),
          0,
          'the link screen lists wallets only',
        );
        await screenshot(page, 'link-wallet-1-screen');
        await wallet.click();
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        const walletRow = rows(page, 'wallet');
        await walletRow.waitFor({ timeout: UI_TIMEOUT_MS });
        assert.match((await walletRow.textContent()) ?? '', new RegExp(testAccount.address, 'i'));
        assert.match((await walletRow.textContent()) ?? '', new RegExp(TEST_WALLET_CLIENT_TYPE));
        assert.equal(await rows(page, 'email').count(), 1, 'still logged in as the same user');

        // Link Google through the local OpenID provider's popup.
        const popupPromise = page.waitForEvent('popup', { timeout: UI_TIMEOUT_MS });
        await page.getByRole('button', { name: 'Link Google', exact: true }).click();
        const popup = await popupPromise;
        const field = popup.getByLabel('Username');
        await field.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await field.fill(username);
        await popup.getByRole('button', { name: 'Sign in' }).click();
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const googleRow = rows(page, 'google_oauth');
        await googleRow.waitFor({ timeout: UI_TIMEOUT_MS });
        assert.match((await googleRow.textContent()) ?? '', new RegExp(username));
        await screenshot(page, 'link-wallet-2-panel');

        // Unlink the wallet; the server's user (after a reload) agrees.
        await page.getByTestId('unlink-wallet').click();
        await walletRow.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        await page.reload();
        await waitForStatus(page, 'authenticated');
        const user = await shownUser(page);
        const types = linkedAccounts(user!)
          .filter((a) => a.walletClientType !== 'latchkey')
          .map((a) => a.type)
          .sort();
        assert.deepEqual(types, ['email', 'google_oauth'], JSON.stringify(user));
      },
    );
  },
);
