/**
 * Wrong codes kill the code (security catalogue 16): five wrong codes each show
 * 'Invalid or expired verification code' and the boxes reset after 1400 ms; then the right
 * code is refused too, and no session exists.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
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
import {
  recordConsole,
  reportFailure,
  screenshot,
  uniqueEmail,
  useStackAndBrowser,
  withFailureScreenshot,
} from '../harness.ts';

/** Wrong submissions after which a code is dead (spec section 9, catalogue 16). */
const MAX_ATTEMPTS = 5;
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
  'five wrong codes kill the code: the right one is refused afterwards and no session exists',
  {
    timeout: 180_000,
  },
  async () => {
    const { stack, browser } = env;
    const context = await browser.newContext();
    const page = await context.newPage();
    const consoleLines = recordConsole(page);
    const email = uniqueEmail('wrong');
    const error = dialog(page).getByText(INVALID_CODE_TEXT);
    try {
      await withFailureScreenshot(page, 'wrong-codes', async () => {
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

        // The right code now: refused, because the code died after five failures.
        const answer = await submitAndWaitForAnswer(page, code);
        assert.equal(answer, 422, 'the right code is refused with 422');
        await error.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.deepEqual(
          await boxValues(page),
          code.split(''),
          'the error is the answer to the right code',
        );
        await screenshot(page, 'wrong-codes-right-code-refused');
        await waitForEmptyBoxes(page);
        assert.ok(await dialog(page).isVisible(), 'the modal stays open');
        assert.equal(await currentStatus(page), 'unauthenticated');
        assert.equal(await shownUser(page), null);

        // No session anywhere: not after a reload, and the API refuses the code too.
        await page.reload();
        await waitForStatus(page, 'unauthenticated');
        const res = await fetch(`${stack.apiUrl}/api/v1/passwordless/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'latchkey-app-id': stack.appId },
          body: JSON.stringify({ email, code }),
        });
        const body = (await res.json()) as { code?: string };
        assert.equal(res.status, 422, `the API refuses the dead code: ${JSON.stringify(body)}`);
        assert.equal(body.code, 'invalid_credentials');
        assert.equal((await stack.outbox(email)).length, 1, 'exactly one code was sent');
      });
    } catch (error) {
      reportFailure(stack, consoleLines);
      throw error;
    } finally {
      await context.close();
    }
  },
);
