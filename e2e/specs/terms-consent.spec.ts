/**
 * Terms consent (issue 6; spec sections 2 and 4): with `require_users_accept_terms` set through
 * the admin API, an email login ends on AFFIRMATIVE_CONSENT_SCREEN ('One last step', the two
 * policy links, 'No thanks', 'Accept'). 'No thanks' logs the person out; 'Accept' records the
 * acceptance (`POST /api/v1/users/me/accept_terms`) and logs in, and a later login of the same
 * person shows no consent screen. A reload while logged in without consent brings the screen
 * back, and closing it logs out. The footer's 'By logging in I agree...' is gone while terms are
 * required. Screenshots: terms-consent-*.png. The app settings are restored at the end.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  dialog,
  digitBoxes,
  hasAcceptedTerms,
  openDemo,
  openLoginModal,
  screenTitle,
  shownUser,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, type Stack, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';

const env = useStackAndBrowser();
// The demo's client config sets these (client config wins over the server's); the server gets the same.
const TERMS_URL = 'https://example.com/terms';
const PRIVACY_URL = 'https://example.com/privacy';

/**
 * Logs in with an email code up to the point where the code is typed. (A used code does not
 * hold the 30 s resend cooldown, so the same address can log in again at once.)
 */
async function loginWithCode(page: Page, stack: Stack, email: string, open = true): Promise<void> {
  if (open) await openLoginModal(page);
  const before = (await stack.outbox(email)).length;
  await submitEmail(page, email);
  const message = await stack.waitForCode(email, { after: before });
  await typeCode(page, message.code!);
}

test(
  'terms consent: declined logs out, accepted logs in once and for good, reload asks again',
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'terms-consent',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        const decliner = uniqueEmail('terms-decline');
        const email = uniqueEmail('terms');
        try {
          await stack.admin('PATCH', '', {
            require_users_accept_terms: true,
            terms_and_conditions_url: TERMS_URL,
            privacy_policy_url: PRIVACY_URL,
          });
          await openDemo(page, stack.demoUrl, 'unauthenticated');
          await openLoginModal(page);
          assert.equal(
            await dialog(page).getByText('By logging in I agree').count(),
            0,
            'no footer consent sentence while terms acceptance is required',
          );

          // 1. Log in, then decline.
          await loginWithCode(page, stack, decliner, false);
          await screenTitle(page, 'One last step').waitFor({ timeout: UI_TIMEOUT_MS });
          await dialog(page)
            .getByText('By signing up, you agree to our terms and privacy policy.')
            .waitFor();
          const terms = dialog(page).getByRole('link', { name: 'View Terms' });
          const privacy = dialog(page).getByRole('link', { name: 'View Privacy Policy' });
          assert.equal(await terms.getAttribute('href'), TERMS_URL);
          assert.equal(await privacy.getAttribute('href'), PRIVACY_URL);
          assert.equal(await terms.getAttribute('target'), '_blank');
          assert.equal(await terms.getAttribute('rel'), 'noopener noreferrer');
          assert.equal(
            await dialog(page).getByText('By logging in I agree').count(),
            0,
            'no footer consent sentence on the consent screen',
          );
          await screenshot(page, 'terms-consent-1-screen');
          await dialog(page).getByRole('button', { name: 'No thanks', exact: true }).click();
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'unauthenticated');
          assert.equal(await shownUser(page), null, 'declining leaves nobody logged in');
          await page.reload();
          await waitForStatus(page, 'unauthenticated');

          // 2. Log in (another person), then accept.
          await loginWithCode(page, stack, email);
          await screenTitle(page, 'One last step').waitFor({ timeout: UI_TIMEOUT_MS });
          await dialog(page).getByRole('button', { name: 'Accept', exact: true }).click();
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'authenticated');
          const user = await shownUser(page);
          assert.ok(user, 'the demo shows the user');
          assert.ok(
            hasAcceptedTerms(user),
            `the user has accepted the terms: ${JSON.stringify(user)}`,
          );
          await screenshot(page, 'terms-consent-2-accepted');
          // The server agrees (GET /api/v1/users/me with the page's access token).
          const token = await page.evaluate(
            (key) => localStorage.getItem(key),
            `latchkey:${stack.appId}:token`,
          );
          assert.ok(token, 'the page holds an access token');
          const res = await fetch(`${stack.apiUrl}/api/v1/users/me`, {
            headers: { authorization: `Bearer ${token}`, 'latchkey-app-id': stack.appId },
          });
          assert.equal(res.status, 200, `users/me answers: ${res.status}`);
          const body = (await res.json()) as { user?: { has_accepted_terms?: boolean } };
          assert.equal(body.user?.has_accepted_terms, true, `users/me: ${JSON.stringify(body)}`);

          await page.getByRole('button', { name: 'Log out', exact: true }).click();
          await waitForStatus(page, 'unauthenticated');

          // 3. A new person reloads on the consent screen: it comes back; closing it logs out.
          const other = uniqueEmail('terms-reload');
          await loginWithCode(page, stack, other);
          await screenTitle(page, 'One last step').waitFor({ timeout: UI_TIMEOUT_MS });
          await page.reload();
          await screenTitle(page, 'One last step').waitFor({ timeout: UI_TIMEOUT_MS });
          assert.equal(await digitBoxes(page)[0]!.count(), 0);
          await screenshot(page, 'terms-consent-3-after-reload');
          await dialog(page).getByRole('button', { name: 'Close' }).click();
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'unauthenticated');
          await page.reload();
          await waitForStatus(page, 'unauthenticated');
          // 4. A later login of the same person: no consent screen (the modal closes by itself).
          await loginWithCode(page, stack, email);
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'authenticated');
          await page.getByRole('button', { name: 'Log out', exact: true }).click();
          await waitForStatus(page, 'unauthenticated');
        } finally {
          await stack
            .admin('PATCH', '', {
              require_users_accept_terms: false,
              terms_and_conditions_url: null,
              privacy_policy_url: null,
            })
            .catch((error: unknown) =>
              console.error('could not restore the terms settings', error),
            );
        }
      },
    );
  },
);
