import { FRAME_EVENTS, type FrameEvent } from '@latchkey/api';
import { CustodyError } from '../custody/errors.ts';
import type { FrameHandler } from './router.ts';

/** The refusal's text (error type `user_gesture_required`). */
export const USER_GESTURE_REQUIRED_MESSAGE = 'Passwords are typed in the wallet frame.';

function hasPassword(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'password' in data;
}

function refuse(): never {
  throw new CustodyError('user_gesture_required', USER_GESTURE_REQUIRED_MESSAGE);
}

/**
 * Wraps the hidden wallet frame's handlers (mode `wallet`) so the host page can hand it no secret
 * and change no custody (issue 24, item 4). A page whose JavaScript is compromised (XSS,
 * extension, poisoned dependency) could otherwise post its own password.
 *
 * Refused with the error type `user_gesture_required` ('Passwords are typed in the wallet frame.'),
 * before anything else runs:
 * - `latchkey:wallet:create` with `recoveryMethod: 'user-passcode'` or any `password` field;
 * - `latchkey:wallet:recover` with any `password` field;
 * - every `latchkey:wallet:set-recovery` (custody changes happen on the password page,
 *   `/apps/{appId}/embedded-wallets/password`, after a trusted click inside it).
 *
 * Left as they are: `create` with automatic recovery (`latchkey`) and `recover` without a
 * password. Neither hands custody to anyone: the new or reshared shares stay split between this
 * frame's origin and the server, as before, and no secret of the host's choosing seals any
 * share. Every other event passes through unchanged.
 *
 * @param handlers the handlers of `createWalletHandlers`; they are not modified.
 * @returns a new handler map with the guarded events wrapped.
 */
export function guardHostHandlers(
  handlers: Partial<Record<FrameEvent, FrameHandler>>,
): Partial<Record<FrameEvent, FrameHandler>> {
  const guarded = { ...handlers };
  const create = handlers[FRAME_EVENTS.walletCreate];
  if (create) {
    guarded[FRAME_EVENTS.walletCreate] = (data, context) => {
      if (hasPassword(data)) refuse();
      const method = (data as { recoveryMethod?: unknown } | null)?.recoveryMethod;
      if (method === 'user-passcode') refuse();
      return create(data, context);
    };
  }
  const recover = handlers[FRAME_EVENTS.walletRecover];
  if (recover) {
    guarded[FRAME_EVENTS.walletRecover] = (data, context) => {
      if (hasPassword(data)) refuse();
      return recover(data, context);
    };
  }
  if (handlers[FRAME_EVENTS.walletSetRecovery]) {
    guarded[FRAME_EVENTS.walletSetRecovery] = () => refuse();
  }
  return guarded;
}
