import type { FrameHandler } from './router.ts';
import type { WalletHandlersParameters } from './wallet-handlers.ts';

/**
 * The approval page (`mode: approve`; issue 24 items 1 and 2): draws one signing request and
 * signs it only after a trusted, unobscured click inside the frame.
 * STUB: filled in by the approval work; answers nothing yet.
 */
export function startApprovePage(
  _doc: Document,
  _win: Window,
  _base: WalletHandlersParameters,
): FrameHandler {
  return () => {
    throw new Error('The approval page is not built yet');
  };
}
