/**
 * Embedded-wallet steps on the demo (issue 3), as a person takes them: log in (the wallet is
 * created on login), read the shown address, press the wallet buttons, clear the wallet frame's
 * storage the way a new device would look.
 */
import type { Frame, Page } from 'playwright-core';
import { dialog, openDemo, openLoginModal, submitEmail, typeCode, UI_TIMEOUT_MS } from './demo.ts';
import type { Stack } from './harness.ts';

/** Wallet flows talk to the frame and the chain: allow more than the login screens. */
export const WALLET_TIMEOUT_MS = 60_000;

/** The modal's current screen name (`data-screen` of the dialog), or null when closed. */
export async function currentScreen(page: Page): Promise<string | null> {
  const d = dialog(page);
  if ((await d.count()) === 0) return null;
  return d.first().getAttribute('data-screen');
}

/** Waits until the modal shows `screen`. */
export async function waitForScreen(page: Page, screen: string, timeout = WALLET_TIMEOUT_MS) {
  await page
    .locator(`[role="dialog"][data-screen="${screen}"]`)
    .waitFor({ state: 'visible', timeout });
}

/** Logs in on the demo (`query`, e.g. '?passwordOnCreate=1') with a fresh email code; stops when the code is typed. */
export async function logInWithEmail(
  page: Page,
  stack: Stack,
  email: string,
  query = '',
): Promise<void> {
  await openDemo(page, `${stack.demoUrl}/${query}`, 'unauthenticated');
  await openLoginModal(page);
  const before = (await stack.outbox(email)).length;
  await submitEmail(page, email);
  const message = await stack.waitForCode(email, { after: before });
  await typeCode(page, message.code!);
}

/** The embedded wallet address the demo shows, once shown. */
export async function shownAddress(page: Page, timeout = WALLET_TIMEOUT_MS): Promise<string> {
  const el = page.getByTestId('wallet-address');
  await el.waitFor({ state: 'visible', timeout });
  return ((await el.textContent()) ?? '').trim();
}

/** The demo's result line, once it is not empty. */
export async function waitForResult(page: Page, timeout = WALLET_TIMEOUT_MS): Promise<string> {
  const el = page.getByTestId('result');
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = ((await el.textContent()) ?? '').trim();
    if (text) return text;
    if (Date.now() > deadline) throw new Error('no result shown');
    await page.waitForTimeout(100);
  }
}

/** Clears the result line (a test sees only the next result). */
export async function clearResult(page: Page): Promise<void> {
  await page.getByTestId('result').evaluate((el) => {
    el.textContent = '';
  });
}

/**
 * Wipes what the API origin stores in this browser context: by default everything (the wallet
 * frame's device share in localStorage and its DPoP key in IndexedDB), as on a new device;
 * `'local_storage'` removes only the device share. The demo origin keeps its session.
 */
export async function clearFrameStorage(
  page: Page,
  apiUrl: string,
  storageTypes: 'all' | 'local_storage' = 'all',
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(apiUrl).origin,
    storageTypes,
  });
  await cdp.detach();
}

/** A JSON-RPC 2.0 call (anvil, or the local Solana cluster's endpoint). */
export async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

/** The button of the open dialog named `name`. */
export function dialogButton(page: Page, name: string | RegExp) {
  return dialog(page).getByRole('button', { name, exact: typeof name === 'string' });
}

export { UI_TIMEOUT_MS };

/** The approval page framed by the open sign or send screen (issue 24). */
export function approvalFrame(page: Page) {
  return page.frameLocator('iframe[src*="/embedded-wallets/approve"]');
}

/** The approval page's approve button (`armed`: only once the click guard armed it). */
export function approveButton(page: Page, armed = false) {
  return approvalFrame(page).locator(
    armed ? '[data-testid="approve-button"][data-armed="true"]' : '[data-testid="approve-button"]',
  );
}

/**
 * Approves the open sign or send screen as a person does: waits until the approval page shows
 * the request and its button is armed (the frame was visible and unobscured for the arm time),
 * then clicks it with a real (trusted) mouse click inside the frame.
 */
