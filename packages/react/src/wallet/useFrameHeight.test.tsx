import { FRAME_RESIZE_EVENT } from '@latchkey/api';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_REST_PROPERTY, frameMaxHeight, useFrameHeight } from './useFrameHeight.ts';

const SRC = 'https://api.example/apps/a/embedded-wallets/export?locale=de';

function Host() {
  const container = useRef<HTMLDivElement>(null);
  useFrameHeight(container, { min: 160, max: 560 });
  return (
    <div ref={container}>
      <iframe title="export" style={{ height: '340px' }} />
    </div>
  );
}

/** The frame in a modal card (`[role="dialog"]`) with a header and a footer beside it. */
function InCard() {
  const container = useRef<HTMLDivElement>(null);
  useFrameHeight(container, { min: 160, max: 560 });
  return (
    <div role="dialog" data-h="620">
      <div data-h="700">
        <h1 data-h="80">Export</h1>
        <div ref={container} data-h="376">
          <iframe title="export" />
        </div>
        <footer data-h="244" />
      </div>
    </div>
  );
}

/** A `message` event as the browser delivers it (the test DOM keeps no foreign `source`). */
const post = (data: unknown, origin: string, source: unknown) =>
  act(() => {
    const event = new Event('message');
    Object.defineProperties(event, {
      data: { value: data },
      origin: { value: origin },
      source: { value: source },
    });
    window.dispatchEvent(event);
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useFrameHeight (issue 14: the export and password frames follow their content)', () => {
  it("takes the height its own frame reports, within bounds; ignores anyone else's", () => {
    const { container } = render(<Host />);
    const iframe = container.querySelector('iframe')!;
    // The test DOM loads no page: the frame's window and src are stand-ins.
    const frame = {};
    Object.defineProperty(iframe, 'contentWindow', { value: frame });
    Object.defineProperty(iframe, 'src', { value: SRC });
    const resize = (height: unknown) => ({ event: FRAME_RESIZE_EVENT, data: { height } });

    post(resize(402.4), 'https://api.example', frame);
    expect(iframe.style.height).toBe('403px');
    post(resize(5000), 'https://api.example', frame);
    expect(iframe.style.height).toBe('560px');
    post(resize(20), 'https://api.example', frame);
    expect(iframe.style.height).toBe('160px');

    // Another origin, another window, a malformed height, another event: no change.
    post(resize(300), 'https://evil.example', frame);
    post(resize(300), 'https://api.example', window);
    post(resize('300'), 'https://api.example', frame);
    post(resize(Number.NaN), 'https://api.example', frame);
    post({ event: 'latchkey:iframe:escape', data: { height: 300 } }, 'https://api.example', frame);
    expect(iframe.style.height).toBe('160px');
  });

  it("caps the frame at the card's room: its max height less everything else in the card", () => {
    // The test DOM has no layout: each box is as tall as its `data-h` says (CSS px).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return { height: Number(this.dataset.h ?? 0) } as DOMRect;
    });
    const { container, unmount } = render(<InCard />);
    const host = container.querySelector<HTMLElement>('[data-h="376"]')!;
    // The card's content is 700 px at its natural size, 376 of them the frame's: 324 px rest.
    expect(host.style.getPropertyValue(FRAME_REST_PROPERTY)).toBe('324px');
    // Measured with the card's entry animation's scale: measured again once it ends.
    container.querySelector<HTMLElement>('[data-h="700"]')!.dataset.h = '710';
    act(
      () =>
        void container.querySelector('[role="dialog"]')!.dispatchEvent(new Event('animationend')),
    );
    expect(host.style.getPropertyValue(FRAME_REST_PROPERTY)).toBe('334px');
    const iframe = container.querySelector('iframe')!;
    const frame = {};
    Object.defineProperty(iframe, 'contentWindow', { value: frame });
    Object.defineProperty(iframe, 'src', { value: SRC });
    post({ event: FRAME_RESIZE_EVENT, data: { height: 376 } }, 'https://api.example', frame);
    expect(iframe.style.height).toBe('376px');
    // The stylesheet's room: never over 560 px nor under 160 px, else the card's maximum less
    // the rest, so the card's header and footer stay and the page scrolls inside the frame.
    expect(frameMaxHeight({ min: 160, max: 560 })).toBe(
      'max(160px, min(560px, calc(var(--lk-card-max, 560px) - var(--lk-frame-rest, 0px))))',
    );
    expect(iframe.style.maxHeight).toBe(frameMaxHeight({ min: 160, max: 560 }));
    unmount();
    expect(host.style.getPropertyValue(FRAME_REST_PROPERTY)).toBe('');
  });
});
