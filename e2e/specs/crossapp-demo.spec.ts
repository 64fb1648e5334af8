/**
 * The cross-app demo on two origins (issue 21 item 5): `npm start` serves the demo as app A,
 * "Latchkey Wallet" (the cross-app provider), on a second port, and as app B (the dev app) on
 * the demo's own. A person makes an account on app A's own site with an email code (its
 * embedded wallet is made at login, funded on anvil), then on app B logs in with that account
 * ('Log in with Latchkey Wallet', the provider's 440x680 popup: the same email again, then
 * Allow): app B's user has a `cross_app` account holding app A's wallet address, and app B signs
 * with that wallet through the provider's transact popup (the signature verifies with viem
 * against app A's address). Screenshots: crossapp-demo-{a,b}-{1280,390}.png (light).
 *
 * Fails when app A's origin is not among the provider app's allowed origins (the API refuses
 * its page), or when the second port does not serve the demo as app A.
 *
 * The modal's way (issue 21 item 3): app B with `?crossApp=list` names `latchkey:{app A}` in
 * its login list: the button shows app A's name; its click opens the provider's popup and
 * CROSS_APP_AUTH_SCREEN ('Connecting to Latchkey Wallet'); closing the popup says 'User
 * canceled flow' with Try again, whose click opens a new popup; after Allow, 'Connected with
 * Latchkey Wallet', the modal closes and app B's user has the `cross_app` account. Screenshots:
 * crossapp-demo-modal-{list,connecting,canceled,connected}-{light,dark}-{1280,390}.png.
 *
 * Linking (issue 21 item 3): a user of app B who logged in by email clicks 'Link Latchkey
 * Wallet' (`useLinkAccount().linkCrossApp`): the popup, CROSS_APP_AUTH_SCREEN in link mode,
 * then the `cross_app` account beside the email one, named by the app.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Hex, verifyMessage } from 'viem';
import {
  dialog,
  linkedAccounts,
  openDemo,
  openLoginModal,
  shownUser,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, type Stack, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import { approveInFrame, shownAddress, WALLET_TIMEOUT_MS, waitForArmed } from '../wallet.ts';

const env = useStackAndBrowser();
/** The demo's `CROSS_APP_MESSAGE` (`CrossApp.tsx`). */
const CROSS_APP_MESSAGE = 'Hello from the Latchkey demo, signed by another app';

