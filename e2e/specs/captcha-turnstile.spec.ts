/**
 * Captcha gate with Cloudflare Turnstile (issue 6; spec sections 4, 5, 6 and 8), end to end.
 * Cloudflare is out of reach, so `../turnstile.ts` stands in with its documented protocols: the
 * page gets a fake `api.js` (the `window.turnstile` client API) whose runs take single-use
 * tokens from a local peer, and the API (LATCHKEY_TURNSTILE_SITEVERIFY_URL) checks them with the
 * same peer's siteverify.
 *
 * 1. Site key `t:<key>` and its secret set through the admin API; a fresh page loads the
 *    explicit-render script, renders the widget and runs it while the landing screen shows.
 *    The email code request carries that token, siteverify saw it (right secret, the page's
 *    hostname), the code arrives and the login completes.
 * 2. The same token sent again is refused (`invalid_captcha`; the peer answered
 *    `timeout-or-duplicate`).
 * 3. The peer refuses the next token: the modal shows 'Please try again.' (invalid_captcha),
 *    no code is sent; its button resets the widget and the next attempt passes with a fresh
 *    token. No token reaches the API twice.
 * 4. At the API: a token solved on another hostname and a wrong secret key are refused.
 * 5. A widget that cannot run (Cloudflare's error 110100, unknown site key): the run and its 3
 *    retries fail, the submit shows the adblocker/VPN text and no code request leaves the page.
 * 6. Closing the modal removes its widget (a new one renders on the next open); a token that
 *    expired (300 s, skipped with Playwright's clock) is replaced, and only the fresh one is sent.
 * 7. A submit while the lazy captcha module still loads waits on CAPTCHA_SCREEN for its token
 *    (it used to go out without one and fail with 'Please try again.').
 * Screenshots: captcha-turnstile-*.png. The app settings are restored at the end.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
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
import {
  type Stack,
  recordConsole,
  reportFailure,
  screenshot,
  uniqueEmail,
  useStackAndBrowser,
  withFailureScreenshot,
  withPage,
} from '../harness.ts';
import {
  installTurnstileFake,
  startTurnstilePeer,
  TURNSTILE_INVALID_SITEKEY,
  turnstileCalls,
} from '../turnstile.ts';

const SITEKEY = '0x4AAAAAAAlatchkeyE2E';
const SECRET = '0x4AAAAAAAlatchkeyE2E-secret-key';
const INIT_PATH = '/api/v1/passwordless/init';

const peer = await startTurnstilePeer({ sitekey: SITEKEY, secret: SECRET });
after(() => peer.close());
const env = useStackAndBrowser({ env: { LATCHKEY_TURNSTILE_SITEVERIFY_URL: peer.siteverifyUrl } });

/** Records the `token` of every email code request the page sends (unchanged on the wire). */
function recordInitTokens(page: Page): (string | undefined)[] {
  const tokens: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== INIT_PATH) return;
    tokens.push((JSON.parse(request.postData() ?? '{}') as { token?: string }).token);
  });
  return tokens;
}

