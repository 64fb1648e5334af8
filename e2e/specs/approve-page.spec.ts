/**
 * The wallet frame's approval page (issue 24 items 1 and 2) in Chromium, mounted by the host
 * page's own script on the demo origin (an allowed origin), the way core's approval mounts it:
 * a visible 400 x 320 iframe at `/apps/{appId}/embedded-wallets/approve` handed ONE
 * `latchkey:wallet:approve` request.
 *
 * - IntersectionObserver v2 (`isVisible`) exists in headless Chromium and arms the button;
 * - a real click (playwright) before the arm time, with the iframe at opacity 0, or under an
 *   overlay with `pointer-events: none` is refused (the note shows; no answer);
 * - the host's `iframe.click()` and `dispatchEvent(click)` on the iframe do nothing;
 * - a real click after the arm time signs: the signature is the wallet's (viem).
 * Shots (light and dark, 400 px): a personal_sign, an unlimited Permit and an ERC-20 transfer:
 * e2e/artifacts/approve-{message,permit,transfer}-{light,dark}.png (+ approve-*-refused.png).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import {
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseGwei,
  recoverTransactionAddress,
  stringToHex,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { dialog, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { artifactsDir, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import { logInWithEmail, shownAddress, WALLET_TIMEOUT_MS, waitForScreen } from '../wallet.ts';

const env = useStackAndBrowser();

const CHAIN = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};
const SPENDER = '0x3333333333333333333333333333333333333333';
const TOKEN = '0x4444444444444444444444444444444444444444';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** The frame height the host gives the approval page (what the host engineer should use). */
const FRAME_HEIGHT = 320;
const FRAME_WIDTH = 400;

/**
 * The host page's script (plain JavaScript in a string: the test runner's transpiler would add
 * helpers the page does not have): mounts the approval iframe in a fixed box, waits for its
 * ready message, posts the one request and keeps the answer in `window.__approve`.
 */
const MOUNT = `async ({ apiUrl, appId, theme, request, chain, buttonText, width, height }) => {
  document.getElementById('approve-host')?.remove();
  const host = document.createElement('div');
  host.id = 'approve-host';
  // A stand-in for the modal's screen: its background and padding around the frame.
  host.style.cssText = 'position:fixed;top:40px;left:40px;z-index:2147483646;width:' + width +
    'px;height:' + height + 'px;box-sizing:content-box;padding:16px;border-radius:16px;background:' +
    (theme === 'dark' ? '#17161c' : '#ffffff') + ';box-shadow:0 0 0 1px #ccc';
  const iframe = document.createElement('iframe');
  iframe.title = 'Approve request';
  iframe.style.cssText = 'display:block;border:0;width:100%;height:100%';
  const query = new URLSearchParams({ client_id: 'latchkey-js', theme });
  iframe.src = apiUrl + '/apps/' + appId + '/embedded-wallets/approve?' + query;
  const origin = new URL(apiUrl).origin;
  const state = { answer: null, error: null, messages: [] };
  window.__approve = state;
  const ready = new Promise((resolve) => {
    window.addEventListener('message', (e) => {
      if (e.origin !== origin || e.source !== iframe.contentWindow || !e.data) return;
      state.messages.push(e.data.event);
      if (e.data.event === 'latchkey:iframe:ready') resolve();
      if (e.data.id === 'approve-1') {
        if (e.data.error) state.error = e.data.error;
        else state.answer = e.data.data;
      }
    });
  });
  host.append(iframe);
  document.body.append(host);
  await ready;
  const accessToken = localStorage.getItem('latchkey:' + appId + ':token');
  iframe.contentWindow.postMessage(
    { id: 'approve-1', event: 'latchkey:wallet:approve',
      data: { accessToken, address: request.address, request: request.body, chain, buttonText } },
    origin,
  );
  return true;
}`;

type ApproveState = {
  answer: { response: string } | null;
  error: { type: string; message: string } | null;
};

async function mount(
  page: Page,
  options: { theme: 'light' | 'dark'; address: string; body: unknown; buttonText?: string },
): Promise<Frame> {
  const { stack } = env;
  await page.evaluate(
    `(${MOUNT})(${JSON.stringify({
      apiUrl: stack.apiUrl,
      appId: stack.appId,
      theme: options.theme,
      request: { address: options.address, body: options.body },
      chain: CHAIN,
      buttonText: options.buttonText,
      width: FRAME_WIDTH,
      height: FRAME_HEIGHT,
    })})`,
  );
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/approve'));
  assert.ok(frame, 'the approval frame is mounted');
  await frame
    .locator('main.lk-approve[data-state="ready"]')
    .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  return frame;
}

const approveState = (page: Page) => page.evaluate('window.__approve') as Promise<ApproveState>;

async function waitArmed(frame: Frame) {
  await frame
    .locator('[data-testid="approve-button"][data-armed="true"]')
    .waitFor({ timeout: UI_TIMEOUT_MS });
}

