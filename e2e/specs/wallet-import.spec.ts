/**
 * Importing an existing Ethereum key as the embedded wallet (issue 22 item 4), through the real
 * stack in Chromium. The demo runs with `?createOnLogin=off`, so a new user has no wallet:
 * log in -> "Import a key" -> EMBEDDED_WALLET_IMPORT_SCREEN frames the wallet's import page (API
 * origin); the host page has no input of its own. A mistyped key is refused in the frame; anvil's
 * third dev key shows its address (viem's) before confirming; a real click on 'Import wallet'
 * imports it: the demo shows that address, the user's wallet account says `imported: true`, and
 * the key never appeared in the host page or in a message it received. A message signed with it
 * (approved in the approval frame) verifies with viem. A fresh browser context (a new device:
 * no frame storage) logs in as the same user and gets the same address back (automatic recovery),
 * signs again, and exports the key: the export page shows the imported key itself. A second user (dark theme) cannot import the same key: the frame says it is
 * used by another account. The screen with its frame passes axe, light and dark.
 * Screenshots: e2e/artifacts/wallet-import-{light,dark}[-dialog].png.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { animationsDone, expectNoAxeViolations } from '../a11y.ts';
import { dialog, linkedAccounts, shownUser, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { artifactsDir, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  approveInFrame,
  clearResult,
  logInWithEmail,
  openExportFrame,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

/** anvil's third dev key: a fixed, well-known test key with no value anywhere. */
const IMPORTED_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const IMPORTED_ADDRESS = privateKeyToAddress(IMPORTED_KEY);
const KEY_HEX = IMPORTED_KEY.slice(2);
const DEMO_MESSAGE = 'Hello from the Latchkey demo';
const QUERY = '?createOnLogin=off';

/** Records every message the host page's window receives (init script on every page). */
const LISTENER = `(() => {
  if (window.top !== window) return;
  window.__hostMessages = [];
  window.addEventListener('message', (event) => {
    let data;
    try { data = JSON.stringify(event.data); } catch { data = String(event.data); }
    window.__hostMessages.push(data);
  }, true);
})();`;

/** Logs a new user in without a wallet; resolves once the demo says so. */
async function logInWithoutWallet(page: Page, email: string, query = QUERY) {
  await logInWithEmail(page, env.stack, email, query);
  await waitForStatus(page, 'authenticated');
  await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  await page
    .getByTestId('wallet-status')
    .filter({ hasText: 'No embedded wallet on this device yet.' })
    .waitFor({ timeout: WALLET_TIMEOUT_MS });
}

/** Presses "Import a key" and returns the import page's frame once its input shows. */
async function openImportFrame(page: Page): Promise<Frame> {
  await clearResult(page);
  await page.getByRole('button', { name: 'Import a key', exact: true }).click();
  await waitForScreen(page, 'EMBEDDED_WALLET_IMPORT_SCREEN');
  await page
    .frameLocator('iframe[src*="/embedded-wallets/import"]')
    .getByTestId('import-key-input')
    .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/import'));
  if (!frame) throw new Error('the import frame is not mounted');
  await dialog(page)
    .locator('.lk-import__frame[data-state="ready"]')
    .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  return frame;
}

/** Types `text` into the frame's key input as a person does, replacing what is there. */
async function typeKey(frame: Frame, text: string) {
  const input = frame.getByTestId('import-key-input');
  await input.fill('');
  await input.pressSequentially(text, { delay: 2 });
}

/** The import page's state (`data-state` of its root). */
const importState = (frame: Frame) => frame.locator('main.lk-import').getAttribute('data-state');

/** The viewport and the dialog alone, under e2e/artifacts/. */
async function shoot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), animations: 'disabled' });
  await dialog(page).screenshot({
    path: path.join(artifactsDir, `${name}-dialog.png`),
    animations: 'disabled',
  });
}

