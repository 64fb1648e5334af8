/**
 * Cross-app accounts, the provider's side (issue 21 item 2; spec section 2 CROSS_APP_AUTH_SCREEN):
 * the dev app is the provider and an outside relying party (a public client, PKCE) is registered
 * with it through the admin API. The relying party sends the browser (a 440x680 popup, light and
 * dark, and 390 px wide) to the provider's authorization endpoint; the browser lands on the
 * provider's own sign-in page on the API origin, logs in there with an email code (a wallet is
 * created), sees the consent card naming the requester, and Allow (sent by the provider's wallet
 * frame) brings it back to the relying party with a code. The relying party redeems the code with
 * its PKCE verifier and gets an ID token whose `sub` is the provider's user and whose `wallets`
 * claim holds the new wallet's address. Cancel brings `error=access_denied`; a browser without
 * the pending sign-in gets the 'Sign-in expired' page. Screenshots: crossapp-provider-*.png.
 *
 * The requester's side: the demo (the dev app) lists the provider the dev stack seeds ('Latchkey
 * Wallet') and logs in with its account through the 440x680 popup; closing the popup first gives
 * 'User canceled flow'. The demo's user then has a `cross_app` account with the provider's
 * wallet. Screenshot: crossapp-requester-logged-in.png.
 *
 * Then the demo signs and sends with that wallet through the provider's transact page (a 400x680
 * popup on the API origin, the provider's session still there): the provider's sign screen,
 * approved by a click inside the provider's approval frame; the signature verifies with viem
 * against the cross-app wallet; closing the popup gives 'User rejected request'; 0.001 ETH is
 * sent on anvil from the provider's wallet. A read-only connection gets no transact page.
 * Screenshots: crossapp-transact-sign.png, crossapp-transact-send.png.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem';
import {
  CODE_LENGTH,
  linkedAccounts,
  openDemo,
  shownUser,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, type Stack, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import { approvalFrame, approveInFrame, rpc, WALLET_TIMEOUT_MS, waitForArmed } from '../wallet.ts';

const env = useStackAndBrowser();
const CLIENT_ID = 'outside-rp-e2e';
const PROVIDER_APP_ID = 'latchkeywallet00000000000';
/** The demo's `CROSS_APP_MESSAGE` and the recipient of its 0.001 ETH (`CrossApp.tsx`). */
const CROSS_APP_MESSAGE = 'Hello from the Latchkey demo, signed by another app';
const RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const POPUP = { width: 440, height: 680 };

const issuerOf = (stack: Stack) => `${stack.apiUrl}/api/v1/apps/${stack.appId}/oidc`;
const callbackOf = (stack: Stack) => `${stack.demoUrl}/crossapp-callback`;

/** Registers the relying party with the dev app (public client, PKCE only). */
async function register(stack: Stack, readOnly = false): Promise<void> {
  await stack.admin('PUT', `/cross-app/clients/${CLIENT_ID}`, {
    redirect_uris: [callbackOf(stack)],
    read_only: readOnly,
    confidential: false,
  });
}

interface Authorization {
  url: string;
  verifier: string;
  state: string;
}

/** The relying party's authorization request (S256 PKCE, state, nonce). */
function authorization(stack: Stack): Authorization {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const url = new URL(`${issuerOf(stack)}/auth`);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: callbackOf(stack),
    scope: 'openid email wallets',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(12).toString('base64url'),
  }).toString();
  return { url: url.href, verifier, state };
}

/** Logs in on the provider's page with an email code, up to the consent card. */
async function loginOnProviderPage(page: Page, stack: Stack, email: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Email address' });
  await field.waitFor({ timeout: UI_TIMEOUT_MS });
  await field.click();
  await page.keyboard.type(email, { delay: 10 });
  await page.keyboard.press('Enter');
  const first = page.getByRole('textbox', { name: 'Digit 1', exact: true });
  await first.waitFor({ timeout: UI_TIMEOUT_MS });
  const message = await stack.waitForCode(email);
  assert.equal(message.code!.length, CODE_LENGTH);
  await first.click();
  await page.keyboard.type(message.code!, { delay: 40 });
  await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 60_000 });
}