async function waitAnswer(page: Page): Promise<ApproveState> {
  const deadline = Date.now() + WALLET_TIMEOUT_MS;
  for (;;) {
    const state = await approveState(page);
    if (state.answer || state.error) return state;
    if (Date.now() > deadline) throw new Error('the approval page did not answer');
    await page.waitForTimeout(100);
  }
}

/**
 * Shots of the host box at 400 px and 360 px wide (`-360`), checking at each width that the
 * page neither scrolls nor overflows (only its details box scrolls). The box is left at 400 px.
 */
async function shoot(page: Page, frame: Frame, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.mouse.move(0, 0);
  for (const width of [FRAME_WIDTH, 360]) {
    await page.evaluate(`document.getElementById('approve-host').style.width = '${width}px'`);
    await page.waitForTimeout(150);
    const fits = (await frame.evaluate(
      `({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight,
          cw: document.documentElement.clientWidth, ch: document.documentElement.clientHeight })`,
    )) as { w: number; h: number; cw: number; ch: number };
    assert.ok(
      fits.w <= fits.cw && fits.h <= fits.ch,
      `${name} at ${width} px: no page scroll ${JSON.stringify(fits)}`,
    );
    await page.locator('#approve-host').screenshot({
      path: path.join(artifactsDir, `${name}${width === FRAME_WIDTH ? '' : `-${width}`}.png`),
      animations: 'disabled',
    });
  }
  await page.evaluate(`document.getElementById('approve-host').style.width = '${FRAME_WIDTH}px'`);
}

/** A real click by playwright on the approve button; then the refusal the frame shows, if any. */
async function clickApprove(frame: Frame): Promise<string | null> {
  await frame.getByTestId('approve-button').click({ timeout: UI_TIMEOUT_MS, force: true });
  await frame.page().waitForTimeout(150);
  return frame.locator('main.lk-approve').getAttribute('data-refused');
}

