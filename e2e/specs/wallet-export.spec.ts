/**
 * Key export asks first (issue 10, item 3), through the real stack in Chromium: log in by email
 * (the wallet is created on login) -> Export key -> the frame shows the warning and a Reveal
 * button, and no key anywhere in the frame; a script click on Reveal from inside the frame (an
 * untrusted event) reveals nothing and fetches no share; a real click on Reveal shows the key,
 * whose address (viem) is the wallet's; Copy puts it on the clipboard and says 'Copied'; Hide
 * wipes it. The frame follows the modal's theme: light, then dark with another accent.
 * Screenshots: e2e/artifacts/wallet-export-{light,dark}-{1280x800,390x844}-{warning,revealed}[-dialog].png.
 * A German modal (`?locale=de`) gets a German export frame (issue 14 item 12), as tall as its
 * page's content (Reveal inside the frame at 390 px, nothing scrolls) and no taller than the
 * card's room (at 1280x800 the card does not scroll, its footer and Reveal stay in view; issue 14):
 * e2e/artifacts/wallet-export-de-{390x844,1280x800}.png.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { privateKeyToAddress } from 'viem/accounts';
import { dialog, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { artifactsDir, screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  dialogButton,
  logInWithEmail,
  openExportFrame,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const KEY_RE = /0x[0-9a-f]{64}/i;

/** The frame's document as HTML and visible text (everything a key could hide in). */
async function frameContent(frame: Frame): Promise<string> {
  return `${await frame.content()}\n${await frame.locator('body').innerText()}`;
}

/** Background and accent colours the frame's page renders with. */
async function frameColors(frame: Frame) {
  return frame.evaluate(() => {
    const body = getComputedStyle(document.body);
    const button = document.querySelector('.lk-export__button');
    return {
      background: body.backgroundColor,
      color: body.color,
      scheme: getComputedStyle(document.documentElement).colorScheme,
      accent: button ? getComputedStyle(button).backgroundColor : '',
    };
  });
}

/**
 * Shots of the export screen at both viewports, before (`warning`) or after (`revealed`) Reveal:
 * the viewport as a person sees it, and the dialog alone (`-dialog`), under e2e/artifacts/.
 */
async function shoot(page: Page, theme: string, step: string) {
  mkdirSync(artifactsDir, { recursive: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    const name = `wallet-export-${theme}-${viewport.width}x${viewport.height}-${step}`;
    await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), animations: 'disabled' });
    await dialog(page).screenshot({
      path: path.join(artifactsDir, `${name}-dialog.png`),
      animations: 'disabled',
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

test(
  'key export: warning and Reveal first, key only after a real click, copy, theme',
  {
    timeout: 300_000,
  },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'wallet-export',
      {
        context: { viewport: VIEWPORTS[0] },
        setUp: async (context) => {
          for (const origin of [stack.demoUrl, stack.apiUrl]) {
            await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
          }
        },
      },
      async (page) => {
        // Every share request the browser makes, from any frame.
        const shareRequests: string[] = [];
        page.on('request', (request) => {
          if (/\/embedded_wallets\/(auth_share|recovery_share)/.test(request.url())) {
            shareRequests.push(request.url());
          }
        });
        await logInWithEmail(page, stack, uniqueEmail('export'));
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const address = await shownAddress(page);

        // 1. Light: the warning and Reveal, and nothing of the key in the frame.
        const sharesBefore = shareRequests.length;
        let frame = await openExportFrame(page);
        const before = await frameContent(frame);
        assert.match(before, /Never share your private key/);
        assert.match(before, /full control of your wallet and its funds/);
        assert.doesNotMatch(before, KEY_RE, 'no key in the frame before Reveal');
        assert.doesNotMatch(before, /[0-9a-f]{64}/i, 'no 64 hex characters before Reveal');
        assert.equal(shareRequests.length, sharesBefore, 'no share was fetched before Reveal');
        const light = await frameColors(frame);
        assert.equal(light.scheme, 'light');
        assert.equal(light.background, 'rgb(255, 255, 255)');
        assert.equal(light.accent, 'rgb(91, 75, 219)', "the modal's default accent #5b4bdb");
        await shoot(page, 'light', 'warning');

        // A script's click inside the frame is not a user's: nothing is revealed or fetched.
        await frame.evaluate(() => {
          const button = document.querySelector<HTMLButtonElement>(
            '[data-testid="export-reveal"]',
          )!;
          button.click();
          button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        });
        await page.waitForTimeout(500);
        assert.doesNotMatch(
          await frameContent(frame),
          KEY_RE,
          'a synthetic click revealed the key',
        );
        assert.equal(shareRequests.length, sharesBefore, 'a synthetic click fetched a share');

        // 2. A real click on Reveal: the key, and it is the wallet's.
        await frame.getByRole('button', { name: 'Reveal', exact: true }).click();
        const keyBox = frame.getByTestId('export-private-key');
        await frame.locator('.lk-export__key--shown').waitFor({ timeout: WALLET_TIMEOUT_MS });
        const key = ((await keyBox.textContent()) ?? '').trim();
        assert.match(key, /^0x[0-9a-f]{64}$/, `a private key is shown: ${key}`);
        assert.equal(privateKeyToAddress(key as `0x${string}`), address, 'the key is the wallet’s');
        assert.equal(shareRequests.length, sharesBefore + 1, 'one auth share fetched, on Reveal');
        const font = await keyBox.evaluate((el) => getComputedStyle(el).fontFamily);
        assert.match(font, /mono/i, `the key is monospace: ${font}`);
        await page.mouse.move(0, 0);
        await shoot(page, 'light', 'revealed');

        // 3. Copy: the clipboard holds the key; the button says 'Copied'.
        await page.evaluate(() => navigator.clipboard.writeText('placeholder'));
        await frame.getByRole('button', { name: 'Copy', exact: true }).click();
        await frame
          .getByRole('button', { name: 'Copied', exact: true })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);

        // 4. Hide: the key is gone from the frame; Reveal is back.
        await frame.getByRole('button', { name: 'Hide', exact: true }).click();
        await frame.getByRole('button', { name: 'Reveal', exact: true }).waitFor();
        assert.ok(!(await frameContent(frame)).includes(key.slice(2)), 'Hide wipes the key');
        await dialogButton(page, 'Done').click();
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

        // 5. Dark modal with another accent: the frame follows.
        await page.goto(`${stack.demoUrl}/?theme=dark&accent=%230ea5e9`);
        await waitForStatus(page, 'authenticated');
        assert.equal(await shownAddress(page), address);
        frame = await openExportFrame(page);
        const dark = await frameColors(frame);
        assert.equal(dark.scheme, 'dark');
        assert.equal(dark.background, 'rgb(23, 22, 28)', "the dark modal's background #17161c");
        assert.equal(dark.color, 'rgb(244, 243, 248)');
        assert.equal(dark.accent, 'rgb(14, 165, 233)', 'the accent #0ea5e9 from the modal');
        assert.doesNotMatch(await frameContent(frame), KEY_RE, 'no key before Reveal (dark)');
        await shoot(page, 'dark', 'warning');
        await frame.getByRole('button', { name: 'Reveal', exact: true }).click();
        await frame.locator('.lk-export__key--shown').waitFor({ timeout: WALLET_TIMEOUT_MS });
        const darkKey = await frame.getByTestId('export-private-key').textContent();
        assert.equal((darkKey ?? '').trim(), key);
        await page.mouse.move(0, 0);
        await shoot(page, 'dark', 'revealed');
        await dialogButton(page, 'Done').click();
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      },
    );
  },
);

