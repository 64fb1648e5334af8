/**
 * Focus never escapes (issue 14 item 5), with the keyboard alone: every step on the modal is a
 * key press (`page.keyboard`: Tab, Shift+Tab, Enter, Escape, typing); the only mouse-free waits
 * are on visible state. Walks:
 *
 * 1. the demo's 'Log in' button reached with Tab and pressed with Enter: focus is inside the
 *    dialog (followed through the open shadow root; never `<body>`), on the email field;
 * 2. Tab and Shift+Tab cycle inside the dialog (the trap): every stop is in the dialog, and the
 *    walk comes back to where it started both ways;
 * 3. the email typed and Enter: the code screen, focus on the first code box;
 * 4. Escape closes, focus returns to 'Log in' (the opener, not the page's first button);
 * 5. logged in by keyboard (the code typed); the demo's 'Sign message' reached with Tab and
 *    pressed with Enter: focus in the dialog, never `<body>`; Escape rejects (4001) and closes,
 *    focus returns to 'Sign message';
 * 6. 'Sign message' again; Tab into the wallet's approval frame (another origin) onto its
 *    approve button, then Escape there: the key never reaches the card, so the frame forwards
 *    it to the host (`wallet-frame` `escape.ts`, `react` `wallet/useFrameEscape.ts`); it still
 *    rejects, closes and returns focus to 'Sign message';
 * 7. 'Export key' reached with Tab: Tab into the export frame onto Reveal, Escape there closes
 *    the modal and returns focus to 'Export key'.
 *
 * Negative controls show each focus check can fail: focus on `<body>` and on a page button
 * while the dialog is open are reported as such by the same helper.
 * Screenshots: e2e/artifacts/keyboard-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { dialog, emailField, openDemo, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  approvalFrame,
  clearResult,
  WALLET_TIMEOUT_MS,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

/** Where focus is: followed from `document.activeElement` through open shadow roots. */
interface Focus {
  /** Nothing (or `<body>`) has focus. */
  body: boolean;
  /** The focused element is inside the modal's `role="dialog"`. */
  inDialog: boolean;
  tag: string;
  /** Accessible-ish name: aria-label, else its label, else its text, else its placeholder. */
  name: string;
  /** A stable key for the element (tag, name, test id, index among same-tag siblings). */
  key: string;
}

/** The focused element of `page`, through the modal's shadow root (see {@link Focus}). */
async function focusOf(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { body: true, inDialog: false, tag: el?.tagName ?? '', name: '', key: 'body' };
    }
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name = (
      el.getAttribute('aria-label') ||
      label ||
      (el.textContent ?? '').slice(0, 40) ||
      el.getAttribute('placeholder') ||
      ''
    ).trim();
    const index = el.parentElement ? [...el.parentElement.children].indexOf(el) : -1;
    return {
      body: false,
      inDialog: el.closest('[role="dialog"]') !== null,
      tag: el.tagName,
      name,
      key: `${el.tagName}|${name}|${el.getAttribute('data-testid') ?? ''}|${index}`,
    };
  });
}

/** Asserts focus is on a control inside the dialog (never `<body>`); returns it. */
async function assertFocusInDialog(page: Page, what: string): Promise<Focus> {
  const focus = await focusOf(page);
  assert.equal(focus.body, false, `${what}: focus is on <body>`);
  assert.equal(focus.inDialog, true, `${what}: focus is outside the dialog: ${focus.key}`);
  return focus;
}