test(
  'approval page: shows the request, refuses early/covered/transparent/host clicks, signs on a real click',
  { timeout: 300_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'approve-page',
      { context: { viewport: { width: 1024, height: 800 } } },
      async (page) => {
        await logInWithEmail(page, stack, uniqueEmail('approve'));
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const address = await shownAddress(page);

        // 1. personal_sign, light.
        const message = 'Sign in to Example\nNonce: 7f3a9c';
        let frame = await mount(page, {
          theme: 'light',
          address,
          body: { method: 'personal_sign', params: [stringToHex(message), address] },
        });
        assert.equal(
          await frame.evaluate(`'isVisible' in IntersectionObserverEntry.prototype`),
          true,
          'IntersectionObserver v2 in this Chromium',
        );
        // A click right away, before the arm time, signs nothing. Chromium itself drops input
        // to a cross-origin iframe that appeared or moved in the last ~500 ms, so the click may
        // not even reach the frame; if it does, the guard refuses it ('not_armed').
        const early = await clickApprove(frame);
        assert.ok(early === null || early === 'not_armed', `early click: ${early}`);
        assert.equal(
          await frame.locator('main.lk-approve').getAttribute('data-state'),
          'ready',
          'a click before the arm time signs nothing',
        );
        process.stdout.write(`early click: ${early ?? 'dropped by Chromium'}\n`);
        await waitArmed(frame);
        // Shown under the minimum time again: an overlay covers the frame for a moment (the frame
        // does not move, so Chromium delivers the click); a click right after it is gone is
        // refused by the guard and the note says why.
        await page.evaluate(`(() => {
          const o = document.createElement('div');
          o.id = 'flash';
          o.style.cssText = 'position:fixed;top:0;left:0;width:600px;height:600px;' +
            'z-index:2147483647;pointer-events:none;background:rgba(0,0,0,0.01)';
          document.body.append(o);
        })()`);
        await frame
          .locator('[data-testid="approve-button"][data-armed="false"]')
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await page.evaluate(`document.getElementById('flash').remove()`);
        await frame.page().waitForTimeout(200);
        assert.equal(await clickApprove(frame), 'not_armed', 'a click under the minimum time');
        assert.match(
          (await frame.getByTestId('approve-note').textContent()) ?? '',
          /fully visible/,
        );
        await waitArmed(frame);
        // The frame fits: no scrollbars in the page at 400 x 320.
        const fits = (await frame.evaluate(
          `({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight,
              cw: document.documentElement.clientWidth, ch: document.documentElement.clientHeight })`,
        )) as { w: number; h: number; cw: number; ch: number };
        assert.ok(
          fits.w <= fits.cw && fits.h <= fits.ch,
          `no page scroll: ${JSON.stringify(fits)}`,
        );
        await shoot(page, frame, 'approve-message-light');
        await waitArmed(frame);

        // The host's own clicks on the iframe: nothing happens.
        await page.evaluate(`(() => {
          const iframe = document.querySelector('#approve-host iframe');
          iframe.click();
          iframe.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          iframe.focus();
        })()`);
        await page.waitForTimeout(300);
        assert.deepEqual(
          { ...(await approveState(page)), messages: undefined },
          { answer: null, error: null, messages: undefined },
          'host clicks approve nothing',
        );

        // Opacity 0 on the host box: isVisible false, the button disarms; a click is refused.
        await page.evaluate(`document.getElementById('approve-host').style.opacity = '0'`);
        await frame
          .locator('[data-testid="approve-button"][data-armed="false"]')
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await page.waitForTimeout(1200);
        assert.equal(await clickApprove(frame), 'not_armed', 'a click at opacity 0');
        await page.evaluate(`document.getElementById('approve-host').style.opacity = ''`);

        // An overlay with pointer-events: none over the frame: refused as well.
        await waitArmed(frame);
        await page.evaluate(`(() => {
          const o = document.createElement('div');
          o.id = 'overlay';
          o.textContent = 'Claim your prize';
          o.style.cssText = 'position:fixed;top:300px;left:40px;width:400px;height:80px;' +
            'z-index:2147483647;pointer-events:none;background:#ffeb3b;font:20px sans-serif';
          document.body.append(o);
        })()`);
        await frame
          .locator('[data-testid="approve-button"][data-armed="false"]')
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await page.waitForTimeout(1200);
        assert.equal(await clickApprove(frame), 'not_armed', 'a click under an overlay');
        await shoot(page, frame, 'approve-message-refused');
        await page.evaluate(`document.getElementById('overlay').remove()`);
        assert.equal((await approveState(page)).answer, null, 'nothing signed so far');

        // A real click once armed: signed by the wallet.
        await waitArmed(frame);
        const started = Date.now();
        assert.equal(await clickApprove(frame), null);
        const signed = await waitAnswer(page);
        const signMs = Date.now() - started;
        assert.equal(signed.error, null, JSON.stringify(signed.error));
        assert.ok(
          await verifyMessage({
            address: address as `0x${string}`,
            message,
            signature: signed.answer!.response as `0x${string}`,
          }),
          'the signature is the wallet’s',
        );
        await frame.locator('main.lk-approve[data-state="signed"]').waitFor();
        process.stdout.write(`approval click -> signature: ${signMs} ms\n`);

        // 2. An unlimited Permit, light and dark.
        const typed = {
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
          domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: TOKEN },
          message: {
            owner: address,
            spender: SPENDER,
            value: maxUint256.toString(),
            nonce: '0',
            deadline: '1893456000',
          },
        };
        const permitBody = {
          method: 'eth_signTypedData_v4',
          params: [address, JSON.stringify(typed)],
        };
        for (const theme of ['light', 'dark'] as const) {
          frame = await mount(page, { theme, address, body: permitBody });
          const text = (await frame.locator('body').innerText()) ?? '';
          assert.match(text, /Unlimited/);
          assert.match(text, new RegExp(SPENDER.slice(2, 10), 'i'));
          await waitArmed(frame);
          await shoot(page, frame, `approve-permit-${theme}`);
        }
        await waitArmed(frame);
        assert.equal(await clickApprove(frame), null);
        const permitSigned = await waitAnswer(page);
        const { EIP712Domain: _domain, ...permitTypes } = typed.types;
        assert.ok(
          await verifyTypedData({
            address: address as `0x${string}`,
            domain: { ...typed.domain, verifyingContract: TOKEN },
            types: permitTypes,
            primaryType: 'Permit',
            message: {
              ...typed.message,
              owner: address as `0x${string}`,
              spender: SPENDER,
              value: maxUint256,
              nonce: 0n,
              deadline: 1893456000n,
            },
            signature: permitSigned.answer!.response as `0x${string}`,
          }),
          'the permit signature is the wallet’s',
        );

        // 3. An ERC-20 transfer transaction, light and dark.
        const tx = {
          from: address,
          to: TOKEN,
          value: '0x0',
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [RECIPIENT, 25_000_000n],
          }),
          chainId: toHex(31337),
          gas: toHex(65_000),
          maxFeePerGas: toHex(parseGwei('3')),
          maxPriorityFeePerGas: toHex(parseGwei('1')),
          nonce: '0x0',
        };
        for (const theme of ['light', 'dark'] as const) {
          frame = await mount(page, {
            theme,
            address,
            body: { method: 'eth_signTransaction', params: [tx] },
          });
          const text = (await frame.locator('body').innerText()) ?? '';
          assert.match(text, /Token transfer/);
          assert.match(text, /Anvil \(31337\)/);
          assert.match(text, /Submit/);
          await waitArmed(frame);
          await shoot(page, frame, `approve-transfer-${theme}`);
        }
        await waitArmed(frame);
        assert.equal(await clickApprove(frame), null);
        const txSigned = await waitAnswer(page);
        assert.equal(
          await recoverTransactionAddress({
            serializedTransaction: txSigned.answer!.response as never,
          }),
          address,
          'the transaction is signed by the wallet',
        );
      },
    );
  },
);
