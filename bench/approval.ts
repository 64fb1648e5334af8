/**
 * `npm run bench:approval`: what approving a signature in the wallet's approval frame costs
 * (issue 24 items 1 and 2), in Chromium through the whole stack.
 *
 * Starts the stack as the e2e specs do (`scripts/start.ts` on free ports: anvil, the API with
 * PGlite in a temporary folder, the demo), logs in with an email code (the wallet is created on
 * login) and measures, in the same run:
 *
 * 1. BASELINE, the old direct path: the app's wallet policy allows no-prompt signing
 *    (`wallet_policy.no_prompt_on_signature`, admin API), and the host page posts
 *    `latchkey:wallet:rpc` `personal_sign` with `noPrompt: true` straight to the hidden frame;
 *    time from the post to the signature (in the page, ms). The policy is then cleared.
 * 2. APPROVAL, click to signature: `personal_sign` through the wallet's EIP-1193 provider opens
 *    the sign screen, which frames the approval page; once its button is armed, a real mouse
 *    click on it (CDP); time from just before the click to the signature in the page (ms). It
 *    covers the click guard, the frame's device session load, the key rebuild, signing, the
 *    answer and the screen's settle; the user's reading time is not in it.
 * 3. The approval frame's LOAD: from the request in the page to the page drawing the request
 *    (`data-state="ready"`), and from ready to armed MINUS the fixed arm delay (700 ms): the
 *    excess is IntersectionObserver v2's own delay (100 ms) and scheduling.
 *
 * Times across frames are epoch ms (`performance.timeOrigin + performance.now()`), recorded by
 * an init script in the approval frame. Prints p50 / p90 / mean per figure and the ratio of the
 * approval click-to-signature to the baseline. Asserts nothing. Run alone (the stack and
 * Chromium share the machine): `BENCH_RUNS` (default 15) approvals, 3 x as many baseline signs.
 */
import type { Page } from 'playwright-core';
import { dialog, openDemo, openLoginModal, submitEmail, typeCode } from '../e2e/demo.ts';
import { launchBrowser, startStack, uniqueEmail } from '../e2e/harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BASELINE_RUNS = RUNS * 3;
const WARMUP = 2;
/** The approval page's arm delay (packages/wallet-frame/src/frame/click-guard.ts). */
const ARM_MS = 700;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  const mean = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  return { n: samples.length, p50: at(0.5), p90: at(0.9), mean };
}

const fmt = (s: ReturnType<typeof stats>) =>
  `p50 ${s.p50.toFixed(1)} ms, p90 ${s.p90.toFixed(1)} ms, mean ${s.mean.toFixed(1)} ms (n=${s.n})`;

/** In the approval frame: epoch ms of the request drawn (`ready`) and the button armed. */
const FRAME_MARKS = `(() => {
  if (!/\\/embedded-wallets\\/approve$/.test(location.pathname)) return;
  const now = () => performance.timeOrigin + performance.now();
  window.__marks = { start: performance.timeOrigin };
  new MutationObserver(() => {
    const root = document.querySelector('main.lk-approve');
    const button = document.querySelector('[data-testid="approve-button"]');
    if (root && root.getAttribute('data-state') === 'ready' && !window.__marks.ready)
      window.__marks.ready = now();
    if (button && button.getAttribute('data-armed') === 'true' && !window.__marks.armed)
      window.__marks.armed = now();
    if (root && root.getAttribute('data-state') === 'signing' && !window.__marks.signing)
      window.__marks.signing = now();
    if (root && root.getAttribute('data-state') === 'signed' && !window.__marks.signed)
      window.__marks.signed = now();
  }).observe(document, { subtree: true, attributes: true, childList: true });
})();`;

/** In the host page: signs `n` messages by raw noPrompt rpc to the hidden frame; ms each. */
const DIRECT = `async ({ apiUrl, appId, address, n }) => {
  const token = localStorage.getItem('latchkey:' + appId + ':token');
  const b64 = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
  const userId = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))).sub;
  const frame = [...document.querySelectorAll('iframe')].find((f) => /\\/embedded-wallets\\?/.test(f.src));
  const origin = new URL(apiUrl).origin;
  const times = [];
  for (let i = 0; i < n; i++) {
    const id = 'bench-' + i;
    const hex = '0x' + [...new TextEncoder().encode('bench ' + i)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const start = performance.now();
    const answer = await new Promise((resolve) => {
      function on(e) {
        if (e.origin !== origin || !e.data || e.data.id !== id) return;
        window.removeEventListener('message', on);
        resolve(e.data);
      }
      window.addEventListener('message', on);
      frame.contentWindow.postMessage({ id, event: 'latchkey:wallet:rpc', data: {
        accessToken: token, userId, address, request: { method: 'personal_sign', params: [hex, address] }, noPrompt: true,
      } }, origin);
    });
    if (answer.error) throw new Error('direct sign refused: ' + JSON.stringify(answer.error));
    times.push(performance.now() - start);
  }
  return times;
}`;

