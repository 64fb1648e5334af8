/**
 * Social login through the local OpenID provider (issue 5, items 3 and 5): click Google in the
 * demo, sign in on the provider's login form in the popup, come back logged in with a
 * `google_oauth` linked account. Screenshots go to e2e/artifacts/oauth-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dialog,
  linkedAccounts,
  openDemo,
  openLoginModal,
  shownUser,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, useStackAndBrowser, withPage } from '../harness.ts';

const env = useStackAndBrowser();

test(
  'a person logs in with Google through the local OpenID provider',
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'oauth-login',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        const username = `e2e${Date.now().toString(36)}`;
        const discovery = await fetch(`${stack.oidcUrl}/.well-known/openid-configuration`);
        assert.equal(discovery.status, 200, 'npm start runs the local OpenID provider');

        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);
        const google = dialog(page).getByRole('button', { name: 'Google', exact: true });
        await google.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'oauth-1-landing');

        const popupPromise = page.waitForEvent('popup', { timeout: UI_TIMEOUT_MS });
        await google.click();
        const popup = await popupPromise;
        await dialog(page)
          .locator('[data-oauth-step="verifying"]')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'oauth-2-verifying');

        const field = popup.getByLabel('Username');
        await field.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.ok(
          popup.url().startsWith(`${stack.oidcUrl}/interaction/`),
          `the popup shows the provider's login form: ${popup.url()}`,
        );
        await field.fill(username);
        await screenshot(popup, 'oauth-3-provider-login');
        await popup.getByRole('button', { name: 'Sign in' }).click();
        await popup
          .waitForEvent('close', { timeout: UI_TIMEOUT_MS })
          .catch(async (error: unknown) => {
            // Say where the popup got stuck.
            const where = popup.isClosed()
              ? 'closed'
              : `${popup.url()}\n${(await popup.content().catch(() => '')).slice(0, 2000)}`;
            if (!popup.isClosed()) await screenshot(popup, 'oauth-popup-stuck').catch(() => {});
            throw new Error(`the popup did not close: ${where}`, { cause: error });
          });

        await dialog(page)
          .locator('[data-oauth-step="connected"]')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'oauth-4-connected');
        await waitForStatus(page, 'authenticated');
        // 1.4 s later the modal closes (or moves on to wallet creation, which then closes).
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });

        const user = await shownUser(page);
        assert.ok(user, 'the demo shows the user JSON');
        const google_ = linkedAccounts(user).filter((a) => a.type === 'google_oauth');
        assert.equal(google_.length, 1, `one google_oauth account: ${JSON.stringify(user)}`);
        assert.equal(google_[0]!.subject, username);
        assert.equal(google_[0]!.email, `${username}@example.com`);
        assert.equal(new URL(page.url()).search, '', 'the return parameters are not in the URL');
        await screenshot(page, 'oauth-5-logged-in');
      },
    );
  },
);
