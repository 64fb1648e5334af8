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

// A document of its own: the wallet-frame project runs files unisolated (vitest.config.ts), so
// the global document may carry another file's frame listeners (app.ts forwards Escape to the
// real parent), which made this test post to happy-dom's window in one CI run.
const doc = document.implementation.createHTMLDocument('escape');

describe('forwardEscapeToParent (issue 14 item 5)', () => {
  it("posts one message to the parent's exact origin for the user's Escape only", () => {
    const posted: [unknown, string][] = [];
    const parent = { postMessage: (m: unknown, o: string) => posted.push([m, o]) };
    stop = forwardEscapeToParent({ doc, parent }, 'https://app.example');

    doc.body.dispatchEvent(keydown('Escape'));
    expect(posted).toEqual([[{ event: FRAME_ESCAPE_EVENT, data: {} }, 'https://app.example']]);
    // A script's Escape, another key, or an Escape the page handled: nothing.
    doc.body.dispatchEvent(keydown('Escape', false));
    doc.body.dispatchEvent(keydown('Enter'));
    const handled = keydown('Escape');
    handled.preventDefault();
    doc.body.dispatchEvent(handled);
    expect(posted).toHaveLength(1);

    stop();
    doc.body.dispatchEvent(keydown('Escape'));
    expect(posted).toHaveLength(1);
  });

  it("refuses '*' and anything that is not an exact origin", () => {
    const parent = { postMessage: () => {} };
    expect(() => forwardEscapeToParent({ doc, parent }, '*')).toThrow(/exact origin/);
    expect(() => forwardEscapeToParent({ doc, parent }, 'https://app.example/path')).toThrow(
      /exact origin/,
    );
  });
});