test(
  "key export in the modal's locale: ?locale=de gives a German frame (issue 14 item 12)",
  { timeout: 300_000 },
  async () => {
    const { stack } = env;
    const { default: de } = await import('../../packages/wallet-frame/src/frame/locales/de.ts');
    await withPage(
      env,
      'wallet-export-de',
      { context: { viewport: VIEWPORTS[1] } },
      async (page) => {
        await logInWithEmail(page, stack, uniqueEmail('export-de'));
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        await page.goto(`${stack.demoUrl}/?locale=de`);
        await waitForStatus(page, 'authenticated');
        const frame = await openExportFrame(page, de.export.reveal);
        assert.equal(new URL(frame.url()).searchParams.get('locale'), 'de');
        assert.equal(await frame.locator('h1').textContent(), de.export.title);
        assert.equal(await frame.evaluate(() => document.documentElement.lang), 'de');
        assert.match(await frame.locator('body').innerText(), /volle Kontrolle/);
        // The frame is as tall as its page (the page reports its height): at 390 px the longer
        // German warning no longer pushes Reveal below the frame's fold, and nothing scrolls.
        const iframe = dialog(page).locator('.lk-export__frame iframe');
        const reveal = frame.getByRole('button', { name: de.export.reveal, exact: true });
        const fits = async () => {
          const outer = (await iframe.boundingBox())!;
          const inner = (await reveal.boundingBox())!;
          const scrolls = await frame.evaluate(
            () => document.documentElement.scrollHeight > window.innerHeight,
          );
          return !scrolls && inner.y + inner.height <= outer.y + outer.height;
        };
        const until = Date.now() + 5_000;
        while (!(await fits()) && Date.now() < until) await page.waitForTimeout(100);
        assert.ok(await fits(), 'Reveal is inside the export frame, which does not scroll');
        await page.mouse.move(0, 0);
        await screenshot(page, 'wallet-export-de-390x844');
        await dialog(page).screenshot({
          path: path.join(artifactsDir, 'wallet-export-de-390x844-dialog.png'),
          animations: 'disabled',
        });

        // 1280x800: the card (at most 620 px) has less room than the German page. The frame gives
        // way (its page scrolls inside, Reveal kept at its bottom edge); the card does not
        // scroll and its 'Protected by' footer stays in view (issue 14).
        await page.setViewportSize(VIEWPORTS[0]);
        const roomy = async () => {
          const card = await dialog(page).evaluate((el) => {
            const footer = el.querySelector('.lk-footer')!.getBoundingClientRect();
            const box = el.getBoundingClientRect();
            return {
              scrolls: el.scrollHeight > el.clientHeight + 1,
              footerIn: footer.bottom <= box.bottom + 0.5 && footer.bottom <= window.innerHeight,
            };
          });
          const outer = (await iframe.boundingBox())!;
          const inner = (await reveal.boundingBox())!;
          const revealIn = inner.y >= outer.y && inner.y + inner.height <= outer.y + outer.height;
          return { ok: !card.scrolls && card.footerIn && revealIn, card, outer, inner };
        };
        const until1280 = Date.now() + 5_000;
        while (!(await roomy()).ok && Date.now() < until1280) await page.waitForTimeout(100);
        const room = await roomy();
        assert.ok(
          room.ok,
          `at 1280x800 the footer and Reveal are in view; the card does not scroll: ${JSON.stringify(room)}`,
        );
        await screenshot(page, 'wallet-export-de-1280x800');
      },
    );
  },
);
