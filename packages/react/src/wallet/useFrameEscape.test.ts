import { describe, expect, it } from 'vitest';
import { FRAME_ESCAPE_EVENT } from '@latchkey/api';
import { isFrameEscape } from './useFrameEscape.ts';

const frameWindow = {} as Window;
const otherWindow = {} as Window;
/** A container with one iframe of the API origin (only what isFrameEscape reads). */
const root = {
  querySelectorAll: () => [
    { contentWindow: frameWindow, src: 'https://api.example/apps/a/embedded-wallets/approve?x=1' },
  ],
} as unknown as ParentNode;

const message = (data: unknown, origin: string, source: Window | null) =>
  ({ data, origin, source }) as unknown as MessageEvent;

describe('isFrameEscape (issue 14 item 5)', () => {
  it("accepts the frame's Escape message from that frame's window and origin only", () => {
    const escape = { event: FRAME_ESCAPE_EVENT, data: {} };
    expect(isFrameEscape(message(escape, 'https://api.example', frameWindow), root)).toBe(true);
    // Another origin, another window, no window, another event, not an object: ignored.
    expect(isFrameEscape(message(escape, 'https://evil.example', frameWindow), root)).toBe(false);
    expect(isFrameEscape(message(escape, 'https://api.example', otherWindow), root)).toBe(false);
    expect(isFrameEscape(message(escape, 'https://api.example', null), root)).toBe(false);
    expect(
      isFrameEscape(
        message({ event: 'latchkey:iframe:ready' }, 'https://api.example', frameWindow),
        root,
      ),
    ).toBe(false);
    expect(isFrameEscape(message('escape', 'https://api.example', frameWindow), root)).toBe(false);
  });
});
