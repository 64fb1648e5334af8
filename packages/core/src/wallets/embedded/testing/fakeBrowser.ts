/**
 * Test helpers: a minimal host document/window pair with a fake iframe whose window delivers
 * MessageEvents the way a browser does (origin of the sender, `source` = the sender's window,
 * dropped when `targetOrigin` does not match the receiver). Not exported from the package.
 */

export const HOST_ORIGIN = 'https://app.example';

type Listener = (event: MessageEvent) => void;

/** A MessageEvent with a given `source` (Node's constructor accepts only ports there). */
export function messageEvent(data: unknown, origin: string, source: unknown): MessageEvent {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  return event;
}

export interface FakeFrame {
  /** What the host posted to the frame, with the target origin it named. */
  received: { message: unknown; targetOrigin: string }[];
  /** The frame window's `postMessage` target (what the host sees as `event.source`). */
  window: { postMessage(message: unknown, targetOrigin: string): void };
  /** Sends a message from the frame to the host (origin and source overridable for attacks). */
  sendToHost(data: unknown, options?: { origin?: string; source?: unknown }): void;
  /** Frame-side listener for messages the host posts (registered by a frame router). */
  frameTarget: EventTarget;
  /** The iframe's `src`. */
  src: string;
}

/**
 * A fake browser: `document` (createElement('iframe'), body.appendChild) and its `defaultView`.
 * `onFrame` runs when an iframe is mounted, to script or wire the frame side.
 */
export function fakeBrowser(frameOrigin: string, onFrame?: (frame: FakeFrame) => void) {
  const hostTarget = new EventTarget();
  const hostWindow = {
    addEventListener: (type: string, l: Listener) =>
      hostTarget.addEventListener(type, l as EventListener),
    removeEventListener: (type: string, l: Listener) =>
      hostTarget.removeEventListener(type, l as EventListener),
  };
  const frames: FakeFrame[] = [];
  /** The host window as the frame sees it (`window.parent`). */
  const parentForFrame = {
    postMessage(message: unknown, targetOrigin: string) {
      if (targetOrigin !== HOST_ORIGIN) return; // the browser drops it
      const frame = frames.at(-1);
      queueMicrotask(() =>
        hostTarget.dispatchEvent(messageEvent(message, frameOrigin, frame?.window)),
      );
    },
  };

  function createElement(tag: string) {
    if (tag !== 'iframe') throw new Error(`fake document only makes iframes, not ${tag}`);
    const attributes = new Map<string, string>();
    const frameTarget = new EventTarget();
    const frame: FakeFrame = {
      received: [],
      frameTarget,
      src: '',
      window: {
        postMessage(message: unknown, targetOrigin: string) {
          frame.received.push({ message, targetOrigin });
          if (targetOrigin !== frameOrigin) return; // the browser drops it
          queueMicrotask(() =>
            frameTarget.dispatchEvent(messageEvent(message, HOST_ORIGIN, parentForFrame)),
          );
        },
      },
      sendToHost(data, options = {}) {
        hostTarget.dispatchEvent(
          messageEvent(
            data,
            options.origin ?? frameOrigin,
            'source' in options ? options.source : frame.window,
          ),
        );
      },
    };
    const iframe = {
      style: {} as Record<string, string>,
      className: '',
      setAttribute: (k: string, v: string) => attributes.set(k, v),
      getAttribute: (k: string) => attributes.get(k) ?? null,
      get src() {
        return frame.src;
      },
      set src(value: string) {
        frame.src = value;
      },
      contentWindow: null as FakeFrame['window'] | null,
      removed: false,
      remove() {
        iframe.removed = true;
        iframe.contentWindow = null;
      },
      frame,
    };
    return iframe;
  }

  const body = {
    appendChild(node: ReturnType<typeof createElement>) {
      node.contentWindow = node.frame.window;
      frames.push(node.frame);
      onFrame?.(node.frame);
      return node;
    },
  };
  const document = { defaultView: hostWindow, body, documentElement: body, createElement };
  return {
    document: document as unknown as Document,
    frames,
    parentForFrame,
    hostWindow,
  };
}
