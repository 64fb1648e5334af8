import { FRAME_RESIZE_EVENT } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { reportHeightToParent } from './resize.ts';

/** A ResizeObserver stand-in whose callback the test calls (`fire`). */
function observerClass() {
  const live: { fire: () => void; observed: unknown[]; disconnected: boolean }[] = [];
  class FakeObserver {
    observed: unknown[] = [];
    disconnected = false;
    constructor(private readonly callback: () => void) {
      live.push(this as never);
    }
    fire() {
      this.callback();
    }
    observe(target: unknown) {
      this.observed.push(target);
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  return { Observer: FakeObserver as unknown as typeof ResizeObserver, live };
}

describe('reportHeightToParent (issue 14: the export and password frames follow their content)', () => {
  it("posts the content's height, rounded up, to the parent's exact origin on each change", () => {
    let height = 301.2;
    const element = { getBoundingClientRect: () => ({ height }) as DOMRect };
    const posted: [unknown, string][] = [];
    const parent = { postMessage: (m: unknown, o: string) => posted.push([m, o]) };
    const { Observer, live } = observerClass();
    const stop = reportHeightToParent(
      { element, parent, ResizeObserver: Observer },
      'https://app.example',
    );
    expect(posted).toEqual([
      [{ event: FRAME_RESIZE_EVENT, data: { height: 302 } }, 'https://app.example'],
    ]);
    expect(live[0]!.observed).toEqual([element]);
    live[0]!.fire(); // same height: nothing new
    height = 388;
    live[0]!.fire();
    expect(posted.map(([m]) => (m as { data: { height: number } }).data.height)).toEqual([
      302, 388,
    ]);
    stop();
    expect(live[0]!.disconnected).toBe(true);
  });

  it('posts nothing while the content has no height (nothing drawn yet), then its height', () => {
    let height = 0;
    const element = { getBoundingClientRect: () => ({ height }) as DOMRect };
    const posted: number[] = [];
    const parent = {
      postMessage: (m: unknown) => posted.push((m as { data: { height: number } }).data.height),
    };
    const { Observer, live } = observerClass();
    reportHeightToParent({ element, parent, ResizeObserver: Observer }, 'https://app.example');
    expect(posted).toEqual([]);
    height = 274.5;
    live[0]!.fire();
    height = 0;
    live[0]!.fire();
    expect(posted).toEqual([275]);
  });

  it("refuses '*' and anything that is not an exact origin", () => {
    const element = { getBoundingClientRect: () => ({ height: 1 }) as DOMRect };
    const parent = { postMessage: () => {} };
    expect(() => reportHeightToParent({ element, parent }, '*')).toThrow(/exact origin/);
    expect(() => reportHeightToParent({ element, parent }, 'https://app.example/path')).toThrow(
      /exact origin/,
    );
  });
});
