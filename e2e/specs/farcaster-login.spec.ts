/**
 * Sign In With Farcaster (issue 16; spec sections 2, 4 and 9), in Chromium against the dev app,
 * the API's stand-in relay (`/dev/farcaster/relay`) and the Id Registry stand-in on the stack's
 * anvil:
 * 1. the landing's Farcaster button shows AWAITING_FARCASTER_CONNECTION with the channel's QR
 *    code; the test plays the Farcaster app (a fresh custody key with its own fid): it reads the
 *    connect URI the QR code carries, builds and signs the sign-in message with
 *    `@farcaster/auth-client`'s wallet client and answers the relay; the modal's poll sees it and
 *    the user is logged in with that fid;
 * 2. on a phone-sized page 'Open Farcaster' links to the connect URI, which opens the stand-in
 *    Farcaster app; approving there logs the development account in;
 * 3. a user logged in by email links a Farcaster account from the demo's 'Link Farcaster'.
 * Screenshots: e2e/artifacts/farcaster-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWalletClient, viemConnector } from '@farcaster/auth-client';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { signInMessageFields } from '../../packages/server/src/methods/farcaster/dev/client.ts';
import {
  installIdRegistryStandIn,
  registerFid,
} from '../../packages/server/src/methods/farcaster/dev/idRegistry.ts';
import { DEV_RELAY_AUTH_KEY } from '../../packages/server/src/methods/farcaster/dev/relay.ts';
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
import { logInWithEmail } from '../wallet.ts';

const env = useStackAndBrowser();

function farcasterAccounts(user: Record<string, unknown> | null) {
  return linkedAccounts(user ?? {}).filter((a) => a.type === 'farcaster');
}

const step = (page: Page, name: string) => dialog(page).locator(`[data-farcaster-step="${name}"]`);

/** The connect URI the QR code carries, once the channel is open. */
async function connectUriOf(page: Page): Promise<string> {
  const qr = dialog(page).getByTestId('farcaster-qr');
  await qr.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await qr.locator('img').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  const uri = await qr.getAttribute('data-connect-uri');
  assert.ok(uri, 'the QR code carries its URI');
  return uri;
}

/**
 * Plays the Farcaster app for a fresh account: registers a custody key's fid on the Id Registry
 * stand-in, builds the message from the connect URI's parameters, signs it and answers the relay.
 * @returns the account's fid.
 */
async function answerAsFarcasterApp(connectUri: string, username: string): Promise<number> {
  const { stack } = env;
  const custody = privateKeyToAccount(generatePrivateKey());
  await installIdRegistryStandIn(stack.rpcUrl);
  const fid = Number(await registerFid(stack.rpcUrl, custody.address));
  const query = new URL(connectUri).searchParams;
  const wallet = createWalletClient({
    relay: `${stack.apiUrl}/dev/farcaster/relay`,
    ethereum: viemConnector({ rpcUrl: stack.rpcUrl }),
  });
  const built = wallet.buildSignInMessage({
    ...signInMessageFields({
      siweUri: query.get('siweUri')!,
      domain: query.get('domain')!,
      nonce: query.get('nonce')!,
      expirationTime: query.get('expirationTime') ?? undefined,
    }),
    address: custody.address,
    fid,
  });
  if (built.isError) throw built.error;
  const answer = await wallet.authenticate({
    channelToken: query.get('channelToken')!,
    authKey: DEV_RELAY_AUTH_KEY,
    message: built.message,
    signature: await custody.signMessage({ message: built.message }),
    fid,
    username,
    displayName: `Test ${username}`,
    bio: '',
    pfpUrl: '',
  });
  assert.equal(answer.isError, false, 'the relay took the answer');
  return fid;
}

