/**
 * Wrong codes kill the code (security catalogue 16; issue 14 item 8): five wrong codes each show
 * 'Invalid or expired verification code' and the boxes reset after 1400 ms; then the screen
 * says the code can no longer be used and takes no more input, the API refuses the right code
 * too, no session exists, and 'Send a new code' (after the resend cooldown) logs in.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import {
  boxValues,
  currentStatus,
  dialog,
  INVALID_CODE_TEXT,
  openDemo,
  openLoginModal,
  shownUser,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForEmptyBoxes,
  waitForStatus,
} from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';

/** Wrong submissions after which a code is dead (spec section 9, catalogue 16). */
const MAX_ATTEMPTS = 5;
/** The dead code's text (core's passwordless catalogue, `codeExhausted`). */
const DEAD_CODE_TEXT = 'Too many wrong codes. This code can no longer be used.';
/** The product's reset delay after an invalid code (spec section 9). */
const INVALID_CODE_RESET_MS = 1400;

const env = useStackAndBrowser();

/** `n` different six-digit codes, none equal to `code`. */
function wrongCodes(code: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) =>
    String((Number(code) + (i + 1) * 111_111) % 1_000_000).padStart(6, '0'),
  );
}

/** Types `code` into the boxes (they submit themselves when full) and returns the API's status. */
async function submitAndWaitForAnswer(page: Page, code: string): Promise<number> {
  const response = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/v1/passwordless/authenticate' &&
      r.request().method() === 'POST',
    { timeout: UI_TIMEOUT_MS },
  );
  await typeCode(page, code);
  return (await response).status();
}

test(
  'five wrong codes kill the code: the screen takes no more input, the right one is refused, a new code logs in',
  {
    timeout: 180_000,
  },
  async () => {
    const { stack } = env;
    await withPage(env, 'wrong-codes', {}, async (page) => {
      const email = uniqueEmail('wrong');
      const error = dialog(page).getByText(INVALID_CODE_TEXT);
      await openDemo(page, stack.demoUrl, 'unauthenticated');
      await openLoginModal(page);
      await submitEmail(page, email);
      const { code } = await stack.waitForCode(email);
      assert.ok(code);
      const wrong = wrongCodes(code, MAX_ATTEMPTS);
      assert.ok(!wrong.includes(code) && new Set(wrong).size === MAX_ATTEMPTS);

      for (const [i, attempt] of wrong.entries()) {
        const answer = await submitAndWaitForAnswer(page, attempt);
        const answeredAt = Date.now();
        assert.equal(answer, 422, `attempt ${i + 1}: the API answers 422`);
        // This attempt's answer: its digits are still in the boxes while the error shows.
        await error.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.deepEqual(
          await boxValues(page),
          attempt.split(''),
          `attempt ${i + 1}: the wrong digits stay while the error shows`,
        );
        if (i === 0) await screenshot(page, 'wrong-codes-invalid');
        // The product clears the boxes INVALID_CODE_RESET_MS after the answer.
        await waitForEmptyBoxes(page);
        const resetAfter = Date.now() - answeredAt;
        assert.ok(
          resetAfter >= INVALID_CODE_RESET_MS - 300,
          `attempt ${i + 1}: boxes cleared ${resetAfter} ms after the answer (expected about ${INVALID_CODE_RESET_MS})`,
        );
      }

      // The code died after five failures: the screen says so and takes no more input.
      await dialog(page).getByText(DEAD_CODE_TEXT).waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'wrong-codes-dead-code');
      let submitted = 0;
      const countSubmits = (r: Request) => {
        if (new URL(r.url()).pathname === '/api/v1/passwordless/authenticate') submitted++;
      };
      page.on('request', countSubmits);
      // The boxes are read-only (a click is refused: not enabled): type into a focused one.
      const first = dialog(page).getByRole('textbox', { name: 'Digit 1', exact: true });
      assert.equal(await first.getAttribute('aria-disabled'), 'true');
      await first.focus();
      await page.keyboard.type(code, { delay: 40 });
      await page.waitForTimeout(1000);
      page.off('request', countSubmits);
      assert.equal(submitted, 0, 'typing into the dead code sends nothing');
      assert.deepEqual(await boxValues(page), ['', '', '', '', '', ''], 'the boxes stay empty');
      assert.ok(await dialog(page).isVisible(), 'the modal stays open');
      assert.equal(await currentStatus(page), 'unauthenticated');
      assert.equal(await shownUser(page), null);

      // No session: the API refuses the right code too.
      const res = await fetch(`${stack.apiUrl}/api/v1/passwordless/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'latchkey-app-id': stack.appId },
        body: JSON.stringify({ email, code }),
      });
      const body = (await res.json()) as { code?: string };
      assert.equal(res.status, 422, `the API refuses the dead code: ${JSON.stringify(body)}`);
      assert.equal(body.code, 'invalid_credentials');
      assert.equal((await stack.outbox(email)).length, 1, 'exactly one code was sent');

      // 'Send a new code' (once the 30 s resend cooldown is over) starts over with a live code.
      const newCode = dialog(page).getByRole('button', { name: 'Send a new code' });
      const deadline = Date.now() + 40_000;
      while (!(await newCode.isEnabled())) {
        assert.ok(Date.now() < deadline, "'Send a new code' is offered after the cooldown");
        await page.waitForTimeout(250);
      }
      await newCode.click();
      const fresh = await stack.waitForCode(email, { after: 1 });
      assert.ok(fresh.code && fresh.code !== code);
      await waitForEmptyBoxes(page);
      assert.equal(await submitAndWaitForAnswer(page, fresh.code), 200, 'the new code logs in');
      await waitForStatus(page, 'authenticated');
    });
  },
);
