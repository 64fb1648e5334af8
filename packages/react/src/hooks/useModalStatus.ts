import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useModalStatus} returns. */
export interface UseModalStatusReturnType {
  /** True while the Latchkey modal is open (login, link, wallet or connect-only screens). */
  isOpen: boolean;
}

/**
 * Whether the Latchkey modal is open (issue 12; Privy's `useModalStatus`). The component
 * re-renders when the modal opens or closes.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { isOpen } = useModalStatus();
 * if (isOpen) pauseVideo();
 */
export function useModalStatus(): UseModalStatusReturnType {
  const { modal } = useInternalLatchkey('useModalStatus');
  return { isOpen: modal.open };
}