test(
  "the landing's Farcaster button shows a QR code; the Farcaster app's answer logs in",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'farcaster-qr',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);
        await dialog(page).getByRole('button', { name: 'Farcaster', exact: true }).click();
        const uri = await connectUriOf(page);
        assert.ok(
          uri.startsWith(`${stack.apiUrl}/dev/farcaster/connect?channelToken=`),
          `the stand-in relay's connect URI: ${uri}`,
        );
        assert.equal(new URL(uri).searchParams.get('domain'), new URL(stack.demoUrl).host);
        // Desktop: the QR code and 'Copy link', not the phone's 'Open Farcaster'.
        assert.equal(await dialog(page).getByTestId('farcaster-open').isVisible(), false);
        await screenshot(page, 'farcaster-1-qr');

        const fid = await answerAsFarcasterApp(uri, 'qr-user');
        await step(page, 'connected').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'farcaster-2-connected');
        await waitForStatus(page, 'authenticated');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const user = await shownUser(page);
        const farcaster = farcasterAccounts(user);
        assert.equal(farcaster.length, 1, `one farcaster account: ${JSON.stringify(user)}`);
        assert.equal(farcaster[0]!.fid, fid);
        assert.equal(farcaster[0]!.username, 'qr-user');
        assert.equal((user as { farcaster?: { fid?: number } }).farcaster?.fid, fid);
      },
    );
  },
);

test(
  "on a phone 'Open Farcaster' opens the Farcaster app; approving there logs in",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'farcaster-phone',
      { context: { viewport: { width: 390, height: 844 } } },
      async (page) => {
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);
        await dialog(page).getByRole('button', { name: 'Farcaster', exact: true }).click();
        const open = dialog(page).getByTestId('farcaster-open');
        await open.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await connectUriOf(page);
        await screenshot(page, 'farcaster-3-phone');
        const href = await open.getAttribute('href');
        assert.ok(href?.startsWith(`${stack.apiUrl}/dev/farcaster/connect?`), String(href));

        // The Farcaster app (the stand-in page) in another tab of the same phone.
        const app = await page.context().newPage();
        await app.goto(href!);
        await app.getByLabel('Username').fill('phone-user');
        await screenshot(app, 'farcaster-4-stand-in-app');
        await app.getByRole('button', { name: 'Approve' }).click();
        await app.getByText('Approved. Go back to the app.').waitFor({ timeout: UI_TIMEOUT_MS });
        await app.close();

        await waitForStatus(page, 'authenticated');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const farcaster = farcasterAccounts(await shownUser(page));
        assert.equal(farcaster.length, 1);
        assert.equal(farcaster[0]!.username, 'phone-user');
      },
    );
  },
);

test(
  "a user logged in by email links a Farcaster account from 'Link Farcaster'",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'farcaster-link',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        await logInWithEmail(page, stack, `farcaster-link-${Date.now()}@example.com`);
        await waitForStatus(page, 'authenticated');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });

        await page.getByRole('button', { name: 'Link Farcaster' }).click();
        const uri = await connectUriOf(page);
        await screenshot(page, 'farcaster-5-link-qr');
        const fid = await answerAsFarcasterApp(uri, 'linked-user');
        await step(page, 'connected').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const user = await shownUser(page);
        const farcaster = farcasterAccounts(user);
        assert.equal(farcaster.length, 1, JSON.stringify(user));
        assert.equal(farcaster[0]!.fid, fid);
        assert.ok(
          linkedAccounts(user ?? {}).some((a) => a.type === 'email'),
          'the email account stays',
        );
      },
    );
  },
);

test(
  "after 120 s without an answer the screen says it timed out, and 'Try again' opens a new channel",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'farcaster-timeout',
      { context: { viewport: { width: 390, height: 844 } } },
      async (page) => {
        // The page's clock, so 120 s pass at once (the poll's timers run as they would).
        await page.clock.install();
        await openDemo(page, `${stack.demoUrl}/?theme=dark`, 'unauthenticated');
        await openLoginModal(page);
        await dialog(page).getByRole('button', { name: 'Farcaster', exact: true }).click();
        const first = await connectUriOf(page);
        await page.clock.fastForward(119_000);
        assert.equal(await step(page, 'waiting').isVisible(), true, 'still waiting at 119 s');
        await page.clock.fastForward(2_000);
        await step(page, 'failed').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(
          await step(page, 'failed').getAttribute('data-error-code'),
          'farcaster_timeout',
        );
        assert.match(
          (await step(page, 'failed').textContent()) ?? '',
          /Authentication failed.*The request timed out\. Try again\./,
        );
        await screenshot(page, 'farcaster-6-timeout-dark');
        await dialog(page).getByRole('button', { name: 'Try again' }).click();
        const second = await connectUriOf(page);
        assert.notEqual(second, first, 'a fresh channel');
      },
    );
  },
);
