/**
 * The modal on a phone (issue 14 item 9, spec section 9's bottom sheet below 440 px): on a
 * 390x844 mobile viewport whose host page overflows sideways (a 2000 px wide element, the page
 * scrolled right), the close button and the primary button stay inside the part of the page
 * the person sees (the visual viewport). The phone placeholder fits the 360 px card for the
 * countries with the widest code and example number (issue 14 item 10). Also the demo page
 * follows `?theme=` as the modal does, and its wagmi card keeps a signature inside its box at
 * 390 px. The modal speaks the browser's language, or `config.intl.locale` (issue 14 item 12).
 * Screenshots go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { dialog, openDemo, openLoginModal } from '../demo.ts';
import {
  screenshot,
  uniqueEmail,
  useStackAndBrowser,
  withFailureScreenshot,
  withPage,
} from '../harness.ts';
import { approveInFrame, logInWithEmail, WALLET_TIMEOUT_MS } from '../wallet.ts';

const env = useStackAndBrowser();

/** The visible box (the visual viewport) in the coordinates `getBoundingClientRect` uses. */
async function visibleBox(page: Page) {
  return page.evaluate(() => {
    const v = window.visualViewport!;
    return {
      left: v.offsetLeft,
      top: v.offsetTop,
      right: v.offsetLeft + v.width,
      bottom: v.offsetTop + v.height,
    };
  });
}

async function assertOnScreen(page: Page, locator: Locator, what: string) {
  const rect = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
  const box = await visibleBox(page);
  const inside =
    rect.left >= box.left - 0.5 &&
    rect.right <= box.right + 0.5 &&
    rect.top >= box.top - 0.5 &&
    rect.bottom <= box.bottom + 0.5;
  assert.ok(inside, `${what} ${JSON.stringify(rect)} is inside the visible ${JSON.stringify(box)}`);
}

test(
  'on a 390 px phone a sideways-overflowing host page cannot push the sheet’s buttons off screen',
  { timeout: 120_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'mobile-layout',
      {
        context: {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        },
      },
      async (page) => {
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await page.evaluate(() => {
          const wide = document.createElement('div');
          wide.style.cssText = 'width: 2000px; height: 24px; background: #f43f5e';
          document.body.prepend(wide);
          window.scrollTo(600, 0);
        });
        const widened = await page.evaluate(() => [
          window.innerWidth,
          window.visualViewport!.width,
        ]);
        assert.ok(
          widened[0]! > widened[1]!,
          `the layout viewport is wider than the visible one: ${widened}`,
        );

        await openLoginModal(page);
        await assertOnScreen(page, dialog(page).getByRole('button', { name: 'Close' }), 'Close');
        await assertOnScreen(page, dialog(page).getByRole('button', { name: 'Submit' }), 'Submit');
        await screenshot(page, 'mobile-layout-1-overflowing-host');
      },
    );
  },
);

test('the demo page follows ?theme= like the modal, whatever the system preference', async () => {
  const { stack, browser } = env;
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  const background = () =>
    page.evaluate(() => [
      getComputedStyle(document.body).backgroundColor,
      getComputedStyle(document.documentElement).colorScheme,
    ]);
  try {
    await openDemo(page, `${stack.demoUrl}/?theme=dark`, 'unauthenticated');
    assert.deepEqual(await background(), ['rgb(15, 14, 19)', 'dark']);
    await page.emulateMedia({ colorScheme: 'dark' });
    await openDemo(page, `${stack.demoUrl}/?theme=light`, 'unauthenticated');
    assert.deepEqual(await background(), ['rgb(246, 246, 249)', 'light']);
  } finally {
    await context.close();
  }
});

