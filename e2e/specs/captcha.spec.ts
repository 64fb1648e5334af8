/**
 * Captcha gate (issue 6; spec sections 4, 6 and 8) with the self-hosted ALTCHA proof of work
 * (site key `a:`, no third party): the modal solves a challenge while the landing screen shows,
 * the code request carries the token and the server accepts it, and the login completes. A
 * token the server refuses (swapped on the wire) shows 'Please try again.' (invalid_captcha);
 * its button resets the captcha and the next submit passes. Screenshot: captcha-*.png.
 * The app settings are restored at the end.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dialog,
  digitBoxes,
  emailField,
  enterEmail,
  openDemo,
  openLoginModal,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';

const env = useStackAndBrowser();

test(
  'captcha: the code request carries a proof-of-work token; a refused token resets the captcha',
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'captcha',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        const refused = uniqueEmail('captcha-refused');
        const email = uniqueEmail('captcha');
        const tokens: (string | undefined)[] = [];
        try {
          await stack.admin('PATCH', '', { captcha_enabled: true, captcha_site_key: 'a:' });
          await openDemo(page, stack.demoUrl, 'unauthenticated');

          // 1. The server refuses a token: swap it on the wire for one it cannot verify.
          await page.route('**/api/v1/passwordless/init', async (route) => {
            const body = JSON.parse(route.request().postData() ?? '{}') as { token?: string };
            tokens.push(body.token);
            await route.continue({ postData: JSON.stringify({ ...body, token: 'not-a-token' }) });
          });
          await openLoginModal(page);
          await enterEmail(page, refused);
          await dialog(page)
            .getByText('Please try again.', { exact: true })
            .waitFor({ timeout: UI_TIMEOUT_MS });
          assert.equal(tokens.length, 1, 'one code request');
          assert.ok(tokens[0] && tokens[0].length > 20, `the page sent a token: ${tokens[0]}`);
          await screenshot(page, 'captcha-1-invalid');
          await page.unroute('**/api/v1/passwordless/init');

          // 2. The error's button resets the captcha; the next submit passes with a fresh token.
          await page.route('**/api/v1/passwordless/init', async (route) => {
            const body = JSON.parse(route.request().postData() ?? '{}') as { token?: string };
            tokens.push(body.token);
            await route.continue();
          });
          await dialog(page).getByRole('button', { name: 'Try again', exact: true }).click();
          await emailField(page).waitFor({ timeout: UI_TIMEOUT_MS });
          await emailField(page).fill('');
          const before = (await stack.outbox(email)).length;
          await enterEmail(page, email);
          await digitBoxes(page)[0]!.waitFor({ timeout: UI_TIMEOUT_MS });
          assert.equal(tokens.length, 2, 'a second code request');
          assert.ok(tokens[1], 'with a token');
          assert.notEqual(tokens[1], tokens[0], 'a fresh token (single use)');
          const message = await stack.waitForCode(email, { after: before });
          await typeCode(page, message.code!);
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'authenticated');
          await screenshot(page, 'captcha-2-logged-in');
        } finally {
          await stack
            .admin('PATCH', '', { captcha_enabled: false, captcha_site_key: null })
            .catch((error: unknown) =>
              console.error('could not restore the captcha settings', error),
            );
        }
      },
    );
  },
);
