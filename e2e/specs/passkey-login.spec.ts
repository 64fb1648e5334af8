/**
 * Passkey sign-up then log-in on the demo app, in Chromium with a virtual authenticator added
 * through the Chrome DevTools protocol (`WebAuthn.enable`, `WebAuthn.addVirtualAuthenticator`:
 * CTAP2, internal transport, resident keys, user verification): 'I have a passkey' with no
 * passkey yet fails with the spec text and offers sign-up; sign-up creates the user (and its
 * embedded wallet); after Log out, 'I have a passkey' logs the same user in. Screenshots go to
 * e2e/artifacts/passkey-*.png.
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
import { addVirtualAuthenticator } from '../webauthn.ts';

const env = useStackAndBrowser();

test(
  'a person signs up with a passkey, logs out, and logs in again with it',
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'passkey-login',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page, context) => {
        const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);
        // A new user finds passkey sign-up on the landing (issue 14, item 7).
        await dialog(page)
          .getByRole('button', { name: 'Sign up with a passkey' })
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'passkey-1-landing');

        // No passkey yet: the browser's dialog fails, the screen says so and offers sign-up.
        await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
        await dialog(page)
          .getByText('Passkey request timed out or rejected by user.')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await dialog(page).getByRole('button', { name: 'Retry' }).waitFor({ state: 'visible' });
        await screenshot(page, 'passkey-2-no-passkey');

        await dialog(page).getByRole('button', { name: 'Sign up with a passkey' }).click();
        // Success, then the embedded wallet is created and the modal closes.
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        await waitForStatus(page, 'authenticated');
        const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
        assert.equal(credentials.length, 1, 'the authenticator holds one passkey');
        assert.equal(credentials[0]!.isResidentCredential, true, 'a discoverable credential');
        const user = await shownUser(page);
        assert.ok(user, 'the demo shows the user JSON');
        const passkeys = linkedAccounts(user).filter((a) => a.type === 'passkey');
        assert.equal(passkeys.length, 1, `one passkey account: ${JSON.stringify(user)}`);
        assert.equal(
          passkeys[0]!.credentialId,
          credentials[0]!.credentialId.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'),
        );
        assert.equal(passkeys[0]!.createdWithBrowser, 'Chrome');
        assert.equal(passkeys[0]!.enrolledInMfa, false);
        await screenshot(page, 'passkey-3-signed-up');

        await page.getByRole('button', { name: 'Log out', exact: true }).click();
        await waitForStatus(page, 'unauthenticated');
        assert.equal(await shownUser(page), null, 'no user is shown after logging out');

        await openLoginModal(page);
        await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const again = await shownUser(page);
        assert.equal(again?.id, user.id, 'the passkey logs the same user in');
        assert.equal(
          linkedAccounts(again!).filter((a) => a.type === 'passkey').length,
          1,
          'with its passkey linked account',
        );
        const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
        assert.ok(after.credentials[0]!.signCount >= 1, 'the authenticator signed once more');
        await screenshot(page, 'passkey-4-logged-in-again');
      },
    );
  },
);
