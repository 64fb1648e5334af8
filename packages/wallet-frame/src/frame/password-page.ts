import type { FrameHandler } from './router.ts';
import type { WalletHandlersParameters } from './wallet-handlers.ts';

/**
 * The password page (`mode: password`; issue 24 item 4): recovery password inputs that belong to
 * the frame; the custody operation runs here on the user's click.
 * STUB: filled in by the password work; answers nothing yet.
 */
export function startPasswordPage(
  _doc: Document,
  _win: Window,
  _base: WalletHandlersParameters,
): FrameHandler {
  return () => {
    throw new Error('The password page is not built yet');
  };
}
