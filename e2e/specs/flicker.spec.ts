/**
 * Issue 14 item 2, "No flicker, no jumps", measured: across the demo's email login (open the
 * modal, landing, type the email, code screen, code, success, wallet creation, wallet created,
 * closed on its own), an init script records the modal card on every animation frame: its
 * screen (`data-screen`), layout height (`offsetHeight`, px), top edge, whether it is visible,
 * the text of its title (the element the dialog is `aria-labelledby`, inside the modal's open
 * shadow root) and whether it shows the spinner-only Suspense fallback. Asserts that once the
 * first screen has shown, no visible frame lacks a title or shows the spinner-only card, that
 * the opening modal shows no spinner-only card either, and that at least one screen change
 * that changes the card's height goes through intermediate heights (the 150 ms animation)
 * instead of one jump. At 1280x800 (centred card) and 390x844 (bottom sheet, whose bottom edge
 * stays on the viewport's in every frame). Prints the figures; screenshots go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  dialog,
  openDemo,
  openLoginModal,
  submitEmail,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';

const env = useStackAndBrowser();

/** One animation frame of the modal card, as the recorder saw it. */
interface Frame {
  /** `performance.now()`, ms. */
  t: number;
  screen: string;
  /** `offsetHeight` of the card, CSS px (no transforms). */
  height: number;
  /** Top and bottom edges of the card's box, CSS px from the viewport's top. */
  top: number;
  bottom: number;
  /** The visual viewport's height, CSS px. */
  viewport: number;
  /** The card is rendered and not `visibility: hidden`. */
  visible: boolean;
  /** Text of the dialog's title (its `aria-labelledby` element), '' when there is none. */
  title: string;
  /** The Suspense fallback's spinner is in the card. */
  spinner: boolean;
  /** The card has a rendered screen (`.lk-screen`). */
  hasScreen: boolean;
}

declare global {
  interface Window {
    __lkFrames?: Frame[];
  }
}

/**
 * The recorder, an init script (source text: tsx's helpers do not exist in the page): on every
 * `requestAnimationFrame` from page load, reads the card inside the modal host's open shadow
 * root (its layout as the frame will paint it, before `ResizeObserver` callbacks) and appends a
 * {@link Frame} to `window.__lkFrames` while a card exists.
 */
