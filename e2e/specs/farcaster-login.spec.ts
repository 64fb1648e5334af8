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
 * 3. a user logged in by email links a Farcaster account from the demo's 'Link Farcaster';
 * 4. after 120 s without an answer (the page's clock) the screen says it timed out;
 * 5. the signer (AWAITING_FARCASTER_SIGNER): the wallet frame asks for its key's approval, the
 *    test approves as the user's fid (the stand-in of the signed key request API), the frame
 *    signs a hash that verifies, and once the key is removed from the Key Registry it signs no
 *    more; a signer approved by another fid is rejected on the screen.
 * Screenshots: e2e/artifacts/farcaster-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWalletClient, viemConnector } from '@farcaster/auth-client';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Page } from 'playwright-core';
import { hexToBytes } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { signInMessageFields } from '../../packages/server/src/methods/farcaster/dev/client.ts';
import {
  installIdRegistryStandIn,
  registerFid,
} from '../../packages/server/src/methods/farcaster/dev/idRegistry.ts';
import { removeSignerKey } from '../../packages/server/src/methods/farcaster/dev/keyRegistry.ts';
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
        // The installed clock also runs in real time, and on a loaded machine seconds pass
        // between the click and the QR code. So the 119 s are counted from the click (before the
        // channel opened: still inside its 120 s however slow the machine), and the step past
        // 120 s adds the time the channel took to show.
        const pageNow = () => page.evaluate(() => Date.now());
        const clickedAt = await pageNow();
        await dialog(page).getByRole('button', { name: 'Farcaster', exact: true }).click();
        const first = await connectUriOf(page);
        const shownAt = await pageNow();
        await page.clock.fastForward(Math.max(0, clickedAt + 119_000 - (await pageNow())));
        assert.equal(await step(page, 'waiting').isVisible(), true, 'still waiting at 119 s');
        await page.clock.fastForward(2_000 + (shownAt - clickedAt));
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

/** The signer screen's QR code's approval URL, once the frame asked for the signer. */
async function approvalUrlOf(page: Page): Promise<string> {
  const qr = dialog(page).getByTestId('farcaster-signer-qr');
  await qr.waitFor({ state: 'visible', timeout: 60_000 });
  const url = await qr.getAttribute('data-approval-url');
  assert.ok(url, 'the QR code carries the approval URL');
  return url;
}

/** Approves a signed key request as `fid`, as the user does in the Farcaster app. */
async function approveSigner(approvalUrl: string, fid: number): Promise<void> {
  const { stack } = env;
  const token = new URL(approvalUrl).searchParams.get('token');
  const res = await fetch(`${stack.apiUrl}/dev/farcaster/signer/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, fid }),
  });
  assert.equal(res.status, 200, await res.text());
}

/** Logs in with Farcaster (the test plays the app) and waits for the embedded wallet. */
async function logInWithFarcaster(page: Page, username: string): Promise<number> {
  const { stack } = env;
  await openDemo(page, stack.demoUrl, 'unauthenticated');
  await openLoginModal(page);
  await dialog(page).getByRole('button', { name: 'Farcaster', exact: true }).click();
  const fid = await answerAsFarcasterApp(await connectUriOf(page), username);
  await waitForStatus(page, 'authenticated');
  await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
  await page.getByTestId('farcaster-signer-add').waitFor({ state: 'visible', timeout: 60_000 });
  return fid;
}

test(
  'a Farcaster signer: the frame asks, the user approves, it signs, and a revoked one signs no more',
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'farcaster-signer',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        const fid = await logInWithFarcaster(page, 'signer-user');
        await page.getByTestId('farcaster-signer-add').click();
        const approvalUrl = await approvalUrlOf(page);
        assert.ok(approvalUrl.startsWith(`${stack.apiUrl}/dev/farcaster/signer?token=`));
        await screenshot(page, 'farcaster-7-signer-qr');
        await approveSigner(approvalUrl, fid);
        await dialog(page)
          .locator('[data-farcaster-signer-step="approved"]')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'farcaster-8-signer-approved');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const key = ((await page.getByTestId('farcaster-signer-key').textContent()) ?? '').trim();
        assert.match(key, /^0x[0-9a-f]{64}$/);
        const user = await shownUser(page);
        assert.equal(farcasterAccounts(user)[0]!.signerPublicKey, key);

        await page.getByTestId('farcaster-signer-sign').click();
        const signatureEl = page.getByTestId('farcaster-signer-signature');
        await signatureEl.waitFor({ state: 'visible', timeout: 60_000 });
        const signature = ((await signatureEl.textContent()) ?? '').trim();
        const hash = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
        assert.equal(
          ed25519.verify(
            hexToBytes(signature as `0x${string}`),
            hash,
            hexToBytes(key as `0x${string}`),
          ),
          true,
          'an ed25519 signature of the hash by the signer key',
        );

        // The user removes the signer in their Farcaster app: the frame signs no more.
        await removeSignerKey(stack.rpcUrl, BigInt(fid), key as `0x${string}`);
        await page.getByTestId('farcaster-signer-sign').click();
        const error = page.getByTestId('farcaster-signer-error');
        await error.waitFor({ state: 'visible', timeout: 60_000 });
        assert.match((await error.textContent()) ?? '', /revoked, not approved/);
      },
    );
  },
);

test(
  'a signer approved by another Farcaster account is rejected on the screen',
  { timeout: 240_000 },
  async () => {
    await withPage(
      env,
      'farcaster-signer-rejected',
      { context: { viewport: { width: 390, height: 844 } } },
      async (page) => {
        const fid = await logInWithFarcaster(page, 'signer-rejected');
        await page.getByTestId('farcaster-signer-add').click();
        const approvalUrl = await approvalUrlOf(page);
        assert.equal(await dialog(page).getByTestId('farcaster-signer-open').isVisible(), true);
        await screenshot(page, 'farcaster-9-signer-phone');
        await approveSigner(approvalUrl, fid + 1_000_000);
        const failed = dialog(page).locator('[data-farcaster-signer-step="failed"]');
        await failed.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(await failed.getAttribute('data-error-code'), 'farcaster_signer_rejected');
        assert.match(
          (await failed.textContent()) ?? '',
          /The request was rejected\. Please try again\./,
        );
        await screenshot(page, 'farcaster-10-signer-rejected');
      },
    );
  },
);
