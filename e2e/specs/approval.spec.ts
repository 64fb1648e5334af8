/**
 * Issue 24 items 1 and 2 in Chromium, through the demo's real sign and send screens: a
 * compromised host page cannot get a signature without the user's click inside the wallet's
 * approval frame.
 *
 * (a) The host page's own JavaScript posts raw `latchkey:wallet:rpc` messages to the hidden
 *     wallet frame (with the user's access token from its storage): `personal_sign`, an
 *     unlimited EIP-2612 Permit (`eth_signTypedData_v4`) and `eth_signTransaction` of 5 ETH to
 *     an attacker, with and without `noPrompt: true` -> no signature, `approval_required` (the
 *     app has no wallet policy); the attacker's balance stays 0.
 * (b) In the real sign and send screens, clicks the host synthesizes (`iframe.click()`,
 *     `dispatchEvent(new MouseEvent('click'))` on the iframe and on the modal, focus + Enter
 *     events) sign nothing.
 * (c) The approval iframe under an overlay div (`pointer-events: none`), at opacity 0, and a
 *     real click before the arm time are refused: no signature, the request still pending.
 * (d) A real click inside the frame signs: the signature verifies with viem against the
 *     wallet's address; a send moves 0.5 ETH on anvil.
 * Screenshots: e2e/artifacts/approval-*.png (light/dark, 1280 and 390 px wide).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { parseEther, verifyMessage } from 'viem';
import { dialog, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { artifactsDir, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  approvalFrame,
  approveButton,
  waitForArmed,
  approveInFrame,
  clearResult,
  logInWithEmail,
  rpc,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

const ATTACKER = '0x00000000000000000000000000000000a77ac4e5';
const DEMO_MESSAGE = 'Hello from the Latchkey demo';
/** The approval page's arm time (packages/wallet-frame/src/frame/click-guard.ts) plus margin. */
const PAST_ARM_MS = 1500;

/**
 * The attacker's script on the host page (plain JavaScript in a string: the test runner's
 * transpiler would add helpers the page does not have). Reads the access token the SDK keeps
 * in localStorage, finds the hidden wallet frame, posts one `latchkey:wallet:rpc` per request
 * straight to it and collects the answers (or nothing within 5 s).
 */
const RAW_RPC = `async ({ apiUrl, appId, address, requests }) => {
  const token = localStorage.getItem('latchkey:' + appId + ':token');
  if (!token) throw new Error('no access token in storage');
  const b64 = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
  const userId = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))).sub;
  const frame = [...document.querySelectorAll('iframe')].find((f) =>
    /\\/embedded-wallets\\?/.test(f.src));
  if (!frame) throw new Error('no hidden wallet frame');
  const origin = new URL(apiUrl).origin;
  const ask = (request, noPrompt, n) => new Promise((resolve) => {
    const id = 'attack-' + n + '-' + Math.random().toString(16).slice(2);
    const started = performance.now();
    const timer = setTimeout(() => { window.removeEventListener('message', on); resolve({ timeout: true }); }, 5000);
    function on(e) {
      if (e.origin !== origin || !e.data || e.data.id !== id) return;
      clearTimeout(timer);
      window.removeEventListener('message', on);
      resolve({ data: e.data.data, error: e.data.error, ms: performance.now() - started });
    }
    window.addEventListener('message', on);
    const data = { accessToken: token, userId, address, request };
    if (noPrompt) data.noPrompt = true;
    frame.contentWindow.postMessage({ id, event: 'latchkey:wallet:rpc', data }, origin);
  });
  const out = [];
  let n = 0;
  for (const r of requests) {
    for (const noPrompt of [false, true]) {
      out.push({ method: r.method, noPrompt, answer: await ask(r, noPrompt, n++) });
    }
  }
  return out;
}`;

/**
 * Host-page tricks on the open approval iframe: `iframe.click()`, synthesized mouse clicks on
 * the iframe and on the modal, focus plus synthesized Enter/Space key events.
 */