/** Presses Tab until the page's button named `name` has focus (at most `max` presses). */
async function tabTo(page: Page, name: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    const focus = await focusOf(page);
    if (!focus.inDialog && focus.tag === 'BUTTON' && focus.name === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the '${name}' button in ${max} presses`);
}

/** The approval frame (another origin), once attached. */
function approvalPage(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/approve'));
  if (!frame) throw new Error('the approval frame is not mounted');
  return frame;
}

/** The test id of the element focused inside `frame`'s own document ('' for none). */
async function focusInFrame(frame: Frame): Promise<string> {
  return frame.evaluate(() =>
    document.hasFocus() && document.activeElement
      ? (document.activeElement.getAttribute('data-testid') ?? document.activeElement.tagName)
      : '',
  );
}

test(
  'the keyboard alone: focus stays in the modal, Escape closes, focus returns to the opener',
  {
    timeout: 240_000,
  },
  async () => {
    const { stack } = env;
    const context = { viewport: { width: 1024, height: 800 } };
    await withPage(env, 'keyboard', { context }, async (page) => {
      const email = uniqueEmail('keyboard');
      await openDemo(page, stack.demoUrl, 'unauthenticated');
      await page
        .getByRole('button', { name: 'Log in', exact: true, disabled: false })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      // Negative control: nothing focused yet, and the helper says so.
      assert.equal((await focusOf(page)).body, true, 'a fresh page has focus on <body>');

      // 1. Open the modal from 'Log in' with Tab + Enter.
      await tabTo(page, 'Log in');
      await page.keyboard.press('Enter');
      await dialog(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await emailField(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      const start = await assertFocusInDialog(page, 'after opening');
      assert.equal(start.tag, 'INPUT', `first control on open: ${start.key}`);
      assert.equal(start.name, 'Email address', `first control on open: ${start.key}`);
      await screenshot(page, 'keyboard-1-landing');

      // Negative control while the dialog is open: a page button focused by script is reported
      // as outside the dialog (so the trap checks below can fail).
      await page.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Log in',
        );
        button?.focus();
      });
      const outside = await focusOf(page);
      assert.equal(outside.inDialog, false, `a page button is outside: ${outside.key}`);
      await assert.rejects(assertFocusInDialog(page, 'control'), /outside the dialog/);
      // Back into the dialog by keyboard alone is not possible from the page (the modal is
      // modal): put focus back on the email field the way the modal does on open.
      await emailField(page).focus();

      // 2. The trap: Tab forward around the whole dialog and back to the start; the same
      // backwards with Shift+Tab. Every stop is inside the dialog.
      for (const key of ['Tab', 'Shift+Tab']) {
        const seen: string[] = [];
        let back = false;
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press(key);
          const focus = await assertFocusInDialog(page, `${key} #${i + 1}`);
          if (focus.key === start.key) {
            back = true;
            break;
          }
          seen.push(focus.key);
        }
        assert.ok(back, `${key} never came back to the email field: ${seen.join(', ')}`);
        assert.ok(seen.length >= 2, `${key} visited ${seen.length} other control(s)`);
      }

      // 3. The email and Enter: the code screen, focus on the first code box.
      await page.keyboard.type(email, { delay: 10 });
      const before = (await stack.outbox(email)).length;
      await page.keyboard.press('Enter');
      const firstBox = dialog(page).getByRole('textbox', { name: 'Digit 1', exact: true });
      await firstBox.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await stack.waitForCode(email, { after: before });
      const onCode = await assertFocusInDialog(page, 'code screen');
      assert.equal(onCode.name, 'Digit 1', `first control on the code screen: ${onCode.key}`);
      await screenshot(page, 'keyboard-2-code');

      // 4. Escape closes; focus returns to 'Log in'.
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      const returned = await focusOf(page);
      assert.equal(returned.inDialog, false);
      assert.equal(returned.tag, 'BUTTON', `focus after closing: ${returned.key}`);
      assert.equal(returned.name, 'Log in', `focus after closing: ${returned.key}`);

      // 5. Log in by keyboard (a second address: no resend wait): Enter on the focused
      // 'Log in', the email, the code.
      const email2 = uniqueEmail('keyboard-2');
      await page.keyboard.press('Enter');
      await dialog(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      assert.equal((await assertFocusInDialog(page, 'reopened')).name, 'Email address');
      await page.keyboard.type(email2, { delay: 10 });
      const before2 = (await stack.outbox(email2)).length;
      await page.keyboard.press('Enter');
      await firstBox.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      const code2 = await stack.waitForCode(email2, { after: before2 });
      assert.equal((await assertFocusInDialog(page, 'code screen again')).name, 'Digit 1');
      await page.keyboard.type(code2.code!, { delay: 40 });
      await waitForStatus(page, 'authenticated', WALLET_TIMEOUT_MS);
      await dialog(page).waitFor({ state: 'hidden', timeout: WALLET_TIMEOUT_MS });

      const sign = page.getByRole('button', {
        name: 'Sign message',
        exact: true,
        disabled: false,
      });
      await sign.waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
      await clearResult(page);
      await tabTo(page, 'Sign message');
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
      await assertFocusInDialog(page, 'sign screen');
      await screenshot(page, 'keyboard-3-sign');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      assert.match(await waitForResult(page), /4001 user rejected/);
      const afterSign = await focusOf(page);
      assert.equal(afterSign.name, 'Sign message', `focus after Escape: ${afterSign.key}`);

      // 6. Escape with focus inside the approval frame (another origin).
      await clearResult(page);
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
      await approvalFrame(page)
        .locator('main.lk-approve[data-state="ready"]')
        .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
      const frame = approvalPage(page);
      let inFrame = '';
      for (let i = 0; i < 20 && inFrame !== 'approve-button'; i++) {
        await page.keyboard.press('Tab');
        const top = await assertFocusInDialog(page, `Tab #${i + 1} on the sign screen`);
        inFrame = top.tag === 'IFRAME' ? await focusInFrame(frame) : '';
      }
      assert.equal(inFrame, 'approve-button', 'Tab reaches the approve button in the frame');
      await screenshot(page, 'keyboard-4-approve-focused');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      assert.match(await waitForResult(page), /4001 user rejected/);
      const afterFrame = await focusOf(page);
      assert.equal(afterFrame.name, 'Sign message', `focus after Escape: ${afterFrame.key}`);

      // 7. The same in the key export frame: Tab onto its Reveal button, Escape there.
      await clearResult(page);
      await tabTo(page, 'Export key');
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'EMBEDDED_WALLET_KEY_EXPORT_SCREEN');
      await waitForResult(page);
      const exportFrame = page.frames().find((f) => f.url().includes('/embedded-wallets/export'));
      assert.ok(exportFrame, 'the export frame is mounted');
      await exportFrame
        .locator('main.lk-export[data-state="armed"]')
        .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
      let inExport = '';
      for (let i = 0; i < 20 && inExport !== 'export-reveal'; i++) {
        await page.keyboard.press('Tab');
        const top = await assertFocusInDialog(page, `Tab #${i + 1} on the export screen`);
        inExport = top.tag === 'IFRAME' ? await focusInFrame(exportFrame) : '';
      }
      assert.equal(inExport, 'export-reveal', 'Tab reaches Reveal in the export frame');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      const afterExport = await focusOf(page);
      assert.equal(afterExport.name, 'Export key', `focus after Escape: ${afterExport.key}`);
    });
  },
);