/** Saves `page` at 1280 and 390 px wide as `crossapp-demo-<name>-<width>.png`. */
async function bothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `crossapp-demo-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Logs in on the provider's page in `popup` with a fresh email code, then Allow. */
async function allowInPopup(popup: Page, stack: Stack, email: string): Promise<void> {
  const field = popup.getByRole('textbox', { name: 'Email address' });
  await field.waitFor({ timeout: UI_TIMEOUT_MS });
  const before = (await stack.outbox(email)).length;
  await field.click();
  await popup.keyboard.type(email, { delay: 10 });
  await popup.keyboard.press('Enter');
  const first = popup.getByRole('textbox', { name: 'Digit 1', exact: true });
  await first.waitFor({ timeout: UI_TIMEOUT_MS });
  const message = await stack.waitForCode(email, { after: before });
  await first.click();
  await popup.keyboard.type(message.code!, { delay: 40 });
  const allow = popup.getByRole('button', { name: 'Allow' });
  await allow.waitFor({ timeout: 60_000 });
  await allow.click();
}

test(
  "cross-app demo: an account and wallet made on app A's own site log in to app B and sign there",
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    assert.notEqual(new URL(stack.providerDemoUrl).origin, new URL(stack.demoUrl).origin);
    await withPage(
      env,
      'crossapp-demo',
      { context: { viewport: { width: 1280, height: 900 }, colorScheme: 'light' } },
      async (a, context) => {
        const email = uniqueEmail('xapp-demo');

        // App A, on its own origin: its own account and wallet.
        await openDemo(a, stack.providerDemoUrl, 'unauthenticated');
        assert.equal(await a.getByRole('heading', { level: 1 }).textContent(), 'Latchkey Wallet');
        assert.equal(await a.getByTestId('demo-app').textContent(), 'App A');
        // It links to app B, and lists no other app to log in with.
        await a.getByRole('link', { name: new URL(stack.demoUrl).host }).waitFor();
        assert.equal(await a.getByRole('button', { name: /^Log in with / }).count(), 0);
        await bothWidths(a, 'a');
        await openLoginModal(a);
        await submitEmail(a, email);
        await typeCode(a, (await stack.waitForCode(email)).code!);
        await waitForStatus(a, 'authenticated');
        const walletA = await shownAddress(a);
        assert.match(walletA, /^0x[0-9a-fA-F]{40}$/);
        const userA = await shownUser(a);
        assert.equal((userA?.email as { address: string }).address, email);

        // App B, on the demo's origin: it says where app A lives, then logs in with its account.
        const b = await context.newPage();
        await openDemo(b, stack.demoUrl, 'unauthenticated');
        assert.equal(await b.getByTestId('demo-app').textContent(), 'App B');
        const where = b.getByTestId('cross-app-provider-site');
        assert.equal(
          await where.getByRole('link').getAttribute('href'),
          stack.providerDemoUrl,
          "app B links to app A's site",
        );
        await bothWidths(b, 'b');
        const opened = b.waitForEvent('popup');
        await b.getByRole('button', { name: 'Log in with Latchkey Wallet' }).click();
        await allowInPopup(await opened, stack, email);
        await waitForStatus(b, 'authenticated');
        const account = linkedAccounts((await shownUser(b))!).find(
          (x) => x.type === 'cross_app',
        ) as { providerApp: { id: string }; embeddedWallets: { address: string }[] } | undefined;
        assert.ok(account, 'app B has a cross_app account');
        assert.deepEqual(account.providerApp, { id: 'latchkeywallet00000000000' });
        assert.deepEqual(
          account.embeddedWallets.map((w) => w.address.toLowerCase()),
          [walletA.toLowerCase()],
          "the cross_app account holds the wallet made on app A's site",
        );

        // Sign from app B with app A's wallet, approved in app A's transact popup.
        const signing = b.waitForEvent('popup');
        await b.getByRole('button', { name: 'Sign with Latchkey Wallet' }).click();
        const popup = await signing;
        // The person looks at the pop-up they just opened: it is the window in front. (In one CI
        // run under load the approval did not arm within 60 s while the pop-up's document had
        // no focus; the cause is not proven, this is the realistic setup either way.)
        await popup.bringToFront();
        await waitForArmed(popup);
        await approveInFrame(popup);
        const outcome = b.getByTestId('cross-app-outcome');
        await outcome.filter({ hasText: 'Signature: 0x' }).waitFor({ timeout: WALLET_TIMEOUT_MS });
        const signature = (await outcome.textContent())!.replace('Signature: ', '') as Hex;
        assert.ok(
          await verifyMessage({ address: walletA as Hex, message: CROSS_APP_MESSAGE, signature }),
          "the signature verifies against app A's wallet",
        );
        await bothWidths(b, 'b-signed');
      },
    );
  },
);

/** Saves `page` at 1280x800 and 390x844 as `crossapp-demo-modal-<name>-<theme>-<width>.png`. */
async function modalShots(page: Page, name: string, theme: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `crossapp-demo-modal-${name}-${theme}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const theme of ['light', 'dark'] as const) {
  test(
    `cross-app in the modal (${theme}): app A's button, its popup, a cancel, then a login`,
    { timeout: 240_000 },
    async () => {
      const { stack } = env;
      await withPage(
        env,
        `crossapp-demo-modal-${theme}`,
        { context: { viewport: { width: 1280, height: 800 }, colorScheme: theme } },
        async (b) => {
          const email = uniqueEmail(`xapp-modal-${theme}`);
          await openDemo(b, `${stack.demoUrl}/?crossApp=list&theme=${theme}`, 'unauthenticated');
          await b.getByRole('button', { name: 'Log in', exact: true }).click();
          const button = dialog(b).getByRole('button', { name: 'Latchkey Wallet', exact: true });
          await button.waitFor({ timeout: UI_TIMEOUT_MS });
          assert.equal(
            await button.getAttribute('data-method'),
            'latchkey:latchkeywallet00000000000',
          );
          await modalShots(b, 'list', theme);

          // Its click opens the provider's sign-in popup; closing it cancels the flow.
          let opened = b.waitForEvent('popup');
          await button.click();
          const first = await opened;
          await dialog(b).getByText('Connecting to Latchkey Wallet').waitFor({
            timeout: UI_TIMEOUT_MS,
          });
          // The popup goes from about:blank to the provider's sign-in page before it is measured.
          await first.waitForURL(/\/oidc\/interaction\//, { timeout: UI_TIMEOUT_MS });
          assert.deepEqual(
            await first.evaluate(() => [window.outerWidth, window.outerHeight]),
            [440, 680],
          );
          await modalShots(b, 'connecting', theme);
          await first.close();
          await dialog(b).getByText('User canceled flow').waitFor({ timeout: UI_TIMEOUT_MS });
          await modalShots(b, 'canceled', theme);

          // Try again opens a new popup in its own click; the login completes there.
          opened = b.waitForEvent('popup');
          await dialog(b).getByRole('button', { name: 'Try again' }).click();
          await allowInPopup(await opened, stack, email);
          await dialog(b)
            .getByText('Connected with Latchkey Wallet')
            .waitFor({ timeout: UI_TIMEOUT_MS });
          await screenshot(b, `crossapp-demo-modal-connected-${theme}-1280`);
          await waitForStatus(b, 'authenticated');
          await dialog(b).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          const account = linkedAccounts((await shownUser(b))!).find(
            (x) => x.type === 'cross_app',
          ) as { providerApp: { id: string }; embeddedWallets: { address: string }[] } | undefined;
          assert.deepEqual(account?.providerApp, { id: 'latchkeywallet00000000000' });
          assert.equal(account?.embeddedWallets.length, 1, "app A's wallet comes with the account");
        },
      );
    },
  );
}

test(
  "linking: 'Link Latchkey Wallet' adds app A's account to an app B user",
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'crossapp-demo-link',
      { context: { viewport: { width: 1280, height: 900 }, colorScheme: 'light' } },
      async (b) => {
        const email = uniqueEmail('xapp-link-b');
        await openDemo(b, stack.demoUrl, 'unauthenticated');
        await openLoginModal(b);
        await submitEmail(b, email);
        await typeCode(b, (await stack.waitForCode(email)).code!);
        await waitForStatus(b, 'authenticated');
        await dialog(b).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

        const opened = b.waitForEvent('popup');
        await b.getByRole('button', { name: 'Link Latchkey Wallet', exact: true }).click();
        const popup = await opened;
        await dialog(b)
          .getByText('Connecting to Latchkey Wallet')
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await allowInPopup(popup, stack, uniqueEmail('xapp-link-a'));
        await dialog(b)
          .getByText('Connected with Latchkey Wallet')
          .waitFor({ timeout: UI_TIMEOUT_MS });
        const row = b
          .getByTestId('linked-embedded-wallet')
          .filter({ hasText: 'Latchkey Wallet account' });
        await row.waitFor({ timeout: UI_TIMEOUT_MS });
        await screenshot(b, 'crossapp-demo-linked-1280');
        const types = linkedAccounts((await shownUser(b))!).map((a) => a.type);
        assert.ok(
          types.includes('email') && types.includes('cross_app'),
          `linked: ${types.join(', ')}`,
        );
      },
    );
  },
);
