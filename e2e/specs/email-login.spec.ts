/**
 * Email login on the demo app, as a person does it: Log in, type the address, Enter, read the
 * code (from the dev outbox, standing in for the inbox), type it, and land logged in; the
 * session survives a reload; Log out ends it. Screenshots of the landing screen, the code
 * screen and the logged-in page go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  boxValues,
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
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';

const env = useStackAndBrowser();

test(
  'a person logs in with an email code, stays logged in across a reload, and logs out',
  {
    timeout: 180_000,
  },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'email-login',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        const email = uniqueEmail('login');
        // The refresh tokens the API hands the page (token mode), to check logout on the server.
        let lastRefreshToken: string | null = null;
        page.on('response', async (response) => {
          const url = new URL(response.url());
          if (
            !response.ok() ||
            !['/api/v1/passwordless/authenticate', '/api/v1/sessions'].includes(url.pathname)
          )
            return;
          const body = (await response.json().catch(() => null)) as {
            refresh_token?: string | null;
          } | null;
          if (body?.refresh_token) lastRefreshToken = body.refresh_token;
        });
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        assert.equal(await shownUser(page), null, 'no user is shown before logging in');

        await openLoginModal(page);
        await screenshot(page, 'email-login-1-landing');

        const before = (await stack.outbox(email)).length;
        await submitEmail(page, email);
        const message = await stack.waitForCode(email, { after: before });
        assert.match(
          message.code ?? '',
          /^[0-9]{6}$/,
          'the outbox message carries a six-digit code',
        );
        assert.equal(message.channel, 'email');
        assert.ok(message.text.includes(message.code!), 'the email text contains the code');
        assert.deepEqual(
          await boxValues(page),
          ['', '', '', '', '', ''],
          'the six boxes start empty',
        );
        await screenshot(page, 'email-login-2-code');

        await typeCode(page, message.code!);
        // Success, then the modal closes on its own (about 900 + 1400 ms).
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        await page
          .getByText(email, { exact: true })
          .first()
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });

        const user = await shownUser(page);
        assert.ok(user, 'the demo shows the user JSON');
        const emails = linkedAccounts(user).filter((a) => a.type === 'email');
        assert.equal(emails.length, 1, `one linked email account: ${JSON.stringify(user)}`);
        assert.equal(emails[0]!.address, email);
        assert.equal(typeof user.id, 'string');
        await screenshot(page, 'email-login-3-logged-in');

        // The session survives a reload (the stored refresh token is used).
        await page.reload();
        await waitForStatus(page, 'authenticated');
        const again = await shownUser(page);
        assert.equal(again?.id, user.id, 'the same user after a reload');
        await page
          .getByText(email, { exact: true })
          .first()
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });

        // The page forgets the session at once and then tells the server (best effort): wait
        // for that call, or the reload below can cut it off on a loaded machine.
        const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/sessions/logout'));
        await page.getByRole('button', { name: 'Log out', exact: true }).click();
        await waitForStatus(page, 'unauthenticated');
        assert.equal((await loggedOut).status(), 200);
        assert.equal(await shownUser(page), null, 'no user is shown after logging out');
        assert.equal(
          await page.getByText(email, { exact: true }).count(),
          0,
          'the email is gone from the page',
        );
        await page
          .getByRole('button', { name: 'Log in', exact: true })
          .waitFor({ state: 'visible' });

        // Logged out for good: a reload does not bring the session back.
        await page.reload();
        await waitForStatus(page, 'unauthenticated');

        // And on the server: the last refresh token the page held is refused now.
        if (lastRefreshToken) {
          const res = await fetch(`${stack.apiUrl}/api/v1/sessions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'latchkey-app-id': stack.appId },
            body: JSON.stringify({ refresh_token: lastRefreshToken }),
          });
          assert.equal(res.status, 401, `a refresh after logout is refused: ${await res.text()}`);
        }
      },
    );
  },
);