/** Signs the demo message through the sign screen; returns the verified signature. */
async function signAndVerify(page: Page, address: string) {
  await clearResult(page);
  await page.getByRole('button', { name: 'Sign message', exact: true }).click();
  await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
  await approveInFrame(page);
  const signature = await waitForResult(page);
  assert.match(signature, /^0x[0-9a-f]{130}$/, `a 65-byte signature: ${signature}`);
  assert.ok(
    await verifyMessage({
      address: address as `0x${string}`,
      message: DEMO_MESSAGE,
      signature: signature as `0x${string}`,
    }),
    'the signature verifies with viem against the imported address',
  );
  await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

test(
  'import an Ethereum key in the wallet frame, sign with it, recover it on a fresh device',
  { timeout: 300_000 },
  async () => {
    const email = uniqueEmail('import');
    await withPage(
      env,
      'wallet-import',
      {
        context: { viewport: { width: 1280, height: 800 } },
        setUp: (context) => context.addInitScript({ content: LISTENER }),
      },
      async (page) => {
        await logInWithoutWallet(page, email);

        // 1. The import screen frames the import page; the host page has no input for the key.
        const frame = await openImportFrame(page);
        assert.equal(
          await dialog(page).locator('input, textarea').count(),
          0,
          'no input on the host page',
        );
        assert.equal(await frame.getByTestId('import-key-input').getAttribute('type'), 'password');

        // 2. A mistyped key (one digit short) is refused in the frame; Import stays off.
        await typeKey(frame, KEY_HEX.slice(0, 63));
        await frame
          .getByText('This is not a valid Ethereum private key.')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(await importState(frame), 'invalid');
        assert.ok(await frame.getByTestId('import-submit').isDisabled());

        // 3. The real key: its address shows before the user confirms.
        await typeKey(frame, IMPORTED_KEY);
        await frame
          .getByTestId('import-address')
          .filter({ hasText: IMPORTED_ADDRESS })
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(await importState(frame), 'valid');
        assert.ok(await frame.getByTestId('import-submit').isEnabled());
        await shoot(page, 'wallet-import-light');
        // The screen and the page inside its frame pass axe (WCAG 2.2 AA).
        await animationsDone(page);
        await expectNoAxeViolations(page, 'wallet-import-light');
        // Nothing of the key in the host page.
        assert.ok(!(await page.content()).toLowerCase().includes(KEY_HEX), 'key in the host DOM');

        // 4. A real click on 'Import wallet': the demo gets the address.
        await frame.getByRole('button', { name: 'Import wallet', exact: true }).click();
        const result = await waitForResult(page);
        assert.equal(result, IMPORTED_ADDRESS, `the import resolved with the address: ${result}`);
        await frame
          .getByText('Your wallet is imported.')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await dialog(page).getByRole('button', { name: 'Done', exact: true }).click();
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        assert.equal(await shownAddress(page), IMPORTED_ADDRESS);
        // The wallet account says the key was imported (spec section 3).
        await page.waitForFunction(
          () =>
            (document.querySelector('[data-testid="user"]')?.textContent ?? '').includes(
              'imported',
            ),
          undefined,
          { timeout: UI_TIMEOUT_MS },
        );
        const user = await shownUser(page);
        const account = linkedAccounts(user!).find(
          (a) => a.type === 'wallet' && (a.walletClientType ?? a.wallet_client_type) === 'latchkey',
        );
        assert.equal(account?.address, IMPORTED_ADDRESS);
        assert.equal(account?.imported, true, 'the wallet account is imported: true');
        // No message the host page received carried the key.
        const messages = await page.evaluate(
          () => (window as unknown as { __hostMessages: string[] }).__hostMessages,
        );
        assert.ok(messages.length > 0, 'the listener saw the frame messages');
        for (const m of messages) {
          assert.ok(!m.toLowerCase().includes(KEY_HEX), `the key reached the host page: ${m}`);
        }

        // 5. Sign with it: the signature verifies with viem.
        await signAndVerify(page, IMPORTED_ADDRESS);
      },
    );

    // 6. A fresh device (a new browser context: no frame storage, no session): the same user
    // logs in and gets the same address back, and signs with it.
    await withPage(
      env,
      'wallet-import-recover',
      { context: { viewport: { width: 1280, height: 800 } } },
      async (page) => {
        await logInWithEmail(page, env.stack, email, QUERY);
        await waitForStatus(page, 'authenticated');
        assert.equal(await shownAddress(page), IMPORTED_ADDRESS, 'recovered on a new device');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await signAndVerify(page, IMPORTED_ADDRESS);
        // Export works as for any wallet: the frame shows the imported key itself.
        const exported = await openExportFrame(page);
        await exported.getByRole('button', { name: 'Reveal', exact: true }).click();
        await exported.locator('.lk-export__key--shown').waitFor({ timeout: WALLET_TIMEOUT_MS });
        const shown = ((await exported.getByTestId('export-private-key').textContent()) ?? '')
          .trim()
          .toLowerCase();
        assert.equal(shown, IMPORTED_KEY, 'the export page shows the imported key');
      },
    );

    // 7. Dark: another user sees the import page in the modal's dark theme, and cannot import
    // the same key (another account uses it).
    await withPage(
      env,
      'wallet-import-dark',
      { context: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' } },
      async (page) => {
        await logInWithoutWallet(page, uniqueEmail('import-dark'), `${QUERY}&theme=dark`);
        const frame = await openImportFrame(page);
        const scheme = await frame.evaluate(
          () => getComputedStyle(document.documentElement).colorScheme,
        );
        assert.equal(scheme, 'dark', 'the import page follows the dark modal');
        await typeKey(frame, IMPORTED_KEY);
        await frame
          .getByTestId('import-address')
          .filter({ hasText: IMPORTED_ADDRESS })
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await shoot(page, 'wallet-import-dark');
        await expectNoAxeViolations(page, 'wallet-import-dark');
        await frame.getByRole('button', { name: 'Import wallet', exact: true }).click();
        await frame
          .getByText('This wallet is already used by another account.')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        assert.match(await waitForResult(page), /Import a key failed: .*already in use/);
      },
    );
  },
);
