import { FRAME_RESIZE_EVENT } from '@latchkey/api';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFrameHeight } from './useFrameHeight.ts';

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

afterEach(cleanup);

describe('useFrameHeight (issue 14: the export frame follows its content)', () => {
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
});
