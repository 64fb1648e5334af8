/**
 * Issue 14 item 2, "No flicker, no jumps": moving between screens never shows a card with only
 * a spinner (the shown screen stays until the next one's code is in; likely next screens are
 * preloaded), an opening modal keeps its frame hidden until its first screen can render, and the
 * card's height follows its content so the stylesheet can animate it.
 */
import { SCREEN } from '@latchkey/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenReady } from '../screens/registry.ts';
import { renderHost } from '../test/Host.tsx';
import { dialog, findDialog, shadowRoot, waitForScreen } from '../test/modal.ts';
import { lazyScreen, preloadScreenComponent, screenComponentSettled } from './lazyScreen.ts';
import { modalCss } from './Modal.css.ts';
import { LOADING_ATTRIBUTE, RESIZING_ATTRIBUTE, useAnimatedHeight } from './useAnimatedHeight.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** What the modal showed at one moment (after a batch of DOM mutations). */
interface Snapshot {
  screen: string | null;
  title: string;
  spinner: boolean;
  /** The frame is shown (no `data-loading` on the overlay or the card). */
  shown: boolean;
}

function snapshot(): Snapshot | null {
  const card = dialog();
  if (!card) return null;
  const labelId = card.getAttribute('aria-labelledby');
  const title = labelId ? shadowRoot()!.getElementById(labelId) : null;
  return {
    screen: card.querySelector('.lk-screen')?.getAttribute('data-screen') ?? null,
    title: title && card.contains(title) ? (title.textContent ?? '') : '',
    spinner: card.querySelector('.lk-loading') !== null,
    shown: !card.closest(`[${LOADING_ATTRIBUTE}]`),
  };
}

/**
 * Records a {@link Snapshot} after every batch of DOM mutations in the page and in the modal's
 * shadow root (observed as soon as it exists), from now on.
 */
function recordModal() {
  const snapshots: Snapshot[] = [];
  const take = () => {
    const shot = snapshot();
    if (shot) snapshots.push(shot);
  };
  let observedRoot: ShadowRoot | null = null;
  const inner = new MutationObserver(take);
  const outer = new MutationObserver(() => {
    const root = shadowRoot();
    if (root && root !== observedRoot) {
      observedRoot = root;
      inner.observe(root, { childList: true, subtree: true, attributes: true });
    }
    take();
  });
  outer.observe(document.body, { childList: true, subtree: true, attributes: true });
  outer.takeRecords();
  take();
  return {
    snapshots,
    stop: () => {
      outer.disconnect();
      inner.disconnect();
    },
  };
}

/** Shown snapshots without a title, or with the spinner and no screen: what the item forbids. */
function blanks(snapshots: Snapshot[]): Snapshot[] {
  return snapshots.filter((s) => s.shown && (s.title === '' || (s.spinner && !s.screen)));
}

async function open(options: Parameters<typeof renderHost>[0] = {}) {
  const view = renderHost(options);
  await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
  const recording = recordModal();
  fireEvent.click(screen.getByText('Log in'));
  // A cold start transforms the modal's and the landing's modules first.
  await waitFor(() => expect(dialog()?.querySelector('input[type="email"]')).toBeTruthy(), {
    timeout: 10_000,
  });
  const found = await findDialog();
  return { ...view, ...found, recording };
}

