/**
 * Every main screen at both sizes and in both themes (issue 14, "Tests that can fail"): at
 * 1280x800 and at 390x844 (a phone: touch, the bottom sheet), light and dark, an email login
 * and the wallet screens it leads to. On each screen the dialog, its title, its close button and
 * the screen's primary control are inside the visible viewport (not cut by it nor pushed off
 * it), and a screenshot is saved: e2e/artifacts/screens-<theme>-<size>-<screen>.png (kept by CI
 * with the other artifacts). Screens: landing, code, wallet created, sign message (with its
 * approval frame), send transaction, key export (with its frame).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  dialog,
  openDemo,
  openLoginModal,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  approveButton,
  dialogButton,
  WALLET_TIMEOUT_MS,
  waitForArmed,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

const SIZES = [
  { label: '1280x800', viewport: { width: 1280, height: 800 }, phone: false },
  { label: '390x844', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** `locator`'s box lies inside the visual viewport (0.5 px tolerance). */
async function assertInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  const box = await locator.boundingBox();
  assert.ok(box, `${what} has a box`);
  const view = await page.evaluate(() => {
    const v = window.visualViewport!;
    return { width: v.width, height: v.height };
  });
  const inside =
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= view.width + 0.5 &&
    box.y + box.height <= view.height + 0.5;
  assert.ok(inside, `${what} ${JSON.stringify(box)} is inside the ${JSON.stringify(view)} view`);
}

for (const size of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    const label = `${theme}-${size.label}`;
    test(
      `every main screen fits the viewport, ${theme}, ${size.label}`,
      { timeout: 240_000 },
      async () => {
        const context = {
          viewport: size.viewport,
          ...(size.phone ? { isMobile: true, hasTouch: true } : {}),
        };
        await withPage(env, `screens-${label}`, { context }, async (page) => {
          const { stack } = env;
          /** Waits for the animations to settle, checks the chrome and `primary`, saves a shot. */
          const shoot = async (screen: string, primary: Locator, primaryName: string) => {
            const d = dialog(page);
            await page.waitForTimeout(300);
            await assertInViewport(page, d, `${label} ${screen}: the dialog`);
            await assertInViewport(page, d.locator('h2').first(), `${label} ${screen}: the title`);
            await assertInViewport(
              page,
              d.locator('.lk-topbar .lk-close'),
              `${label} ${screen}: Close`,
            );
            await assertInViewport(page, primary, `${label} ${screen}: ${primaryName}`);
            await screenshot(page, `screens-${label}-${screen}`);
          };
          const email = uniqueEmail(`screens-${label}`);
          await openDemo(page, `${stack.demoUrl}/?theme=${theme}`, 'unauthenticated');
          await openLoginModal(page);
          const d = dialog(page);
          await shoot('landing', d.getByRole('textbox', { name: 'Email address' }), 'email');

          const before = (await stack.outbox(email)).length;
          await submitEmail(page, email);
          const message = await stack.waitForCode(email, { after: before });
          await d
            .getByText('Code sent', { exact: true })
            .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
          await shoot('code', d.getByRole('textbox', { name: 'Digit 6' }), 'the last digit');

          await typeCode(page, message.code!);
          await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
          await shoot('wallet-created', d.locator('.lk-wallet-created__address'), 'address');
          await d.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'authenticated');

          await page.getByRole('button', { name: 'Sign message', exact: true }).click();
          await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
          await waitForArmed(page, WALLET_TIMEOUT_MS);
          await shoot('sign', approveButton(page), 'the approve button (in its frame)');
          await page.keyboard.press('Escape');
          await d.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

          await page.getByRole('button', { name: 'Send transaction', exact: true }).click();
          await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
          await approveButton(page).waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
          await shoot('send', approveButton(page), 'the approve button (in its frame)');
          await d.locator('.lk-topbar .lk-close').click();
          await d.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

          await page.getByRole('button', { name: 'Export key', exact: true }).click();
          await waitForScreen(page, 'EMBEDDED_WALLET_KEY_EXPORT_SCREEN');
          const reveal = page
            .frameLocator('iframe[src*="/embedded-wallets/export"]')
            .getByRole('button', { name: 'Reveal', exact: true });
          await reveal.waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
          await shoot('export', reveal, 'Reveal (in its frame)');
          await dialogButton(page, 'Done').click();
          await d.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        });
      },
    );
  }
}