const SYNTHESIZED_CLICKS = `async () => {
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'IFRAME' && /\\/embedded-wallets\\/approve/.test(el.src)) return el;
      if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const iframe = find(document);
  if (!iframe) throw new Error('no approval iframe');
  const modal = iframe.closest('[role="dialog"]');
  const r = iframe.getBoundingClientRect();
  const at = { bubbles: true, cancelable: true, composed: true, view: window,
    clientX: r.left + r.width / 2, clientY: r.bottom - 30, detail: 1 };
  iframe.click();
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    const Event = type.startsWith('pointer') ? PointerEvent : MouseEvent;
    iframe.dispatchEvent(new Event(type, at));
    modal && modal.dispatchEvent(new Event(type, at));
  }
  iframe.focus();
  for (const key of ['Enter', ' ']) {
    iframe.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
    iframe.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true }));
  }
  return true;
}`;

/** Puts a decoy over the approval iframe (`pointer-events: none`, so real clicks pass through). */
const COVER = `async () => {
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'IFRAME' && /\\/embedded-wallets\\/approve/.test(el.src)) return el;
      if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const r = find(document).getBoundingClientRect();
  const decoy = document.createElement('div');
  decoy.id = 'decoy';
  decoy.textContent = 'Claim your prize';
  decoy.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;display:flex;' +
    'align-items:center;justify-content:center;font:700 20px sans-serif;background:#fde047;' +
    'left:' + r.left + 'px;top:' + r.top + 'px;width:' + r.width + 'px;height:' + r.height + 'px';
  document.body.appendChild(decoy);
  return true;
}`;

/** Sets the approval iframe's opacity (0 hides it; '' restores). */
const OPACITY = `async (value) => {
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'IFRAME' && /\\/embedded-wallets\\/approve/.test(el.src)) return el;
      if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; }
    }
    return null;
  };
  find(document).style.opacity = value;
  return true;
}`;

/**
 * A viewport screenshot (e2e/artifacts/<name>.png) of the screen as the user sees it, taken
 * once the approve button is armed (a full-page capture resizes the view, which disarms it).
 */
