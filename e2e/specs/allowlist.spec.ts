/**
 * Allowlist (issue 6; spec sections 2, 6 and 8): with `allowlist_enabled` and one email entry
 * set through the admin API, plus custom `allowlist_config` texts and a `cta_link`, a person
 * with another email sees ALLOWLIST_REJECTION_SCREEN with those texts and the CTA as a link
 * (new tab); the listed email logs in. Without custom texts the defaults show ('You don't have
 * access to this app' / 'Have you been invited?' / 'Try another account', which goes back to
 * the login list). Screenshots: allowlist-*.png. The app settings are restored at the end.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  dialog,
  digitBoxes,
  emailField,
  enterEmail,
  openDemo,
  openLoginModal,
  screenTitle,
  shownUser,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, type Stack, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';

const env = useStackAndBrowser();
const TEXTS = {
  error_title: 'Acme is invite-only',
  error_detail: 'Ask a teammate for an invitation.',
  cta_text: 'Join the waitlist',
  cta_link: 'https://acme.example.com/waitlist',
};

/**
 * Submits `email`; the server may refuse at the code send or at the code check, so this types
 * the code when the code screen shows, and waits for the screen titled `title`.
 */
async function tryEmail(page: Page, stack: Stack, email: string, title: string): Promise<void> {
  const before = (await stack.outbox(email)).length;
  await enterEmail(page, email);
  const rejected = screenTitle(page, title);
  await rejected.or(digitBoxes(page)[0]!).first().waitFor({ timeout: UI_TIMEOUT_MS });
  if (await rejected.isVisible()) return;
  const message = await stack.waitForCode(email, { after: before });
  await typeCode(page, message.code!);
  await rejected.waitFor({ timeout: UI_TIMEOUT_MS });
}

test(
  'allowlist: an unlisted email sees the configured rejection screen; the listed one logs in',
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'allowlist',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        const allowed = uniqueEmail('invited');
        // Two strangers: one address gets one code per 30 s (the server's resend cooldown).
        const stranger = uniqueEmail('stranger');
        const another = uniqueEmail('stranger-2');
        try {
          await stack.admin('POST', '/allowlist', { type: 'email', value: allowed });
          await stack.admin('PATCH', '', { allowlist_enabled: true, allowlist_config: TEXTS });
          await openDemo(page, stack.demoUrl, 'unauthenticated');

          // An unlisted email: the app's own texts and a link CTA.
          await openLoginModal(page);
          await tryEmail(page, stack, stranger, TEXTS.error_title);
          await dialog(page).getByText(TEXTS.error_detail, { exact: true }).waitFor();
          const cta = dialog(page).getByRole('link', { name: TEXTS.cta_text });
          assert.equal(await cta.getAttribute('href'), TEXTS.cta_link);
          assert.equal(await cta.getAttribute('target'), '_blank');
          assert.equal(await cta.getAttribute('rel'), 'noopener noreferrer');
          assert.equal(
            (await dialog(page).locator('[data-screen="ALLOWLIST_REJECTION_SCREEN"]').count()) > 0,
            true,
            'the allowlist rejection screen is shown',
          );
          await screenshot(page, 'allowlist-1-rejected-custom');
          await waitForStatus(page, 'unauthenticated');

          // Default texts: 'Try another account' goes back to the login list.
          await stack.admin('PATCH', '', {
            allowlist_config: {
              error_title: null,
              error_detail: null,
              cta_text: null,
              cta_link: null,
            },
          });
          await page.reload();
          await waitForStatus(page, 'unauthenticated');
          await openLoginModal(page);
          await tryEmail(page, stack, another, "You don't have access to this app");
          await dialog(page).getByText('Have you been invited?', { exact: true }).waitFor();
          await screenshot(page, 'allowlist-2-rejected-default');
          await dialog(page)
            .getByRole('button', { name: 'Try another account', exact: true })
            .click();
          await emailField(page).waitFor({ timeout: UI_TIMEOUT_MS });

          // The listed email logs in.
          await emailField(page).fill('');
          const before = (await stack.outbox(allowed)).length;
          await enterEmail(page, allowed);
          await digitBoxes(page)[0]!.waitFor({ timeout: UI_TIMEOUT_MS });
          const message = await stack.waitForCode(allowed, { after: before });
          await typeCode(page, message.code!);
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
          await waitForStatus(page, 'authenticated');
          const user = await shownUser(page);
          assert.ok(JSON.stringify(user).includes(allowed), 'the listed email is logged in');
          await screenshot(page, 'allowlist-3-listed-logged-in');
        } finally {
          await stack
            .admin('PATCH', '', {
              allowlist_enabled: false,
              allowlist_config: {
                error_title: null,
                error_detail: null,
                cta_text: null,
                cta_link: null,
              },
            })
            .catch((error: unknown) =>
              console.error('could not restore the allowlist settings', error),
            );
          await stack
            .admin('DELETE', '/allowlist', { type: 'email', value: allowed })
            .catch((error: unknown) =>
              console.error('could not remove the allowlist entry', error),
            );
        }
      },
    );
  },
);