/** One approval: request in the page, wait armed, real click, signature. Epoch-ms marks. */
async function approveOnce(page: Page, i: number) {
  const requestedAt = (await page.evaluate(`(async () => {
    const provider = await window.latchkeyDemo.getEthereumProvider();
    const hex = '0x' + [...new TextEncoder().encode('approve ${i}')].map((b) => b.toString(16).padStart(2, '0')).join('');
    const at = performance.timeOrigin + performance.now();
    window.__signed = provider.request({ method: 'personal_sign', params: [hex, window.latchkeyDemo.address] })
      .then(() => performance.timeOrigin + performance.now());
    return at;
  })()`)) as number;
  const frameLocator = page.frameLocator('iframe[src*="/embedded-wallets/approve"]');
  const button = frameLocator.locator('[data-testid="approve-button"][data-armed="true"]');
  await button.waitFor({ state: 'visible', timeout: 60_000 });
  const box = await button.boundingBox();
  if (!box) throw new Error('no approve button');
  const clickAt = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const signedAt = (await page.evaluate('window.__signed')) as number;
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/approve'));
  const marks = (await frame?.evaluate('window.__marks')) as {
    start: number;
    ready?: number;
    armed?: number;
    signing?: number;
    signed?: number;
  };
  await dialog(page).waitFor({ state: 'hidden', timeout: 10_000 });
  return { requestedAt, clickAt, signedAt, marks };
}

async function main() {
  console.log('starting the stack (anvil, API, demo)...');
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: FRAME_MARKS });
    const page = await context.newPage();
    // Warm-up: Vite may pre-bundle dependencies on the first visit and reload the page once.
    await openDemo(page, stack.demoUrl);
    await page.waitForTimeout(3000);
    await openDemo(page, stack.demoUrl);
    const email = uniqueEmail('bench-approval');
    await openLoginModal(page);
    const before = (await stack.outbox(email)).length;
    await submitEmail(page, email);
    const message = await stack.waitForCode(email, { after: before });
    await typeCode(page, message.code!);
    await page.getByTestId('wallet-address').waitFor({ timeout: 60_000 });
    await dialog(page).waitFor({ state: 'hidden', timeout: 30_000 });
    await page.waitForFunction('!!window.latchkeyDemo');
    const address = (await page.evaluate('window.latchkeyDemo.address')) as string;

    // 1. Baseline: the old direct hidden-frame sign, allowed by the app's policy.
    let direct: number[] = [];
    try {
      await stack.admin('PATCH', '', { wallet_policy: { no_prompt_on_signature: true } });
      const arg = { apiUrl: stack.apiUrl, appId: stack.appId, address, n: BASELINE_RUNS + 5 };
      const times = (await page.evaluate(`(${DIRECT})(${JSON.stringify(arg)})`)) as number[];
      direct = times.slice(5);
    } catch (error) {
      console.log(`baseline unavailable: ${error instanceof Error ? error.message : error}`);
    } finally {
      await stack.admin('PATCH', '', { wallet_policy: null }).catch(() => {});
    }

    // 2 + 3. Approvals through the sign screen and the approval frame.
    const clickToSig: number[] = [];
    const load: number[] = [];
    const armExcess: number[] = [];
    const guard: number[] = [];
    const inFrame: number[] = [];
    const back: number[] = [];
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const t = await approveOnce(page, i);
      if (i < WARMUP) continue;
      clickToSig.push(t.signedAt - t.clickAt);
      if (t.marks?.ready) load.push(t.marks.ready - t.requestedAt);
      if (t.marks?.ready && t.marks.armed) armExcess.push(t.marks.armed - t.marks.ready - ARM_MS);
      if (t.marks?.signing && t.marks.signed) {
        guard.push(t.marks.signing - t.clickAt);
        inFrame.push(t.marks.signed - t.marks.signing);
        back.push(t.signedAt - t.marks.signed);
      }
    }

    const base = direct.length ? stats(direct) : null;
    const click = stats(clickToSig);
    console.log('');
    console.log('approval in the wallet frame (issue 24), Chromium through the stack');
    console.log(
      `baseline, direct hidden-frame personal_sign (noPrompt, policy allows): ${base ? fmt(base) : 'n/a'}`,
    );
    console.log(`approval frame, real click -> signature in the page: ${fmt(click)}`);
    if (base) {
      console.log(
        `  added cost of approval after the click: ${(click.p50 - base.p50).toFixed(1)} ms p50 ` +
          `(ratio ${(click.p50 / base.p50).toFixed(2)}x the direct sign)`,
      );
    }
    if (inFrame.length) {
      console.log(`  of which: click -> accepted ('Signing…'): ${fmt(stats(guard))}`);
      console.log(
        `            'Signing…' -> 'Signed' (policy check, device session load, key rebuild, sign): ${fmt(stats(inFrame))}`,
      );
      console.log(`            'Signed' -> signature in the host page: ${fmt(stats(back))}`);
    }
    console.log(`approval frame load, request -> request drawn (ready): ${fmt(stats(load))}`);
    console.log(
      `approval frame ready -> armed, minus the fixed ${ARM_MS} ms arm delay: ${fmt(stats(armExcess))}`,
    );
    console.log(
      `(wall time before a user can approve: load + ${ARM_MS} ms + excess; wall-clock timer, ` +
        `shared machine: compare ratios of the same run, not absolute figures)`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
