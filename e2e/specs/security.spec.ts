/**
 * Browser-level security checks:
 * - the API refuses a page whose origin the app does not allow (CORS failure in the browser,
 *   403 `invalid_origin` on the wire, and no code sent), while the same call from the demo's
 *   allowed origin works (so the refusal is about the origin, not a broken call);
 * - no `postMessage` during the login flow uses the wildcard target origin `*` (catalogue 10),
 *   with a self-check proving the probe sees such a call when one is made.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import {
  dialog,
  openDemo,
  openLoginModal,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import {
  freePort,
  recordConsole,
  reportFailure,
  uniqueEmail,
  useStackAndBrowser,
  withFailureScreenshot,
} from '../harness.ts';
import { recordPostMessages } from '../postmessage-probe.ts';

/** The target origin that must never be used; only the probe's self-check sends it. */
const WILDCARD_TARGET = '*';

const env = useStackAndBrowser();

/** A tiny static server on another port: an origin no app allows. */
let other: { server: Server; origin: string; frameOrigin: string };
before(async () => {
  const port = await freePort();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/frame') {
      res.end('<!doctype html><title>frame</title><p>frame</p>');
      return;
    }
    res.end('<!doctype html><title>not an allowed origin</title><p>elsewhere</p>');
  });
  // All interfaces: the page is served as http://localhost:<port> and the self-check's frame
  // as http://127.0.0.1:<port>, two different origins.
  await new Promise<void>((resolve) => server.listen(port, resolve));
  other = { server, origin: `http://localhost:${port}`, frameOrigin: `http://127.0.0.1:${port}` };
});
after(
  () =>
    new Promise<void>((resolve) =>
      other?.server ? other.server.close(() => resolve()) : resolve(),
    ),
);

/** Runs, in the page, the SDK's first call (send a code) with `fetch`, and reports the outcome. */
async function initFromPage(
  page: import('playwright-core').Page,
  apiUrl: string,
  appId: string,
  email: string,
) {
  return page.evaluate(
    async ({ apiUrl, appId, email }) => {
      try {
        const res = await fetch(`${apiUrl}/api/v1/passwordless/init`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'latchkey-app-id': appId },
          body: JSON.stringify({ email }),
        });
        return { ok: true as const, status: res.status, origin: location.origin };
      } catch (error) {
        return { ok: false as const, error: String(error), origin: location.origin };
      }
    },
    { apiUrl, appId, email },
  );
}

test(
  'the API refuses a request from an origin the app does not allow',
  {
    timeout: 120_000,
  },
  async () => {
    const { stack, browser } = env;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await withFailureScreenshot(page, 'security-origin', async () => {
        // Control: from the demo's origin (allowed), the same call works.
        await page.goto(stack.demoUrl);
        const allowedEmail = uniqueEmail('allowed');
        const allowed = await initFromPage(page, stack.apiUrl, stack.appId, allowedEmail);
        assert.deepEqual(
          allowed,
          { ok: true, status: 200, origin: stack.demoUrl },
          'the allowed origin can call the API',
        );
        assert.equal(
          (await stack.outbox(allowedEmail)).length,
          1,
          'a code went out for the allowed origin',
        );

        // From another origin: the browser gets a CORS failure.
        await page.goto(other.origin);
        const deniedEmail = uniqueEmail('denied');
        const denied = await initFromPage(page, stack.apiUrl, stack.appId, deniedEmail);
        assert.equal(denied.origin, other.origin);
        assert.equal(
          denied.ok,
          false,
          `the call from ${other.origin} must fail: ${JSON.stringify(denied)}`,
        );
        assert.match(denied.ok ? '' : denied.error, /TypeError|Failed to fetch/);

        // On the wire, both the preflight and the request itself are refused with 403.
        const preflight = await fetch(`${stack.apiUrl}/api/v1/passwordless/init`, {
          method: 'OPTIONS',
          headers: {
            origin: other.origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, latchkey-app-id',
          },
        });
        assert.equal(preflight.status, 403, 'the preflight from a disallowed origin is refused');
        assert.equal(preflight.headers.get('access-control-allow-origin'), null);
        const direct = await fetch(`${stack.apiUrl}/api/v1/passwordless/init`, {
          method: 'POST',
          headers: {
            origin: other.origin,
            'content-type': 'application/json',
            'latchkey-app-id': stack.appId,
          },
          body: JSON.stringify({ email: deniedEmail }),
        });
        const body = (await direct.json()) as { code?: string };
        assert.equal(
          direct.status,
          403,
          `a request with a disallowed Origin is refused: ${JSON.stringify(body)}`,
        );
        assert.equal(body.code, 'invalid_origin');
        assert.equal(direct.headers.get('access-control-allow-origin'), null);
        assert.equal(
          (await stack.outbox(deniedEmail)).length,
          0,
          'no code was sent for the disallowed origin',
        );
      });
    } finally {
      await context.close();
    }
  },
);