/** POSTs an email code request straight to the API, as the demo page would. */
async function initWithToken(stack: Stack, email: string, token: string) {
  const res = await fetch(`${stack.apiUrl}${INIT_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'latchkey-app-id': stack.appId,
      origin: stack.demoUrl,
    },
    body: JSON.stringify({ email, token }),
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

/** What the fake `api.js` logged about misuse (as Turnstile does: execute twice, unknown widget). */
function turnstileWarnings(consoleLines: string[]): string[] {
  return consoleLines.filter((line) => line.includes('[Cloudflare Turnstile]'));
}

/** Turns the captcha off again (the other specs of a run expect none). */
/** Turns the app's captcha on with Turnstile site key `t:<sitekey>` and the peer's secret. */
async function enableTurnstile(stack: Stack, sitekey: string) {
  await stack.admin('PATCH', '', {
    captcha_enabled: true,
    captcha_site_key: `t:${sitekey}`,
    captcha_secret_key: SECRET,
  });
}

async function restoreCaptchaSettings(stack: Stack) {
  await stack
    .admin('PATCH', '', {
      captcha_enabled: false,
      captcha_site_key: null,
      captcha_secret_key: null,
    })
    .catch((error: unknown) => console.error('could not restore the captcha settings', error));
}

async function waitUntil(what: string, check: () => boolean, timeoutMs = UI_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test(
  'captcha (Turnstile): tokens verified by siteverify, single use; a refused token resets the widget',
  { timeout: 240_000 },
  async () => {
    const { stack, browser } = env;
    const hostname = new URL(stack.demoUrl).hostname;
    const contexts = [] as Awaited<ReturnType<typeof browser.newContext>>[];
    const consoles: string[][] = [];
    let page: Page | undefined;
    try {
      await enableTurnstile(stack, SITEKEY);

      // 1. A fresh page (the settings are read on load) passes the captcha and logs in.
      const first = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      contexts.push(first);
      const fake = await installTurnstileFake(first, peer);
      page = await first.newPage();
      consoles.push(recordConsole(page));
      const tokens = recordInitTokens(page);
      const email = uniqueEmail('turnstile');
      await withFailureScreenshot(page, 'captcha-turnstile', async () => {
        await openDemo(page!, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page!);
        // The landing screen runs the widget at once: a token is issued before any submit.
        await waitUntil(
          'a token issued while the landing screen shows',
          () => peer.issued.length === 1,
        );
        assert.equal(peer.siteverifies.length, 0, 'nothing verified before the submit');
        assert.equal(fake.scriptRequests.length, 1, 'api.js loaded once');
        assert.match(fake.scriptRequests[0]!, /\/turnstile\/v0\/api\.js\?render=explicit$/);
        const before = (await stack.outbox(email)).length;
        await enterEmail(page!, email);
        await digitBoxes(page!)[0]!.waitFor({ timeout: UI_TIMEOUT_MS });
        assert.deepEqual(tokens, [peer.issued[0]!.token], 'the code request carried the token');
        const [verify, ...more] = peer.verifiesOf(tokens[0]!);
        assert.equal(more.length, 0, 'verified once');
        assert.equal(verify!.secret, SECRET, 'with the app secret key');
        assert.equal(verify!.answer.success, true);
        assert.equal(verify!.answer.hostname, hostname, "solved on the demo's hostname");
        await screenshot(page!, 'captcha-turnstile-1-code');
        const message = await stack.waitForCode(email, { after: before });
        await typeCode(page!, message.code!);
        await dialog(page!).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page!, 'authenticated');
        await screenshot(page!, 'captcha-turnstile-2-logged-in');
        const calls = (await turnstileCalls(page!)).map((c) => c.name);
        assert.deepEqual(calls.slice(0, 2), ['render', 'execute'], `widget calls: ${calls}`);
      });

      // 2. Single use: the same token again is refused, by siteverify and so by the API.
      const replay = await initWithToken(stack, uniqueEmail('turnstile-replay'), tokens[0]!);
      assert.equal(replay.status, 400);
      assert.equal(replay.body.code, 'invalid_captcha');
      assert.deepEqual(peer.verifiesOf(tokens[0]!).at(-1)!.answer['error-codes'], [
        'timeout-or-duplicate',
      ]);

      // 3. The peer refuses the next token: 'Please try again.', then a fresh token passes.
      peer.refuseNext(1);
      const second = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      contexts.push(second);
      await installTurnstileFake(second, peer);
      page = await second.newPage();
      consoles.push(['--- second page ---'], recordConsole(page));
      const tokens2 = recordInitTokens(page);
      const refused = uniqueEmail('turnstile-refused');
      const issuedBefore = peer.issued.length;
      await withFailureScreenshot(page, 'captcha-turnstile', async () => {
        await openDemo(page!, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page!);
        await enterEmail(page!, refused);
        await dialog(page!)
          .getByText('Please try again.', { exact: true })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await screenshot(page!, 'captcha-turnstile-3-refused');
        assert.equal(tokens2.length, 1, 'one code request');
        const bad = peer.issued[issuedBefore]!;
        assert.equal(bad.refused, true);
        assert.equal(tokens2[0], bad.token, 'it carried the token the peer refuses');
        assert.deepEqual(
          peer.verifiesOf(bad.token).map((c) => c.answer['error-codes']),
          [['invalid-input-response']],
        );
        assert.deepEqual(await stack.outbox(refused), [], 'no code sent');

        const resetsBefore = (await turnstileCalls(page!)).filter((c) => c.name === 'reset').length;
        await dialog(page!).getByRole('button', { name: 'Try again', exact: true }).click();
        await emailField(page!).waitFor({ timeout: UI_TIMEOUT_MS });
        const calls = await turnstileCalls(page!);
        assert.ok(
          calls.filter((c) => c.name === 'reset').length > resetsBefore,
          `the button reset the widget: ${calls.map((c) => c.name)}`,
        );
        await emailField(page!).fill('');
        const before = (await stack.outbox(refused)).length;
        await enterEmail(page!, refused);
        await digitBoxes(page!)[0]!.waitFor({ timeout: UI_TIMEOUT_MS });
        assert.equal(tokens2.length, 2, 'a second code request');
        assert.notEqual(tokens2[1], tokens2[0], 'with a fresh token');
        assert.deepEqual(
          peer.verifiesOf(tokens2[1]!).map((c) => c.answer.success),
          [true],
        );
        const message = await stack.waitForCode(refused, { after: before });
        await typeCode(page!, message.code!);
        await dialog(page!).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page!, 'authenticated');
        await screenshot(page!, 'captcha-turnstile-4-logged-in');
      });
      assert.deepEqual(
        turnstileWarnings(consoles.flat()),
        [],
        'the page used the widget API right',
      );
      const sent = [...tokens, ...tokens2];
      assert.equal(new Set(sent).size, sent.length, `no token sent twice: ${sent.length} sent`);

      // 4. At the API: a token solved on another site, and a wrong secret key, are refused.
      const foreign = peer.issue('evil.example');
      const foreignAnswer = await initWithToken(stack, uniqueEmail('turnstile-foreign'), foreign);
      assert.equal(foreignAnswer.body.code, 'invalid_captcha', 'a foreign hostname is refused');
      assert.equal(peer.verifiesOf(foreign)[0]!.answer.hostname, 'evil.example');
      await stack.admin('PATCH', '', { captcha_secret_key: 'not-the-secret' });
      const token = peer.issue(hostname);
      const wrongSecret = await initWithToken(stack, uniqueEmail('turnstile-secret'), token);
      assert.equal(wrongSecret.status, 400);
      assert.equal(wrongSecret.body.code, 'invalid_captcha', 'a wrong secret key is refused');
      assert.deepEqual(peer.verifiesOf(token)[0]!.answer['error-codes'], ['invalid-input-secret']);
    } catch (error) {
      reportFailure(stack, consoles.flat());
      throw error;
    } finally {
      await restoreCaptchaSettings(stack);
      for (const context of contexts) await context.close();
    }
  },
);

test(
  'captcha (Turnstile): a widget that cannot run (unknown site key) stops the login after the retries',
  { timeout: 120_000 },
  async () => {
    const { stack } = env;
    const unknownKey = `${SITEKEY}-unknown`;
    await withPage(
      env,
      'captcha-turnstile-unknown-key',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page, context) => {
        // The body reads the console too (Turnstile's warnings).
        const consoleLines = recordConsole(page);
        const tokens = recordInitTokens(page);
        const runsBefore = peer.challenges.length;
        const email = uniqueEmail('turnstile-unknown-key');
        try {
          await enableTurnstile(stack, unknownKey);
          await installTurnstileFake(context, peer);
          await openDemo(page, stack.demoUrl, 'unauthenticated');
          await openLoginModal(page);
          // The first run and its 3 retries (spec section 4) each get error 110100 from Cloudflare.
          await waitUntil('the widget runs and its retries', () => {
            return peer.challenges.length - runsBefore >= 4;
          });
          await enterEmail(page, email);
          await dialog(page)
            .getByText('If you use an adblocker or VPN, try disabling and re-attempting.', {
              exact: true,
            })
            .waitFor({ timeout: UI_TIMEOUT_MS });
          await screenshot(page, 'captcha-turnstile-5-widget-failed');
          const runs = peer.challenges.slice(runsBefore);
          assert.equal(runs.length, 4, `one run and 3 retries: ${JSON.stringify(runs)}`);
          for (const run of runs) {
            assert.deepEqual(run, { sitekey: unknownKey, error: TURNSTILE_INVALID_SITEKEY });
          }
          assert.deepEqual(tokens, [], 'no code request without a token');
          assert.deepEqual(turnstileWarnings(consoleLines), [], 'errors handled, API used right');
          assert.deepEqual(await stack.outbox(email), [], 'no code sent');
        } finally {
          await restoreCaptchaSettings(stack);
        }
      },
    );
  },
);

test(
  'captcha (Turnstile): a closed modal removes its widget, and an expired token is never sent',
  { timeout: 120_000 },
  async () => {
    const { stack } = env;
    const options = {
      context: { viewport: { width: 1024, height: 768 } },
      // The page's clock is Playwright's, so the 300 s token lifetime can be skipped.
      setUp: (context: BrowserContext) => context.clock.install(),
    };
    await withPage(env, 'captcha-turnstile-expired', options, async (page, context) => {
      // The body reads the console too (Turnstile's warnings).
      const consoleLines = recordConsole(page);
      const tokens = recordInitTokens(page);
      const issuedBefore = peer.issued.length;
      const email = uniqueEmail('turnstile-expired');
      try {
        await enableTurnstile(stack, SITEKEY);
        await installTurnstileFake(context, peer);
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);
        await waitUntil('a first token', () => peer.issued.length === issuedBefore + 1);
        // Closing the modal removes its widget; opening it again renders a new one.
        await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await openLoginModal(page);
        await waitUntil('a token of the new widget', () => peer.issued.length === issuedBefore + 2);
        const calls = await turnstileCalls(page);
        const [firstRender, secondRender] = calls.filter((c) => c.name === 'render');
        assert.ok(secondRender && secondRender.id !== firstRender!.id, 'a second widget');
        assert.ok(
          calls.some((c) => c.name === 'remove' && c.id === firstRender!.id),
          `the first widget was removed: ${JSON.stringify(calls)}`,
        );
        // Cloudflare's tokens expire after 300 s (expired-callback): a fresh one replaces it.
        await page.clock.fastForward('05:01');
        await waitUntil('a token after the expiry', () => peer.issued.length === issuedBefore + 3);
        const fresh = peer.issued.at(-1)!.token;
        const before = (await stack.outbox(email)).length;
        await enterEmail(page, email);
        await digitBoxes(page)[0]!.waitFor({ timeout: UI_TIMEOUT_MS });
        assert.deepEqual(tokens, [fresh], 'only the fresh token was sent');
        assert.deepEqual(
          peer.verifiesOf(fresh).map((c) => c.answer.success),
          [true],
        );
        const message = await stack.waitForCode(email, { after: before });
        await typeCode(page, message.code!);
        await waitForStatus(page, 'authenticated');
        assert.deepEqual(turnstileWarnings(consoleLines), [], 'the page used the widget API right');
      } finally {
        await restoreCaptchaSettings(stack);
      }
    });
  },
);

test(
  'captcha (Turnstile): a submit before the captcha has loaded waits for its token',
  { timeout: 120_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'captcha-turnstile-early',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page, context) => {
        const tokens = recordInitTokens(page);
        const email = uniqueEmail('turnstile-early');
        // The lazy `@latchkey/core/captcha` module (spec section 4) arrives late, as on a slow network:
        // it is held until the address was submitted and the modal shows that it waits for the
        // captcha (a fixed 8 s delay did that before, and 2 s did not on a loaded CI machine: a
        // token was issued before the submit once, session 37; waiting for the submit itself
        // holds it exactly as long as needed).
        // The demo is a build (its chunks have hashed names), so the module is known by a text
        // of its own: an error message of packages/core/src/captcha/index.ts.
        // A request still held when the page closes fails inside Playwright: ignored (the route is
        // removed at the end, and nothing here may outlive the test).
        let releaseModule = () => {};
        const moduleReleased = new Promise<void>((resolve) => (releaseModule = resolve));
        await page.route('**/*.js', async (route) => {
          try {
            const response = await route.fetch();
            const body = await response.text();
            if (body.includes('Captcha is not enabled for this app.')) await moduleReleased;
            await route.fulfill({ response, body });
          } catch {
            // the page or its context closed meanwhile
          }
        });
        try {
          await enableTurnstile(stack, SITEKEY);
          await installTurnstileFake(context, peer);
          await openDemo(page, stack.demoUrl, 'unauthenticated');
          const issuedBefore = peer.issued.length;
          await openLoginModal(page);
          await enterEmail(page, email);
          assert.equal(peer.issued.length, issuedBefore, 'submitted before any token existed');
          // CAPTCHA_SCREEN waits for the module and its token instead of sending none.
          await dialog(page)
            .locator('[data-captcha="loading"]')
            .waitFor({ timeout: UI_TIMEOUT_MS });
          await screenshot(page, 'captcha-turnstile-6-waiting');
          const before = (await stack.outbox(email)).length;
          releaseModule();
          await digitBoxes(page)[0]!.waitFor({ timeout: UI_TIMEOUT_MS });
          assert.equal(tokens.length, 1, 'one code request');
          assert.ok(tokens[0], 'it carried a token');
          assert.deepEqual(
            peer.verifiesOf(tokens[0]).map((c) => c.answer.success),
            [true],
          );
          await stack.waitForCode(email, { after: before });
        } finally {
          releaseModule();
          await page.unrouteAll({ behavior: 'ignoreErrors' });
          await restoreCaptchaSettings(stack);
        }
      },
    );
  },
);