test('the phone placeholder fits its input in the 360 px card', { timeout: 60_000 }, async () => {
  const { stack, browser } = env;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await withFailureScreenshot(page, 'phone-placeholder', async () => {
      await openDemo(page, stack.demoUrl, 'unauthenticated');
      await openLoginModal(page);
      await dialog(page).getByRole('button', { name: 'Use SMS instead' }).click();
      const input = dialog(page).getByRole('textbox', { name: 'Phone number' });
      const country = dialog(page).getByRole('combobox', { name: 'Country' });
      // The widest calling-code chip with the widest example numbers (libphonenumber-js).
      for (const code of ['AR', 'RU', 'KZ', 'BR', 'US', 'GB']) {
        await country.selectOption(code);
        const fit = await input.evaluate((el: HTMLInputElement) => {
          const style = getComputedStyle(el, '::placeholder');
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${style.fontSize} ${style.fontFamily}`;
          return { placeholder: ctx.measureText(el.placeholder).width, input: el.clientWidth };
        });
        assert.ok(fit.placeholder <= fit.input, `${code}: ${JSON.stringify(fit)}`);
      }
      await screenshot(page, 'mobile-layout-2-phone-placeholder');
    });
  } finally {
    await context.close();
  }
});

test(
  'the demo’s wagmi card keeps a signature inside its box at 390 px',
  { timeout: 150_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'mobile-wagmi-card',
      { context: { viewport: { width: 390, height: 844 } } },
      async (page) => {
        await logInWithEmail(page, stack, uniqueEmail('wagmi390'));
        await page
          .getByTestId('wagmi-address')
          .filter({ hasText: /^0x[0-9a-fA-F]{40}$/ })
          .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        await page.getByRole('button', { name: 'Sign with wagmi' }).click();
        await approveInFrame(page);
        const result = page.getByTestId('wagmi-result').filter({ hasText: /^0x[0-9a-f]{130}$/ });
        await result.waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
        const card = page.locator('.demo__card').filter({ has: page.getByTestId('wagmi-status') });
        await card.scrollIntoViewIfNeeded();
        const outside = await card.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [...el.querySelectorAll('*')]
            .filter((child) => {
              const r = child.getBoundingClientRect();
              // Outside the card, or content hidden behind a scrollbar inside it.
              return (
                r.left < box.left ||
                r.right > box.right ||
                child.scrollWidth > child.clientWidth + 1
              );
            })
            .map((child) => `${child.tagName}[data-testid=${child.getAttribute('data-testid')}]`);
        });
        assert.deepEqual(outside, [], 'nothing in the wagmi card runs past its box');
        await screenshot(page, 'mobile-layout-3-wagmi-card');
      },
    );
  },
);

test(
  "the modal speaks the browser's language, or config.intl.locale (issue 14, item 12)",
  { timeout: 120_000 },
  async () => {
    const { stack } = env;
    const { default: de } = await import('../../packages/react/src/locales/de.ts');
    const { default: ja } = await import('../../packages/react/src/locales/ja.ts');
    // A German browser, and no locale in the config: German.
    await withPage(
      env,
      'locale',
      {
        context: {
          viewport: { width: 390, height: 844 },
          locale: 'de-DE',
        },
      },
      async (page) => {
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        const heading = dialog(page).getByRole('heading', { level: 2 }).first();
        await heading.filter({ hasText: de.landingHeader }).waitFor({ timeout: 15_000 });
        // The email field is labelled in German too (its accessible name).
        await dialog(page)
          .getByRole('textbox', { name: de.emailLabel, exact: true })
          .waitFor({ timeout: 15_000 });
        await screenshot(page, 'locale-1-de-browser-390');
        // config.intl.locale wins over the browser (the demo's ?locale=), dark page.
        await page.goto(`${stack.demoUrl}?locale=ja&theme=dark`);
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        await dialog(page)
          .getByRole('heading', { level: 2 })
          .first()
          .filter({ hasText: ja.landingHeader })
          .waitFor({ timeout: 15_000 });
        await screenshot(page, 'locale-2-ja-config-dark-390');
      },
    );
  },
);