test('no postMessage during the email login flow targets "*"', { timeout: 180_000 }, async (t) => {
  const { stack, browser } = env;
  const context = await browser.newContext();
  const calls = await recordPostMessages(context);
  const page = await context.newPage();
  const consoleLines = recordConsole(page);
  const email = uniqueEmail('postmessage');
  try {
    await withFailureScreenshot(page, 'security-postmessage', async () => {
      await openDemo(page, stack.demoUrl, 'unauthenticated');
      await openLoginModal(page);
      await submitEmail(page, email);
      const { code } = await stack.waitForCode(email);
      await typeCode(page, code!);
      await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await waitForStatus(page, 'authenticated');
      await page.reload();
      await waitForStatus(page, 'authenticated');
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      await waitForStatus(page, 'unauthenticated');

      const wildcard = calls.filter((c) => c.targetOrigin === '*');
      t.diagnostic(
        `postMessage calls seen during the flow: ${calls.length}` +
          `${calls.length ? ` (${[...new Set(calls.map((c) => `${c.from} -> ${c.targetOrigin} via ${c.via}`))].join('; ')})` : ''}`,
      );
      assert.deepEqual(wildcard, [], 'no postMessage uses targetOrigin "*"');
    });
  } catch (error) {
    reportFailure(stack, consoleLines);
    throw error;
  } finally {
    await context.close();
  }
});

test(
  'self-check: the postMessage probe records a "*" target, including through iframe.contentWindow',
  {
    timeout: 60_000,
  },
  async () => {
    const { browser } = env;
    const context = await browser.newContext();
    const calls = await recordPostMessages(context);
    const page = await context.newPage();
    try {
      // A page without the SDK, so only the calls below are made.
      await page.goto(other.origin);
      // Negative control: the probe must report a wildcard target when one is used. The product
      // code never does this (lint forbids it); only this self-check makes such calls.
      await page.evaluate(
        async ({ frameUrl, wildcard }) => {
          const iframe = document.createElement('iframe');
          iframe.src = frameUrl;
          const loaded = new Promise((resolve) =>
            iframe.addEventListener('load', resolve, { once: true }),
          );
          document.body.append(iframe);
          await loaded;
          iframe.contentWindow!.postMessage({ probe: 'frame' }, wildcard);
          iframe.contentWindow!.postMessage({ probe: 'frame-explicit' }, new URL(frameUrl).origin);
          window.postMessage({ probe: 'self' }, { targetOrigin: wildcard });
        },
        { frameUrl: `${other.frameOrigin}/frame`, wildcard: WILDCARD_TARGET },
      );
      const deadline = Date.now() + 5_000;
      while (calls.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(
        calls.map((c) => [c.via, c.targetOrigin]),
        [
          ['frame', '*'],
          ['frame', other.frameOrigin],
          ['self', '*'],
        ],
      );
    } finally {
      await context.close();
    }
  },
);
