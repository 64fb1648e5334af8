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

/** The refusal's text for a cloud recovery method asked of the hidden frame (issue 23). */
export const CLOUD_GESTURE_REQUIRED_MESSAGE =
  'Cloud backups are made and opened on the cloud recovery page.';

const CLOUD_METHODS: readonly unknown[] = ['google-drive', 'icloud'];

/** True when the request names a cloud recovery method in any field the handlers read. */
function asksCloud(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { recoveryMethod, provider } = data as { recoveryMethod?: unknown; provider?: unknown };
  return CLOUD_METHODS.includes(recoveryMethod) || CLOUD_METHODS.includes(provider);
}

function refuseCloud(): never {
  throw new CustodyError('user_gesture_required', CLOUD_GESTURE_REQUIRED_MESSAGE);
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
 * Refused with `user_gesture_required` ('Cloud backups are made and opened on the cloud recovery
 * page.'; issue 23): `create` and `recover` naming a cloud method (`recoveryMethod` or
 * `provider` `google-drive` / `icloud`), and every `latchkey:wallet:cloud`, which only the
 * cloud recovery page (`/apps/{appId}/embedded-wallets/cloud`) serves. (The handlers also refuse
 * a cloud method without the cloud page's in-process access, which no message can carry:
 * `CLOUD_RECOVERY_ACCESS` in wallet-handlers.ts; so recovering a cloud wallet without a password
 * through the hidden frame is refused too.)
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
      if (asksCloud(data)) refuseCloud();
      return create(data, context);
    };
  }
  const recover = handlers[FRAME_EVENTS.walletRecover];
  if (recover) {
    guarded[FRAME_EVENTS.walletRecover] = (data, context) => {
      if (hasPassword(data)) refuse();
      if (asksCloud(data)) refuseCloud();
      return recover(data, context);
    };
  }
  if (handlers[FRAME_EVENTS.walletSetRecovery]) {
    guarded[FRAME_EVENTS.walletSetRecovery] = () => refuse();
  }
  guarded[FRAME_EVENTS.walletCloud] = () => refuseCloud();
  return guarded;
}
