/**
 * Issue 14 item 3, "The login list shows what it holds", in Chromium on the demo: with the
 * default dev app, with a detected wallet (the test wallet, announced through EIP-6963), and
 * with a detected wallet plus WalletConnect on (the app's project id set through the admin
 * API, so the wallet group collapses into 'More wallets'), at 1280x800 and 390x844, light and
 * dark:
 * - the footer ('Protected by Latchkey', the terms line), 'I have a passkey' / 'Sign up with a
 *   passkey' and the list's own box are whole inside the viewport and the card; every row of
 *   the list is whole, or the list scrolls and fades at the edge the row is behind (a CSS
 *   mask); 'More wallets' is whole, or reached by keyboard focus, which scrolls it into view
 *   and moves the fade to the top;
 * - 'More wallets' opens a panel listing only wallets the default view does not (none of its
 *   wallet names, none twice), each with its icon; Back returns to the default view.
 * Screenshots: e2e/artifacts/login-list-<case>-<theme>-<size>-{landing,more-wallets}.png.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { dialog, openDemo, openLoginModal, UI_TIMEOUT_MS } from '../demo.ts';
import { screenshot, useStackAndBrowser, withPage } from '../harness.ts';
import { installTestWallet, TEST_WALLET_NAME } from '../testWallet.ts';

const env = useStackAndBrowser();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** What the page holds besides the demo: nothing, the test wallet, or it and WalletConnect. */
const CASES = [
  { name: 'default', wallet: false, walletConnect: false },
  { name: 'wallet', wallet: true, walletConnect: false },
  { name: 'wallet-walletconnect', wallet: true, walletConnect: true },
] as const;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Page side (plain JavaScript, so the TypeScript loader adds no helpers): the element's box,
 * and the part of it left after every clipping ancestor (across the modal's shadow root) and
 * the visual viewport. `whole` when nothing of it is clipped (half a pixel of slack).
 */
const clipInPage = new Function(
  'el',
  `const r = el.getBoundingClientRect();
  let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  const clip = (c) => {
    box = {
      left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
      right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom),
    };
  };
  const v = window.visualViewport;
  clip({ left: v.offsetLeft, top: v.offsetTop, right: v.offsetLeft + v.width, bottom: v.offsetTop + v.height });
  const up = (n) => n.parentElement || (n.getRootNode() instanceof ShadowRoot ? n.getRootNode().host : null);
  for (let n = up(el); n; n = up(n)) {
    const s = getComputedStyle(n);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const c = n.getBoundingClientRect();
    const left = c.left + n.clientLeft;
    const top = c.top + n.clientTop;
    clip({ left, top, right: left + n.clientWidth, bottom: top + n.clientHeight });
  }
  const whole = box.left <= r.left + 0.5 && box.top <= r.top + 0.5 &&
    box.right >= r.right - 0.5 && box.bottom >= r.bottom - 0.5;
  return { whole, rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, visible: box };`,
) as (el: Element) => Clip;

interface Clip {
  whole: boolean;
  rect: Box;
  visible: Box;
}

async function clipOf(locator: Locator): Promise<Clip> {
  return locator.evaluate(clipInPage);
}

async function assertWhole(locator: Locator, what: string) {
  await locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  const clip = await clipOf(locator);
  assert.ok(
    clip.whole,
    `${what} is whole on screen: its box ${JSON.stringify(clip.rect)}, visible ${JSON.stringify(clip.visible)}`,
  );
}

/** The scrolling login list (the links under it are a second list). */
const loginList = (page: Page) => dialog(page).locator('ul.lk-login-list');

/** The list's scroll state and fade edges (its data attributes and the computed mask). */
async function listState(page: Page) {
  return loginList(page).evaluate((el) => ({
    scrollable: el.scrollHeight > el.clientHeight + 1,
    scrollTop: el.scrollTop,
    fadeTop: el.hasAttribute('data-fade-top'),
    fadeBottom: el.hasAttribute('data-fade-bottom'),
    mask: getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage || 'none',
  }));
}

/** Names of the wallet buttons in the list, shown or scrolled away. */
async function walletNames(page: Page): Promise<string[]> {
  const names = await loginList(page).locator('.lk-wallet-button__name').allTextContents();
  return names.map((n) => n.trim());
}

/**
 * Every row of the list is whole, or the list scrolls and fades at the edge it hides behind.
 * @returns the rows that are not whole.
 */
async function assertRowsWholeOrFaded(page: Page, what: string): Promise<string[]> {
  const list = await clipOf(loginList(page));
  const state = await listState(page);
  const cut: string[] = [];
  for (const row of await loginList(page).locator(':scope > li').all()) {
    const clip = await clipOf(row);
    if (clip.whole) continue;
    const name = ((await row.innerText()).split('\n')[0] ?? '').trim();
    cut.push(name);
    assert.ok(state.scrollable, `${what}: '${name}' is cut but the list does not scroll`);
    const below = clip.rect.bottom > list.visible.bottom;
    assert.ok(
      below ? state.fadeBottom : state.fadeTop,
      `${what}: '${name}' is cut at the ${below ? 'bottom' : 'top'} without a fade edge there: ${JSON.stringify(state)}`,
    );
    assert.match(state.mask, /linear-gradient/, `${what}: the fade edge is drawn (mask-image)`);
  }
  return cut;
}

async function withCase(
  c: (typeof CASES)[number],
  size: (typeof SIZES)[number],
  theme: (typeof THEMES)[number],
  body: (page: Page, label: string) => Promise<void>,
) {
  const { stack } = env;
  const label = `login-list-${c.name}-${theme}-${size.width}x${size.height}`;
  const mobile = size.width < 440;
  const options = {
    context: {
      viewport: size,
      colorScheme: theme,
      ...(mobile ? { isMobile: true, hasTouch: true } : {}),
    },
    setUp: c.wallet ? installTestWallet : undefined,
  };
  await withPage(env, label, options, async (page) => {
    await openDemo(page, `${stack.demoUrl}/?theme=${theme}`);
    await openLoginModal(page);
    if (c.wallet) {
      await dialog(page)
        .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
        .waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
    }
    await body(page, label);
  });
}

let walletConnectOn = false;
after(async () => {
  if (walletConnectOn)
    await env.stack?.admin('PATCH', '', { wallet_connect_cloud_project_id: null }).catch(() => {});
});

for (const c of CASES) {
  for (const size of SIZES) {
    for (const theme of THEMES) {
      test(
        `login list, ${c.name}, ${theme}, ${size.width}x${size.height}: nothing cut in half; More wallets lists only what is not shown`,
        { timeout: 120_000 },
        async () => {
          if (c.walletConnect !== walletConnectOn) {
            await env.stack.admin('PATCH', '', {
              wallet_connect_cloud_project_id: c.walletConnect ? 'e2e-login-list-project' : null,
            });
            walletConnectOn = c.walletConnect;
          }
          await withCase(c, size, theme, async (page, label) => {
            const d = dialog(page);
            const more = d.getByRole('button', { name: /More wallets/ });
            await screenshot(page, `${label}-landing`);

            // The footer, the passkey links and the list's box are whole.
            await assertWhole(d.locator('.lk-footer__protected'), 'Protected by Latchkey');
            await assertWhole(d.locator('.lk-footer__terms'), 'the terms line');
            await assertWhole(
              d.getByRole('button', { name: 'I have a passkey' }),
              'I have a passkey',
            );
            await assertWhole(
              d.getByRole('button', { name: 'Sign up with a passkey' }),
              'Sign up with a passkey',
            );
            await assertWhole(loginList(page), 'the login list');
            const cut = await assertRowsWholeOrFaded(page, label);
            const state = await listState(page);
            if (state.scrollable) {
              assert.ok(state.fadeBottom, `${label}: a list with more below fades at the bottom`);
              assert.ok(!state.fadeTop, `${label}: nothing above yet, no top fade`);
            } else {
              assert.deepEqual(cut, [], `${label}: a list that does not scroll cuts nothing`);
              assert.ok(!state.fadeTop && !state.fadeBottom, `${label}: no fade without a scroll`);
            }

            // The default dev app has no WalletConnect: its 4 wallets (3 named, the detected
            // one) show whole, with nothing behind 'More wallets'.
            assert.equal(await more.count(), c.walletConnect ? 1 : 0, `${label}: 'More wallets'`);
            const shown = await walletNames(page);
            assert.equal(new Set(shown).size, shown.length, `${label}: no wallet twice: ${shown}`);
            if (c.wallet) assert.ok(shown.includes(TEST_WALLET_NAME), `${label}: ${shown}`);
            if (!c.walletConnect) return;

            // 'More wallets': whole, or reached by keyboard focus, which scrolls the list.
            if (!(await clipOf(more)).whole) {
              assert.ok(
                state.scrollable && state.fadeBottom,
                `${label}: 'More wallets' is behind the fade`,
              );
            }
            await more.focus();
            await loginList(page)
              .and(page.locator(':not([data-fade-bottom])'))
              .waitFor({ timeout: UI_TIMEOUT_MS });
            await assertWhole(more, "'More wallets' once focused");
            if ((await listState(page)).scrollable) {
              assert.ok((await listState(page)).fadeTop, `${label}: scrolled down, the top fades`);
              await screenshot(page, `${label}-landing-scrolled`);
            }

            await more.click();
            await d
              .getByRole('button', { name: /Back/ })
              .first()
              .waitFor({ timeout: UI_TIMEOUT_MS });
            await loginList(page)
              .and(page.locator('[data-view="web3-overflow"]'))
              .waitFor({ timeout: UI_TIMEOUT_MS });
            await screenshot(page, `${label}-more-wallets`);
            const panel = await walletNames(page);
            assert.ok(panel.length > 0, `${label}: the panel lists wallets`);
            assert.deepEqual(
              panel.filter((name) => shown.includes(name)),
              [],
              `${label}: the panel repeats none of the default view's wallets (${shown}); it lists ${panel}`,
            );
            assert.equal(new Set(panel).size, panel.length, `${label}: no wallet twice: ${panel}`);
            for (const button of await loginList(page).locator('.lk-wallet-button').all()) {
              const icon = button.locator('.lk-wallet-button__icon img');
              assert.equal(await icon.count(), 1, `${label}: each wallet has its icon`);
              assert.ok(
                await icon.evaluate(
                  (img: HTMLImageElement) => img.complete && img.naturalWidth > 0,
                ),
                `${label}: the icon loads`,
              );
            }
            await assertRowsWholeOrFaded(page, `${label} panel`);
            await assertWhole(d.locator('.lk-footer__protected'), 'Protected by Latchkey (panel)');

            // One Back control (issue 14 item 11): the modal's top bar, not one in the list.
            assert.equal(await d.getByRole('button', { name: /Back/ }).count(), 1);
            await d.locator('.lk-topbar .lk-back').click();
            await more.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
            assert.deepEqual(
              await walletNames(page),
              shown,
              `${label}: Back shows the default view`,
            );
          });
        },
      );
    }
  }
}