/** The relying party's token request for `code` (public client, PKCE). */
const tokenRequest = (stack: Stack, code: string, verifier: string) =>
  fetch(`${issuerOf(stack)}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackOf(stack),
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }),
  });

/** The relying party redeems the code: its ID token's claims. */
async function redeem(stack: Stack, code: string, verifier: string) {
  const res = await tokenRequest(stack, code, verifier);
  const body = (await res.json()) as { id_token?: string; error?: string };
  assert.equal(res.status, 200, JSON.stringify(body));
  const claims = JSON.parse(
    Buffer.from(body.id_token!.split('.')[1]!, 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  return claims;
}

/** Clicks (`click`) a demo button that opens the provider's transact popup; the popup page. */
async function transactPopup(page: Page, click: () => Promise<void>): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await click();
  const popup = await opened;
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

const VIEWS = [
  { name: 'light-440', colorScheme: 'light', viewport: POPUP },
  { name: 'dark-390', colorScheme: 'dark', viewport: { width: 390, height: 680 } },
] as const;

test(
  "cross-app provider: the provider's own sign-in page logs in, asks consent and answers a code",
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await register(stack);
    for (const view of VIEWS) {
      await withPage(
        env,
        `crossapp-provider-${view.name}`,
        { context: { viewport: view.viewport, colorScheme: view.colorScheme } },
        async (page) => {
          const email = uniqueEmail(`xapp-${view.name}`);
          const auth = authorization(stack);
          await page.goto(auth.url);
          assert.match(
            page.url(),
            new RegExp(`^${issuerOf(stack)}/interaction/[A-Za-z0-9_-]+$`),
            'the provider sends the browser to its own sign-in page',
          );
          // An outside relying party is named by its redirect origin.
          const heading = page.getByRole('heading', { name: `Sign in to ${stack.demoUrl}` });
          await heading.waitFor({ timeout: UI_TIMEOUT_MS });
          await page.getByRole('textbox', { name: 'Email address' }).waitFor();
          await screenshot(page, `crossapp-provider-login-${view.name}`);

          await loginOnProviderPage(page, stack, email);
          for (const line of ['Your email address', 'Your wallet addresses']) {
            await page.getByText(line, { exact: true }).waitFor();
          }
          await page.getByText(`Signed in as ${email}`).waitFor();
          await page.getByText('can ask you to sign messages and transactions').waitFor();
          await screenshot(page, `crossapp-provider-consent-${view.name}`);

          const back = page.waitForURL((url) => url.href.startsWith(callbackOf(stack)), {
            timeout: UI_TIMEOUT_MS,
          });
          await page.getByRole('button', { name: 'Allow' }).click();
          await back;
          const returned = new URL(page.url());
          assert.equal(returned.searchParams.get('state'), auth.state);
          assert.equal(returned.searchParams.get('iss'), issuerOf(stack));
          const code = returned.searchParams.get('code');
          assert.ok(code, `a code in ${returned.href}`);

          const claims = await redeem(stack, code, auth.verifier);
          assert.equal(claims.iss, issuerOf(stack));
          assert.equal(claims.aud, CLIENT_ID);
          assert.equal(claims.email, email);
          const wallets = claims.wallets as { address: string; chain_type: string }[];
          assert.equal(wallets.length, 1, 'the wallet made at this login is in the ID token');
          assert.match(wallets[0]!.address, /^0x[0-9a-fA-F]{40}$/);
          // The code is single-use.
          const again = await tokenRequest(stack, code, auth.verifier);
          assert.equal(again.status, 400);
        },
      );
    }
  },
);

test(
  "cross-app provider: Cancel answers access_denied; another browser sees 'Sign-in expired'",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await register(stack, true);
    await withPage(
      env,
      'crossapp-provider-cancel',
      { context: { viewport: POPUP } },
      async (page) => {
        const auth = authorization(stack);
        await page.goto(auth.url);
        const pageUrl = page.url();
        // The same page in a browser without the pending sign-in's cookie.
        const stranger = await env.browser.newContext({ viewport: POPUP });
        try {
          const other = await stranger.newPage();
          const res = await other.goto(pageUrl);
          assert.equal(res?.status(), 404);
          await other.getByRole('heading', { name: 'Sign-in expired' }).waitFor();
          assert.equal(await other.getByRole('textbox', { name: 'Email address' }).count(), 0);
        } finally {
          await stranger.close();
        }

        // A read-only connection never gets the transact page.
        const transact = await env.browser.newContext({ viewport: POPUP });
        try {
          const probe = await transact.newPage();
          const res = await probe.goto(
            `${issuerOf(stack)}/transact?${new URLSearchParams({
              client_id: CLIENT_ID,
              origin: new URL(stack.demoUrl).origin,
            })}`,
          );
          assert.equal(res?.status(), 403);
          await probe.getByRole('heading', { name: 'Invalid connected app' }).waitFor();
        } finally {
          await transact.close();
        }

        await loginOnProviderPage(page, stack, uniqueEmail('xapp-cancel'));
        await page
          .getByText('can read your wallet addresses but cannot ask for signatures')
          .waitFor();
        await screenshot(page, 'crossapp-provider-consent-read-only');
        const back = page.waitForURL((url) => url.href.startsWith(callbackOf(stack)), {
          timeout: UI_TIMEOUT_MS,
        });
        await page.getByRole('button', { name: 'Cancel' }).click();
        await back;
        const returned = new URL(page.url());
        assert.equal(returned.searchParams.get('error'), 'access_denied');
        assert.equal(returned.searchParams.get('state'), auth.state);
        assert.equal(returned.searchParams.get('code'), null);
      },
    );
  },
);

test(
  "cross-app requester: the demo logs in with Latchkey Wallet's account through its popup",
  { timeout: 240_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'crossapp-requester',
      { context: { viewport: { width: 1280, height: 900 } } },
      async (page) => {
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        const button = page.getByRole('button', { name: 'Log in with Latchkey Wallet' });

        // Closing the popup without an answer: 'User canceled flow' (checked every 300 ms).
        const canceled = page.waitForEvent('popup');
        await button.click();
        const first = await canceled;
        await first.getByRole('textbox', { name: 'Email address' }).waitFor({
          timeout: UI_TIMEOUT_MS,
        });
        await first.close();
        await page
          .getByTestId('cross-app-outcome')
          .filter({ hasText: 'User canceled flow' })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        assert.equal(await page.getByTestId('status').textContent(), 'unauthenticated');

        // The whole sign-in: the provider's page in a 440x680 popup, then back logged in.
        const opened = page.waitForEvent('popup');
        await button.click();
        const popup = await opened;
        // Opened blank in the click, then sent to the provider's sign-in page.
        const providerIssuer = issuerOf(stack).replace(stack.appId, PROVIDER_APP_ID);
        await popup.waitForURL(new RegExp(`^${providerIssuer}/interaction/`), {
          timeout: UI_TIMEOUT_MS,
        });
        await popup.getByRole('heading', { name: 'Sign in to Latchkey Demo' }).waitFor();
        // (Measured once there: the blank page's context goes away with the navigation.)
        const size = await popup.evaluate(() => [window.innerWidth, window.innerHeight]);
        assert.deepEqual(size, [440, 680]);
        await loginOnProviderPage(popup, stack, uniqueEmail('xapp-requester'));
        await popup.getByRole('button', { name: 'Allow' }).click();
        await waitForStatus(page, 'authenticated');
        await popup.waitForEvent('close', { timeout: UI_TIMEOUT_MS }).catch(() => {});
        assert.ok(popup.isClosed(), 'the popup closes itself');
        const user = await shownUser(page);
        const account = linkedAccounts(user!).find((a) => a.type === 'cross_app') as {
          providerApp: { id: string };
          embeddedWallets: { address: string }[];
        };
        assert.ok(account, JSON.stringify(user));
        assert.deepEqual(account.providerApp, { id: 'latchkeywallet00000000000' });
        assert.equal(account.embeddedWallets.length, 1);
        assert.match(account.embeddedWallets[0]!.address, /^0x[0-9a-fA-F]{40}$/);
        await screenshot(page, 'crossapp-requester-logged-in');

        // Sign with the provider's wallet: its transact page in a 400x680 popup, approved there.
        const address = account.embeddedWallets[0]!.address as Hex;
        const outcome = page.getByTestId('cross-app-outcome');
        const sign = page.getByRole('button', { name: 'Sign with Latchkey Wallet' });
        const signPopup = await transactPopup(page, () => sign.click());
        assert.deepEqual(
          await signPopup.evaluate(() => [window.innerWidth, window.innerHeight]),
          [400, 680],
        );
        assert.match(signPopup.url(), new RegExp(`/apps/${PROVIDER_APP_ID}/oidc/transact\\?`));
        await signPopup
          .getByRole('heading', { name: 'Latchkey Demo asks for a signature' })
          .waitFor({
            timeout: UI_TIMEOUT_MS,
          });
        // The provider's sign screen, its approval frame showing the message.
        await waitForArmed(signPopup);
        await approvalFrame(signPopup).getByText(CROSS_APP_MESSAGE).waitFor();
        await screenshot(signPopup, 'crossapp-transact-sign');
        await approveInFrame(signPopup);
        await outcome.filter({ hasText: 'Signature: 0x' }).waitFor({ timeout: WALLET_TIMEOUT_MS });
        const signature = (await outcome.textContent())!.replace('Signature: ', '') as Hex;
        assert.ok(
          await verifyMessage({ address, message: CROSS_APP_MESSAGE, signature }),
          `the signature verifies against the cross-app wallet ${address}`,
        );
        await signPopup.waitForEvent('close', { timeout: UI_TIMEOUT_MS }).catch(() => {});
        assert.ok(signPopup.isClosed(), 'the transact popup closes itself');

        // Reject on the provider's page, or close its popup: 'User rejected request'.
        const rejecting = await transactPopup(page, () => sign.click());
        await waitForArmed(rejecting);
        await rejecting.getByRole('button', { name: 'Reject' }).click();
        await outcome
          .filter({ hasText: 'User rejected request' })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await rejecting.waitForEvent('close', { timeout: UI_TIMEOUT_MS }).catch(() => {});
        assert.ok(rejecting.isClosed(), 'the popup closes after the rejection');
        const closing = await transactPopup(page, () => sign.click());
        await waitForArmed(closing);
        await page.getByTestId('cross-app-outcome').waitFor({ state: 'detached' });
        await closing.close();
        await outcome
          .filter({ hasText: 'User rejected request' })
          .waitFor({ timeout: UI_TIMEOUT_MS });

        // Send 0.001 ETH on anvil from the provider's wallet (funded here first).
        await rpc(stack.rpcUrl, 'anvil_setBalance', [address, '0xde0b6b3a7640000']);
        const chain = createPublicClient({ transport: http(stack.rpcUrl) });
        const before = await chain.getBalance({ address: RECIPIENT });
        const sendPopup = await transactPopup(page, () =>
          page.getByRole('button', { name: 'Send 0.001 ETH with Latchkey Wallet' }).click(),
        );
        await waitForArmed(sendPopup);
        await screenshot(sendPopup, 'crossapp-transact-send');
        await approveInFrame(sendPopup);
        await outcome
          .filter({ hasText: /^Transaction: 0x[0-9a-f]{64}$/ })
          .waitFor({ timeout: WALLET_TIMEOUT_MS });
        const hash = (await outcome.textContent())!.replace('Transaction: ', '') as Hex;
        const receipt = await chain.waitForTransactionReceipt({ hash });
        assert.equal(receipt.from.toLowerCase(), address.toLowerCase());
        assert.equal(receipt.status, 'success');
        const after = await chain.getBalance({ address: RECIPIENT });
        assert.equal(after - before, parseEther('0.001'), 'the recipient received 0.001 ETH');
      },
    );
  },
);
