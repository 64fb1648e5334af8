import {
  FRAME_EVENTS,
  type FrameEvent,
  type FrameResponse,
  isErrorCode,
  parseFrameRequest,
  type WalletErrorType,
} from '@latchkey/api';
import { CustodyError } from '../custody/errors.ts';

/** Handles one event's `data` and returns the answer's `data`; throw a CustodyError to answer an error. */
export type FrameHandler = (
  data: unknown,
  context: { origin: string },
) => Promise<unknown> | unknown;

/** The part of `window` the router uses (a real window in the frame, a fake in tests). */
export interface FrameWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  parent: { postMessage(message: unknown, targetOrigin: string): void };
}

export interface CreateFrameRouterParameters {
  window: FrameWindow;
  /** Exact origins (scheme://host:port) allowed to talk to the frame: the app's allowed origins. */
  allowedOrigins: readonly string[];
  handlers: Partial<Record<FrameEvent, FrameHandler>>;
}

export interface FrameRouter {
  /** Posts `latchkey:iframe:ready` to `parentOrigin`, which must be allowed. */
  announceReady(parentOrigin: string): void;
  /** Stops listening. */
  destroy(): void;
}

/**
 * The frame side of the wallet message protocol (spec section 7; security catalogue 9-11).
 * A message is handled only when it comes from the parent window, from an allowed origin, and
 * is a well-formed request for a known event; anything else is dropped without an answer.
 * Answers go to `event.origin`, never to `*`. Errors that are not CustodyErrors are answered
 * with a generic message so internals do not leak.
 * @throws Error when `allowedOrigins` holds `*` or a value that is not an origin.
 */
export function createFrameRouter({
  window: win,
  allowedOrigins,
  handlers,
}: CreateFrameRouterParameters): FrameRouter {
  for (const origin of allowedOrigins) {
    if (origin === '*' || new URL(origin).origin !== origin) {
      throw new Error(`Not an exact origin: ${origin}`);
    }
  }
  const allowed = new Set(allowedOrigins);

  const listener = (message: MessageEvent) => {
    if (!allowed.has(message.origin) || message.source !== (win.parent as unknown)) return;
    const request = parseFrameRequest(message.data);
    if (!request) return;
    const reply = (response: FrameResponse) => win.parent.postMessage(response, message.origin);
    const handler = handlers[request.event];
    if (!handler) {
      reply({
        id: request.id,
        event: request.event,
        error: { type: 'invalid_request_arguments', message: `Unsupported event ${request.event}` },
      });
      return;
    }
    Promise.resolve()
      .then(() => handler(request.data, { origin: message.origin }))
      .then(
        (data) => reply({ id: request.id, event: request.event, data }),
        (error: unknown) => {
          const type: WalletErrorType = error instanceof CustodyError ? error.type : 'error';
          const text =
            error instanceof CustodyError
              ? error.message
              : 'An error has occurred, please try again.';
          // A refusal of the API keeps its stable code (ShareApiError.code), so the host can
          // branch on it; anything else answers without one.
          const code = (error as { code?: unknown } | null)?.code;
          reply({
            id: request.id,
            event: request.event,
            error: {
              type,
              message: text,
              ...(error instanceof CustodyError && isErrorCode(code) ? { code } : {}),
            },
          });
        },
      );
  };
  win.addEventListener('message', listener);

  return {
    announceReady(parentOrigin) {
      if (!allowed.has(parentOrigin))
        throw new Error(`Parent origin ${parentOrigin} is not allowed`);
      win.parent.postMessage({ id: 'ready', event: FRAME_EVENTS.ready, data: {} }, parentOrigin);
    },
    destroy() {
      win.removeEventListener('message', listener);
    },
  };
}