async function screenshot(page: Page, name: string, armed = true) {
  if (armed) await waitForArmed(page, 10_000);
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** Runs one of the scripts above in the page (a JS string, as a function of `arg`). */
function run<T>(page: Page, script: string, arg?: unknown): Promise<T> {
  return page.evaluate(`(${script})(${JSON.stringify(arg ?? null)})`) as Promise<T>;
}

/** The approval page's state (`data-state` of its root) and the last refusal reason. */
async function frameState(page: Page) {
  const root = approvalFrame(page).locator('main.lk-approve');
  return {
    state: await root.getAttribute('data-state'),
    refused: await root.getAttribute('data-refused'),
  };
}

/** Where the last real click on the approve button landed (the screens keep their layout). */
const buttonCentre = { x: 0, y: 0 };

/** A real (trusted) mouse click at the centre of the approve button, whatever is over it. */
async function realClickAtButton(page: Page) {
  const box = await approveButton(page).boundingBox();
  assert.ok(box, 'the approve button is on screen');
  buttonCentre.x = box.x + box.width / 2;
  buttonCentre.y = box.y + box.height / 2;
  await page.mouse.click(buttonCentre.x, buttonCentre.y);
}

/** The demo's result line right now ('' while the request is pending). */
async function resultNow(page: Page) {
  return ((await page.getByTestId('result').textContent()) ?? '').trim();
}

/** Asserts that nothing was signed: no result, the screen open, the frame not signing. */
async function assertPending(page: Page, screen: string, what: string) {
  await page.waitForTimeout(400);
  assert.equal(await resultNow(page), '', `${what}: no result`);
  assert.equal(
    await dialog(page).getAttribute('data-screen'),
    screen,
    `${what}: the screen is still open`,
  );
  const { state } = await frameState(page);
  assert.equal(state, 'ready', `${what}: the frame did not sign (state ${state})`);
}

test(
  'approval: only a real click inside the approval frame signs',
  { timeout: 300_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'approval',
      { context: { viewport: { width: 1280, height: 800 } } },
      async (page) => {
        const email = uniqueEmail('approval');
        await logInWithEmail(page, stack, email);
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const address = await shownAddress(page);
        await page
          .getByTestId('wallet-balance')
          .filter({ hasText: /ETH/ })
          .waitFor({ timeout: WALLET_TIMEOUT_MS });

        // (a) Raw rpc messages from the host page's JavaScript to the hidden frame.
        const nonce = await rpc<string>(stack.rpcUrl, 'eth_getTransactionCount', [
          address,
          'pending',
        ]);
        const permit = {
          types: {
            EIP712Domain: [
              { name: 'name', type: 'string' },
              { name: 'version', type: 'string' },
              { name: 'chainId', type: 'uint256' },
              { name: 'verifyingContract', type: 'address' },
            ],
            Permit: [
              { name: 'owner', type: 'address' },
              { name: 'spender', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'nonce', type: 'uint256' },
              { name: 'deadline', type: 'uint256' },
            ],
          },
          primaryType: 'Permit',
          domain: {
            name: 'USD Coin',
            version: '2',
            chainId: 31337,
            verifyingContract: '0x4444444444444444444444444444444444444444',
          },
          message: {
            owner: address,
            spender: ATTACKER,
            value: (2n ** 256n - 1n).toString(),
            nonce: '0',
            deadline: (2n ** 256n - 1n).toString(),
          },
        };
        const answers = await run<
          {
            method: string;
            noPrompt: boolean;
            answer: { data?: unknown; error?: { type?: string }; timeout?: boolean; ms?: number };
          }[]
        >(page, RAW_RPC, {
          apiUrl: stack.apiUrl,
          appId: stack.appId,
          address,
          requests: [
            { method: 'personal_sign', params: ['0x68656c6c6f', address] },
            { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(permit)] },
            {
              method: 'eth_signTransaction',
              params: [
                {
                  from: address,
                  to: ATTACKER,
                  value: `0x${parseEther('5').toString(16)}`,
                  nonce,
                  gas: '0x5208',
                  maxFeePerGas: '0x77359400',
                  maxPriorityFeePerGas: '0x1',
                  type: '0x2',
                  chainId: '0x7a69',
                },
              ],
            },
          ],
        });
        assert.equal(answers.length, 6);
        for (const { method, noPrompt, answer } of answers) {
          const what = `${method}${noPrompt ? ' with noPrompt' : ''}`;
          assert.equal(answer.timeout, undefined, `${what}: the frame answers`);
          assert.equal(answer.data, undefined, `${what}: no signature (${JSON.stringify(answer)})`);
          assert.equal(answer.error?.type, 'approval_required', `${what}: approval_required`);
        }
        assert.equal(
          BigInt(await rpc<string>(stack.rpcUrl, 'eth_getBalance', [ATTACKER, 'latest'])),
          0n,
          'the attacker got nothing',
        );

        // (b) + (c) on the real sign screen.
        await clearResult(page);
        await page.getByRole('button', { name: 'Sign message', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
        await waitForArmed(page, WALLET_TIMEOUT_MS);
        await screenshot(page, 'approval-sign-light-1280');
        // (b) synthesized clicks
        await run(page, SYNTHESIZED_CLICKS);
        await assertPending(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', 'synthesized clicks');
        // (c) covered by a decoy with pointer-events: none; a real click passes through to the
        // button, and is refused.
        await run(page, COVER);
        await page.waitForTimeout(PAST_ARM_MS);
        await screenshot(page, 'approval-sign-covered', false);
        await realClickAtButton(page);
        await assertPending(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', 'covered');
        assert.equal((await frameState(page)).refused, 'not_armed', 'refused while covered');
        await page.evaluate(`document.getElementById('decoy').remove()`);
        // (c) at opacity 0
        await run(page, OPACITY, '0');
        await page.waitForTimeout(PAST_ARM_MS);
        await realClickAtButton(page);
        await assertPending(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', 'opacity 0');
        assert.equal((await frameState(page)).refused, 'not_armed', 'refused at opacity 0');
        await run(page, OPACITY, '');
        // (d) a real click once the frame is visible again and armed signs.
        await approveInFrame(page);
        const signature = await waitForResult(page);
        assert.match(signature, /^0x[0-9a-f]{130}$/, `a signature: ${signature}`);
        assert.ok(
          await verifyMessage({
            address: address as `0x${string}`,
            message: DEMO_MESSAGE,
            signature: signature as `0x${string}`,
          }),
          'the signature verifies against the wallet address',
        );
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

        // (c) a real click before the arm time, on a fresh screen: the frame is covered (so it
        // cannot arm) until the moment before a real click on its button.
        await clearResult(page);
        await page.getByRole('button', { name: 'Sign message', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
        await approvalFrame(page)
          .locator('main.lk-approve[data-state="ready"]')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await run(page, COVER);
        await approveButton(page)
          .and(approvalFrame(page).locator('[data-armed="false"]'))
          .waitFor({ state: 'attached', timeout: 5_000 });
        await page.waitForTimeout(300);
        assert.equal(await approveButton(page).getAttribute('data-armed'), 'false');
        const uncovered = Date.now();
        await page.evaluate(`document.getElementById('decoy').remove()`);
        await page.mouse.click(buttonCentre.x, buttonCentre.y);
        const visibleMs = Date.now() - uncovered;
        if (visibleMs < 600) {
          await assertPending(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', 'before the arm time');
          // Nothing was signed (above). The guard refuses the click ('not_armed') when it reaches
          // the frame; Chromium may also drop it before it does (input to a cross-origin frame
          // whose visibility just changed; seen once under load), as approve-page.spec allows.
          const { refused } = await frameState(page);
          assert.ok(
            refused === null || refused === 'not_armed',
            `refused before arming: ${refused}`,
          );
        } else {
          process.stderr.write(`the early click took ${visibleMs} ms to land; not judged\n`);
        }
        await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
        assert.match(await waitForResult(page), /4001 user rejected/);

        // (b) + (d) on the real send screen: 0.5 ETH to a fresh address.
        const recipient = '0x000000000000000000000000000000000000bEEF';
        const before = BigInt(
          await rpc<string>(stack.rpcUrl, 'eth_getBalance', [recipient, 'latest']),
        );
        await clearResult(page);
        const sent = page.evaluate(`window.latchkeyDemo.sendTransaction({
        to: '${recipient}', value: '0x${parseEther('0.5').toString(16)}', chainId: 31337,
      }).then((r) => 'sent ' + r.transactionHash, (e) => String(e.code) + ' ' + e.message)`);
        await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
        await waitForArmed(page, WALLET_TIMEOUT_MS);
        await screenshot(page, 'approval-send-light-1280');
        await run(page, SYNTHESIZED_CLICKS);
        await page.waitForTimeout(400);
        assert.equal(
          (await frameState(page)).state,
          'ready',
          'synthesized clicks on the send screen',
        );
        assert.equal(
          BigInt(await rpc<string>(stack.rpcUrl, 'eth_getBalance', [recipient, 'latest'])),
          before,
          'nothing sent by synthesized clicks',
        );
        await approveInFrame(page);
        await dialog(page)
          .locator('[data-step="receipt"]')
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await dialog(page).getByRole('button', { name: 'Done', exact: true }).click();
        assert.match(String(await sent), /^sent 0x[0-9a-f]{64}$/);
        const after = BigInt(
          await rpc<string>(stack.rpcUrl, 'eth_getBalance', [recipient, 'latest']),
        );
        assert.equal(after - before, parseEther('0.5'), 'the recipient received 0.5 ETH');

        // Screens in dark mode and at 390 px (the demo's ?theme=dark), for review.
        for (const [width, height] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          for (const theme of ['light', 'dark'] as const) {
            if (width === 1280 && theme === 'light') continue;
            await page.setViewportSize({ width, height });
            await page.goto(`${stack.demoUrl}/?theme=${theme}`);
            await waitForStatus(page, 'authenticated');
            await shownAddress(page);
            await clearResult(page);
            await page.getByRole('button', { name: 'Sign message', exact: true }).click();
            await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
            await waitForArmed(page, WALLET_TIMEOUT_MS);
            await screenshot(page, `approval-sign-${theme}-${width}`);
            await approveInFrame(page);
            await waitForResult(page);
            await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
            await clearResult(page);
            await page.getByRole('button', { name: 'Send transaction', exact: true }).click();
            await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
            await waitForArmed(page, WALLET_TIMEOUT_MS);
            await screenshot(page, `approval-send-${theme}-${width}`);
            await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
            assert.match(await waitForResult(page), /4001/);
          }
        }
      },
    );
  },
);