const RECORDER = `(() => {
  const frames = [];
  window.__lkFrames = frames;
  const tick = () => {
    for (const host of document.querySelectorAll('.lk-host')) {
      const root = host.shadowRoot;
      const card = root && root.querySelector('[role="dialog"]');
      if (!card) continue;
      const labelId = card.getAttribute('aria-labelledby');
      const title = labelId ? root.getElementById(labelId) : null;
      const titleShown = title && card.contains(title) && title.getClientRects().length > 0;
      const rect = card.getBoundingClientRect();
      frames.push({
        t: performance.now(),
        screen: card.getAttribute('data-screen') || '',
        height: card.offsetHeight,
        top: Math.round(rect.top * 10) / 10,
        bottom: Math.round(rect.bottom * 10) / 10,
        viewport: window.visualViewport ? window.visualViewport.height : window.innerHeight,
        visible: card.getClientRects().length > 0 && getComputedStyle(card).visibility !== 'hidden',
        title: titleShown ? (title.textContent || '').trim() : '',
        spinner: card.querySelector('.lk-loading') !== null,
        hasScreen: card.querySelector('.lk-screen') !== null,
      });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** A visible frame that shows no screen title, or only the spinner: what the item forbids. */
function blank(frame: Frame): boolean {
  return frame.visible && (frame.title === '' || (frame.spinner && !frame.hasScreen));
}

/** A screen change, and the card heights around it. */
interface Change {
  from: string;
  to: string;
  /** Height in the last frame of `from` and once the card has settled on `to`, px. */
  before: number;
  after: number;
  /** Distinct heights strictly between the two, in the frames of `to`. */
  intermediate: number[];
}

/** The screen changes among visible frames, with the heights the card went through. */
function screenChanges(frames: Frame[]): Change[] {
  const shown = frames.filter((f) => f.visible);
  const changes: Change[] = [];
  for (let i = 1; i < shown.length; i++) {
    if (shown[i]!.screen === shown[i - 1]!.screen) continue;
    let end = i;
    while (end + 1 < shown.length && shown[end + 1]!.screen === shown[i]!.screen) end++;
    // Settled: the height of the last frame on the new screen, or 20 frames in if it stays longer.
    const settled = shown[Math.min(end, i + 20)]!.height;
    const before = shown[i - 1]!.height;
    const low = Math.min(before, settled);
    const high = Math.max(before, settled);
    const intermediate = [
      ...new Set(
        shown
          .slice(i, end + 1)
          .map((f) => f.height)
          .filter((h) => h > low && h < high),
      ),
    ];
    changes.push({
      from: shown[i - 1]!.screen,
      to: shown[i]!.screen,
      before,
      after: settled,
      intermediate,
    });
  }
  return changes;
}

async function emailLoginRecorded(
  page: Page,
  stack: (typeof env)['stack'],
  label: string,
): Promise<Frame[]> {
  const email = uniqueEmail(`flicker-${label}`);
  await openDemo(page, stack.demoUrl, 'unauthenticated');
  await openLoginModal(page);
  await screenshot(page, `flicker-${label}-1-landing`);
  const before = (await stack.outbox(email)).length;
  await submitEmail(page, email);
  await screenshot(page, `flicker-${label}-2-code`);
  const message = await stack.waitForCode(email, { after: before });
  await typeCode(page, message.code!);
  // Success, wallet creation, 'Welcome' / 'All set!', then the modal closes on its own.
  await dialog(page)
    .locator('.lk-screen[data-screen="EMBEDDED_WALLET_CREATED_SCREEN"]')
    .waitFor({ state: 'visible', timeout: 60_000 });
  await screenshot(page, `flicker-${label}-3-wallet-created`);
  await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
  await waitForStatus(page, 'authenticated', UI_TIMEOUT_MS);
  return page.evaluate(() => window.__lkFrames ?? []);
}

/** Prints the figures and asserts the item's rules on `frames`. */
function checkFrames(frames: Frame[], label: string): Change[] {
  const visible = frames.filter((f) => f.visible);
  const firstTitled = frames.findIndex((f) => f.visible && f.title !== '');
  const blanksBefore = frames.slice(0, Math.max(firstTitled, 0)).filter(blank);
  const blanksAfter = frames.slice(Math.max(firstTitled, 0)).filter(blank);
  const heights = visible.map((f) => f.height);
  const changes = screenChanges(frames);
  const screens = changes.length ? [changes[0]!.from, ...changes.map((c) => c.to)] : [];
  process.stdout.write(
    `[flicker ${label}] ${frames.length} frames recorded with a card, ${visible.length} visible; ` +
      `height min ${Math.min(...heights)} px, max ${Math.max(...heights)} px; ` +
      `blank or spinner-only frames: ${blanksBefore.length} while opening, ` +
      `${blanksAfter.length} after the first title\n` +
      `[flicker ${label}] screens: ${screens.join(' -> ')}\n` +
      changes
        .map(
          (c) =>
            `[flicker ${label}]   ${c.from} -> ${c.to}: ${c.before} -> ${c.after} px` +
            ` through ${c.intermediate.length} intermediate heights` +
            (c.intermediate.length ? ` (${c.intermediate.slice(0, 12).join(', ')})` : ''),
        )
        .join('\n') +
      '\n',
  );
  if (blanksAfter.length) {
    process.stdout.write(
      `[flicker ${label}] blank frames: ${JSON.stringify(blanksAfter.slice(0, 5))}\n`,
    );
  }

  assert.ok(firstTitled >= 0, 'the card showed a screen title');
  assert.ok(
    screens.includes('AWAITING_PASSWORDLESS_CODE') &&
      screens.includes('EMBEDDED_WALLET_CREATED_SCREEN'),
    `the recording went across the email login: ${screens.join(' -> ')}`,
  );
  assert.equal(
    blanksAfter.length,
    0,
    'no visible frame without the screen title (or with only a spinner) after the first screen',
  );
  assert.equal(blanksBefore.length, 0, 'the opening modal shows no spinner-only card either');
  const moved = changes.filter((c) => Math.abs(c.after - c.before) >= 8);
  assert.ok(moved.length > 0, 'some screen change changes the card height');
  // One height strictly between the two is already not a jump (the modal before issue 14 showed
  // none). Headless Chromium on 2 busy cores paints only 1 or 2 frames in the 150 ms, so asking
  // for two made the check fail at random (session 39: 0, 1 and 0 at 390 px, alone on the machine).
  assert.ok(
    moved.some((c) => c.intermediate.length >= 1),
    `a screen change that changes the height animates it (intermediate heights), not one jump: ${JSON.stringify(moved)}`,
  );
  return changes;
}

for (const viewport of [
  { label: '1280x800', width: 1280, height: 800, mobile: false },
  { label: '390x844', width: 390, height: 844, mobile: true },
]) {
  test(
    `no blank card and an animated height across the email login at ${viewport.label}`,
    { timeout: 180_000 },
    async () => {
      const { stack } = env;
      const options = {
        context: {
          viewport: { width: viewport.width, height: viewport.height },
          isMobile: viewport.mobile,
          hasTouch: viewport.mobile,
        },
        setUp: (context: BrowserContext) => context.addInitScript({ content: RECORDER }),
      };
      await withPage(env, `flicker-${viewport.label}`, options, async (page) => {
        const frames = await emailLoginRecorded(page, stack, viewport.label);
        checkFrames(frames, viewport.label);
        if (viewport.mobile) {
          // The bottom sheet stays on the viewport's bottom edge while its height moves (its
          // entry and exit slides, the first and last 400 ms, move it down on purpose).
          const shown = frames.filter((f) => f.visible);
          const from = shown[0]!.t + 400;
          const to = shown.at(-1)!.t - 400;
          const off = shown.filter(
            (f) => f.t > from && f.t < to && Math.abs(f.bottom - f.viewport) > 1,
          );
          assert.deepEqual(off.slice(0, 5), [], 'the sheet’s bottom edge stays on the viewport’s');
        }
      });
    },
  );
}
