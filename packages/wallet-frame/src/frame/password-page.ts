import { FRAME_EVENTS, type FrameEvent, type FramePayloads } from '@latchkey/api';
import { CustodyError } from '../custody/errors.ts';
import {
  mountPasswordView,
  type PasswordAction,
  type PasswordView,
  type PasswordViewOptions,
} from './password-view.ts';
import { invalid } from './request-data.ts';
import type { FrameHandler } from './router.ts';
import { createWalletHandlers, type WalletHandlersParameters } from './wallet-handlers.ts';

type PasswordOut = FramePayloads['latchkey:wallet:password']['out'];

const ACTIONS: readonly PasswordAction[] = ['create', 'recover', 'set', 'change'];

/** Checks a `latchkey:wallet:password` request's shape (the handlers check token and address). */
function parseRequest(input: unknown): FramePayloads['latchkey:wallet:password']['in'] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('Request data must be an object');
  }
  const { accessToken, action, address } = input as Record<string, unknown>;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new CustodyError('error', 'Missing access token');
  }
  if (typeof action !== 'string' || !ACTIONS.includes(action as PasswordAction)) {
    throw invalid(`action must be one of ${ACTIONS.join(', ')}`);
  }
  if (action !== 'create' && typeof address !== 'string') {
    throw invalid(`address is required for ${action}`);
  }
  if ('password' in (input as object)) {
    // The host page never hands the password page a password: it is typed here.
    throw new CustodyError('user_gesture_required', 'Passwords are typed in the wallet frame.');
  }
  return {
    accessToken,
    action: action as PasswordAction,
    ...(typeof address === 'string' ? { address } : {}),
  };
}

/** Options of {@link startPasswordPage} (tests). */
export interface PasswordPageOptions extends PasswordViewOptions {
  /** The custody handlers the page calls in-process. Default: `createWalletHandlers(base)`. */
  handlers?: Partial<Record<FrameEvent, FrameHandler>>;
  /**
   * The page's view, already mounted (`app.ts` mounts it first to report its root's height to
   * the parent). Default: `mountPasswordView(doc, ...)` with these options and the window's
   * clipboard.
   */
  view?: PasswordView;
}

/**
 * The password page (`mode: password`, `/apps/{appId}/embedded-wallets/password`; issue 24
 * item 4): the recovery password is typed in inputs that belong to the frame, and the custody
 * operation runs here, in-process, on the user's trusted click. The host page never sees the
 * password, and only learns the outcome.
 *
 * Its one handler takes `latchkey:wallet:password` `{accessToken, action, address?}`:
 * - `create`: a new wallet sealed by the new password (`walletCreate`, `user-passcode`);
 * - `recover`: the wallet recovered on this device with its password (`walletRecover`; wrong
 *   passwords are retried in the page);
 * - `set` / `change`: the wallet (whose device share is on this device) moved to, or kept on,
 *   `user-passcode` with a new password (`walletSetRecovery`).
 * It answers `{address, recoveryMethod: 'user-passcode', deviceStorage}` once the operation is
 * done; the answer never carries the password. Errors are the handlers' CustodyErrors
 * (`recovery_attempts_exceeded`, `session_not_bound`, ...). The page serves ONE request; later
 * ones, and any request carrying a `password`, are refused.
 */
export function startPasswordPage(
  doc: Document,
  win: Window,
  base: WalletHandlersParameters,
  options: PasswordPageOptions = {},
): FrameHandler {
  const view =
    options.view ?? mountPasswordView(doc, { clipboard: win.navigator?.clipboard, ...options });
  const wallet = options.handlers ?? createWalletHandlers(base);
  const call = async (event: FrameEvent, data: Record<string, unknown>, origin: string) => {
    const handler = wallet[event];
    if (!handler) throw new CustodyError('error', 'The wallet frame cannot do this');
    return (await handler(data, { origin })) as {
      address: string;
      deviceStorage?: PasswordOut['deviceStorage'];
    };
  };
  let used = false;
  return async (input, context) => {
    if (used) throw invalid('This password page has already been used');
    const request = parseRequest(input);
    used = true;
    const { accessToken, action, address } = request;
    let out: PasswordOut | undefined;
    await view.start(action, async (password) => {
      const result =
        action === 'create'
          ? await call(
              FRAME_EVENTS.walletCreate,
              { accessToken, recoveryMethod: 'user-passcode', password },
              context.origin,
            )
          : action === 'recover'
            ? await call(
                FRAME_EVENTS.walletRecover,
                { accessToken, address, password },
                context.origin,
              )
            : await call(
                FRAME_EVENTS.walletSetRecovery,
                { accessToken, address, recoveryMethod: 'user-passcode', password },
                context.origin,
              );
      out = {
        address: result.address,
        recoveryMethod: 'user-passcode',
        ...(result.deviceStorage ? { deviceStorage: result.deviceStorage } : {}),
      };
    });
    return out satisfies PasswordOut | undefined;
  };
}
