/**
 * What the consumer specs share: the page an outside app renders with the packed
 * `@latchkey/react` (status, the user's email, a 'Log in' button), and the email login through
 * the modal against the e2e stack's API, read from its dev outbox.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { submitEmail, typeCode } from '../demo.ts';
import type { Stack } from '../harness.ts';

/**
 * The app's status component (TSX, `export function Status()`): 'loading', 'authenticated' or
 * 'unauthenticated', the user's email, and 'Log in' / 'Log out' through `useLatchkey()`.
 * `directive` goes first (`'use client';` in a Next app); without `loginButton` the app logs
 * in through `<LatchkeyButton/>` (whose logged-out text is also 'Log in').
 */
export function statusSource(directive = '', loginButton = true): string {
  return `${directive}
import { useLatchkey } from '@latchkey/react';

export function Status() {
  const { ready, authenticated, user, ${loginButton ? 'login, ' : ''}logout } = useLatchkey();
  if (!ready) return <p data-testid="status">loading</p>;
  return (
    <div>
      <p data-testid="status">{authenticated ? 'authenticated' : 'unauthenticated'}</p>
      {authenticated ? (
        <>
          <p data-testid="email">{user?.email?.address ?? ''}</p>
          <button type="button" onClick={() => void logout()}>Log out</button>
        </>
      ) : (
        ${loginButton ? '<button type="button" onClick={() => login()}>Log in</button>' : '<p>Use the account button.</p>'}
      )}
    </div>
  );
}
`;
}

/** Logs in with `email` through the modal of the app at `url`; asserts the app shows the user. */
export async function emailLogin(page: Page, stack: Stack, url: string, email: string) {
  await page.goto(url);
  await page
    .getByTestId('status')
    .filter({ hasText: 'unauthenticated' })
    .waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 30_000 });
  const before = (await stack.outbox(email)).length;
  await submitEmail(page, email);
  const message = await stack.waitForCode(email, { after: before });
  await typeCode(page, message.code!);
  await page
    .getByTestId('status')
    .filter({ hasText: /^authenticated$/ })
    .waitFor({ timeout: 60_000 });
  assert.equal((await page.getByTestId('email').textContent())?.trim(), email);
}