describe('no flicker between screens (issue 14 item 2)', () => {
  // First: the landing's code is not in yet.
  it('an opening modal shows no spinner-only card: its frame waits for the first screen', async () => {
    const { recording } = await open();
    recording.stop();
    expect(recording.snapshots.some((s) => s.screen === SCREEN.LANDING && s.shown)).toBe(true);
    expect(blanks(recording.snapshots)).toEqual([]);
  });

  it('navigating to a screen whose code is not in keeps the shown screen until it is', async () => {
    const { el, recording } = await open({ config: { loginMethods: ['email', 'telegram'] } });
    // Nothing loads TELEGRAM_AUTH_SCREEN's code before it is needed.
    expect(screenReady(SCREEN.TELEGRAM_AUTH_SCREEN)).toBe(false);
    fireEvent.click(within(el).getByRole('button', { name: /Telegram/ }));
    // Right after the click: still the landing, busy, and no fallback.
    expect(el.querySelector('.lk-screen')?.getAttribute('data-screen')).toBe(SCREEN.LANDING);
    expect(el.getAttribute('aria-busy')).toBe('true');
    expect(el.querySelector('.lk-loading')).toBeNull();
    const next = await waitForScreen(SCREEN.TELEGRAM_AUTH_SCREEN);
    expect(next.el.getAttribute('aria-busy')).toBeNull();
    expect(next.el.querySelector('.lk-header__title')?.textContent).toBeTruthy();
    // The new screen got focus (its first control), after the transition.
    await waitFor(() =>
      expect(next.el.querySelector('.lk-screen')?.contains(shadowRoot()!.activeElement)).toBe(true),
    );
    recording.stop();
    const screens = recording.snapshots.map((s) => s.screen);
    expect(screens).toContain(SCREEN.LANDING);
    expect(screens).toContain(SCREEN.TELEGRAM_AUTH_SCREEN);
    expect(blanks(recording.snapshots)).toEqual([]);
  });

  it('the landing preloads the code screen: the email login never shows a fallback', async () => {
    const { el, recording } = await open();
    await waitFor(() => expect(screenReady(SCREEN.AWAITING_PASSWORDLESS_CODE)).toBe(true));
    const email = el.querySelector<HTMLInputElement>('input[type="email"]')!;
    fireEvent.change(email, { target: { value: 'alice@example.com' } });
    fireEvent.submit(email.form!);
    await waitForScreen(SCREEN.AWAITING_PASSWORDLESS_CODE);
    recording.stop();
    expect(recording.snapshots.some((s) => s.spinner)).toBe(false);
    expect(blanks(recording.snapshots)).toEqual([]);
  });
});

describe('lazyScreen', () => {
  it('a preloaded screen renders at once, without its Suspense fallback', async () => {
    const load = vi.fn(async () => ({ default: () => <p>ready</p> }));
    const Screen = lazyScreen(load);
    expect(screenComponentSettled(Screen)).toBe(false);
    await preloadScreenComponent(Screen);
    expect(screenComponentSettled(Screen)).toBe(true);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed fetch settles the preload and is tried again', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => null }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => null });
    const Screen = lazyScreen(load);
    await expect(preloadScreenComponent(Screen)).resolves.toBeUndefined();
    expect(screenComponentSettled(Screen)).toBe(true);
    await preloadScreenComponent(Screen);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useAnimatedHeight', () => {
  /** A ResizeObserver the test drives: `resize(px)` reports that border-box height. */
  function fakeResizeObserver() {
    let callback: ResizeObserverCallback | null = null;
    let target: Element | null = null;
    class FakeObserver {
      constructor(cb: ResizeObserverCallback) {
        callback = cb;
      }
      observe(el: Element) {
        target = el;
      }
      unobserve() {}
      disconnect() {
        callback = null;
      }
    }
    vi.stubGlobal('ResizeObserver', FakeObserver);
    return {
      resize: (blockSize: number) =>
        act(() =>
          callback?.(
            [
              {
                target: target!,
                borderBoxSize: [{ blockSize, inlineSize: 360 }],
              } as unknown as ResizeObserverEntry,
            ],
            {} as ResizeObserver,
          ),
        ),
    };
  }

  function Box() {
    const content = useAnimatedHeight();
    return (
      <div data-testid="box" style={{ borderTop: '1px solid', borderBottom: '1px solid' }}>
        <div ref={content} />
      </div>
    );
  }

  it('sets the box height to its content’s, animating every change after the first', async () => {
    vi.useFakeTimers();
    try {
      const observer = fakeResizeObserver();
      const { getByTestId, unmount } = render(<Box />);
      const box = getByTestId('box');
      observer.resize(300.4);
      // Content plus the box's borders, rounded up; the first size is not a change.
      expect(box.style.height).toBe('303px');
      expect(box.hasAttribute(RESIZING_ATTRIBUTE)).toBe(false);
      observer.resize(420);
      expect(box.style.height).toBe('422px');
      expect(box.hasAttribute(RESIZING_ATTRIBUTE)).toBe(true);
      act(() => vi.advanceTimersByTime(250));
      expect(box.hasAttribute(RESIZING_ATTRIBUTE)).toBe(false);
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the stylesheet animates the card height over 150 ms, and not under reduced motion', () => {
    expect(modalCss).toMatch(/\.lk-card \{[^}]*transition: height 150ms/);
    expect(modalCss).toMatch(
      /prefers-reduced-motion: reduce\)[^@]*\.lk-card \{ transition: none; \}/,
    );
  });
});