export async function approveInFrame(page: Page, timeout = WALLET_TIMEOUT_MS): Promise<void> {
  await waitForArmed(page, timeout);
  await approveButton(page, true).click();
}

/**
 * Waits until the approval page's button is visible and armed (`timeout` in ms). On a timeout
 * the error says where the approval stood, so a failure in CI can be told apart: how many
 * approval frames are mounted, whether the host still hides the frame as loading, the page's
 * `data-state`, the button's `data-armed`, the guard's mode and the last refusal.
 */
export async function waitForArmed(page: Page, timeout = WALLET_TIMEOUT_MS): Promise<void> {
  try {
    await approveButton(page, true).waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(
      `the approve button did not arm in ${timeout} ms: ${await approvalState(page)}`,
      {
        cause: error,
      },
    );
  }
}

/** A one-line description of the approval frame's state, for failure messages. */
async function approvalState(page: Page): Promise<string> {
  const quick = { timeout: 2_000 };
  const read = async <T>(what: () => Promise<T>) => {
    try {
      return await what();
    } catch (error) {
      return `unreadable (${(error as Error).message.split('\n')[0]})`;
    }
  };
  const frames = await read(() => page.locator('iframe[src*="/embedded-wallets/approve"]').count());
  const hostLoading = await read(() =>
    page.locator('.lk-approval').first().getAttribute('data-loading', quick),
  );
  const root = approvalFrame(page).locator('main.lk-approve');
  const state = await read(() => root.getAttribute('data-state', quick));
  const refused = await read(() => root.getAttribute('data-refused', quick));
  const armed = await read(() => approveButton(page).getAttribute('data-armed', quick));
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/approve'));
  const io = frame
    ? await read(() =>
        frame.evaluate(() => ({
          visibilityState: document.visibilityState,
          hasFocus: document.hasFocus(),
          v2: 'isVisible' in IntersectionObserverEntry.prototype,
          viewport: `${innerWidth}x${innerHeight}`,
        })),
      )
    : 'no frame';
  return JSON.stringify({ frames, hostLoading, state, refused, armed, io });
}

/** The password page framed by the open password screen (issue 24 item 4). */
export function passwordFrame(page: Page) {
  return page.frameLocator('iframe[src*="/embedded-wallets/password"]');
}

/**
 * Presses the demo's 'Export key' and returns the export frame once it is ready: the request
 * has settled, the frame's Reveal button (labelled `reveal`, the frame locale's word) is visible
 * and the host shows the frame (after at least 1 s of 'connecting').
 */
export async function openExportFrame(page: Page, reveal = 'Reveal'): Promise<Frame> {
  await clearResult(page);
  await page.getByRole('button', { name: 'Export key', exact: true }).click();
  await waitForScreen(page, 'EMBEDDED_WALLET_KEY_EXPORT_SCREEN');
  await waitForResult(page);
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/export'));
  if (!frame) throw new Error('the export frame is not mounted');
  await frame
    .getByRole('button', { name: reveal, exact: true })
    .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
  await dialog(page)
    .locator('.lk-export__frame[data-state="ready"]')
    .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  return frame;
}

/** The demo's `window.latchkeyDemo` (wallet hooks for scripts). */
export type DemoWindow = {
  latchkeyDemo: {
    sendTransaction(request: Record<string, unknown>): Promise<{ transactionHash: string }>;
    signTypedData(typedData: unknown): Promise<{ signature: string }>;
  };
};

/** Starts `useSendTransaction().sendTransaction(request)` in the page; resolves 'sent' or 'code message'. */
export function sendThroughHook(page: Page, request: Record<string, unknown>) {
  return page.evaluate(
    (r) =>
      (window as unknown as DemoWindow).latchkeyDemo.sendTransaction(r).then(
        () => 'sent',
        (e: { code?: unknown; message?: string }) => `${String(e.code)} ${e.message}`,
      ),
    request,
  );
}
