// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_ESCAPE_EVENT } from '@latchkey/api';
import { forwardEscapeToParent } from './escape.ts';

/** A keydown whose `isTrusted` is `trusted` (happy-dom's events are untrusted). */
function keydown(key: string, trusted = true): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  return event;
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('forwardEscapeToParent (issue 14 item 5)', () => {
  it("posts one message to the parent's exact origin for the user's Escape only", () => {
    const posted: [unknown, string][] = [];
    const parent = { postMessage: (m: unknown, o: string) => posted.push([m, o]) };
    stop = forwardEscapeToParent({ doc: document, parent }, 'https://app.example');

    document.body.dispatchEvent(keydown('Escape'));
    expect(posted).toEqual([[{ event: FRAME_ESCAPE_EVENT, data: {} }, 'https://app.example']]);
    // A script's Escape, another key, or an Escape the page handled: nothing.
    document.body.dispatchEvent(keydown('Escape', false));
    document.body.dispatchEvent(keydown('Enter'));
    const handled = keydown('Escape');
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(posted).toHaveLength(1);

    stop();
    document.body.dispatchEvent(keydown('Escape'));
    expect(posted).toHaveLength(1);
  });

  it("refuses '*' and anything that is not an exact origin", () => {
    const parent = { postMessage: () => {} };
    expect(() => forwardEscapeToParent({ doc: document, parent }, '*')).toThrow(/exact origin/);
    expect(() =>
      forwardEscapeToParent({ doc: document, parent }, 'https://app.example/path'),
    ).toThrow(/exact origin/);
  });
});
