/**
 * The wallet frame's login-method registry (issue 11's layout; issue 16): one line per method
 * whose frame events live in `methods/<id>/`. `createWalletHandlers` spreads their handlers after
 * its own, handing each the frame's tools.
 */
import type { FrameEvent } from '@latchkey/api';
import type { FrameHandler } from '../frame/router.ts';
import { crossAppFrameHandlers } from './crossapp/handlers.ts';
import { farcasterFrameHandlers } from './farcaster/handlers.ts';
import type { FrameMethodHandlers, FrameMethodTools } from './types.ts';

export type { FrameMethodHandlers, FrameMethodTools } from './types.ts';

/** Every method with frame events. */
export const FRAME_METHODS: readonly FrameMethodHandlers[] = [
  farcasterFrameHandlers,
  crossAppFrameHandlers,
];

/** The handlers of every method in {@link FRAME_METHODS}, on `tools`. */
export function frameMethodHandlers(
  tools: FrameMethodTools,
): Partial<Record<FrameEvent, FrameHandler>> {
  return Object.assign({}, ...FRAME_METHODS.map((handlers) => handlers(tools))) as Partial<
    Record<FrameEvent, FrameHandler>
  >;
}
