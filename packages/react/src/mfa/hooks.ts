import type { MfaMethod } from '@latchkey/api';
import {
  type LatchkeyClient,
  LatchkeyError,
  type MfaClient,
  type MfaPasskeyRequestOptions,
  NOT_AUTHENTICATED,
} from '@latchkey/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useInternalLatchkey } from '../hooks/useInternalLatchkey.ts';
import type { MfaRequiredListener } from './useMfaPromptHandler.ts';

/** The client's shared MFA client, from the lazy `@latchkey/core/embedded-wallet` entry. */
function loadMfa(client: LatchkeyClient) {
  return import('@latchkey/core/embedded-wallet').then(({ mfaClientOf }) => mfaClientOf(client));
}

/** What {@link useMfaEnrollment} returns. */
export interface UseMfaEnrollmentReturnType {
  /**
   * Opens the modal on MFA_ENROLLMENT_FLOW_SCREEN ('Transaction Protection'): the user adds or
   * removes SMS, authenticator-app (TOTP) or passkey verification, among the app's methods.
   * Logged out: warns and does nothing.
   */
  showMfaEnrollmentModal: () => void;
  /** Closes the modal (what the screen's Done does). */
  closeMfaEnrollmentModal: () => void;
}

/**
 * MFA enrolment through the modal (issue 15; spec sections 2 "MFA" and 4 "MFA enrolment").
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { showMfaEnrollmentModal } = useMfaEnrollment();
 * <button onClick={showMfaEnrollmentModal}>Protect my wallet</button>
 */
export function useMfaEnrollment(): UseMfaEnrollmentReturnType {
  const { mfa, modal, session, config } = useInternalLatchkey('useMfaEnrollment');
  const authenticated = session.status === 'authenticated';
  const showMfaEnrollmentModal = useCallback(() => {
    if (!authenticated) {
      console.warn(`[latchkey] ${config.messages.mustBeLoggedInToLink}`);
      return;
    }
    mfa.openEnrollment();
  }, [authenticated, mfa, config]);
  const closeMfaEnrollmentModal = useCallback(() => modal.close(), [modal]);
  return { showMfaEnrollmentModal, closeMfaEnrollmentModal };
}

/** What {@link useMfa} returns. */
export interface UseMfaReturnType {
  /** The logged-in user's enrolled methods, in the user's order (empty when logged out). */
  mfaMethods: MfaMethod[];
  /**
   * Starts a verification (for an app that draws its own prompt: `mfa.noPromptOnMfaRequired`
   * and {@link useMfaRequired}). `sms` texts a code; `totp` does nothing; `passkey` answers the
   * WebAuthn request options (`submit('passkey')` then runs the browser's dialog with them).
   * @throws LatchkeyError `missing_or_invalid_token` when logged out; WalletError as the frame
   *   answers.
   */
  init: (method: MfaMethod) => Promise<MfaPasskeyRequestOptions | undefined>;
  /**
   * Submits the 6-digit code (`sms`, `totp`), or for `passkey` an assertion (or nothing: the
   * browser's passkey dialog runs with the options of the last `init('passkey')`). A waiting
   * wallet action then goes on. @returns `verifiedUntil` (ms since the epoch).
   * @throws WalletError 'The code you entered is not valid', `mfa_verification_max_attempts_reached`,
   *   `invalid_request_arguments` ('Passcode can only be numbers', 'Passcode must be exactly 6
   *   numbers'); the waiting action keeps waiting (the user may retry).
   */
  submit: (
    method: MfaMethod,
    codeOrAssertion?: string | object,
  ) => Promise<{ verifiedUntil: number }>;
  /** Gives up: the waiting wallet action fails with 'MFA canceled'. */
  cancel: () => void;
}

/**
 * Headless MFA verification (issue 15; spec section 7, "MFA verification init(method),
 * submit(method, code), cancel"), through the wallet frame.
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 */
export function useMfa(): UseMfaReturnType {
  const { client, session } = useInternalLatchkey('useMfa');
  const passkeyOptions = useRef<MfaPasskeyRequestOptions | null>(null);
  const mfaMethods = session.user?.mfaMethods;
  return useMemo<UseMfaReturnType>(() => {
    const ready = async (): Promise<MfaClient> => {
      if (client.getState().status !== 'authenticated') {
        throw new LatchkeyError('The user must be logged in to verify.', {
          code: NOT_AUTHENTICATED,
        });
      }
      return loadMfa(client);
    };
    return {
      mfaMethods: mfaMethods ? [...mfaMethods] : [],
      async init(method) {
        const options = await (await ready()).verify.init(method);
        if (method === 'passkey') passkeyOptions.current = options ?? null;
        return options;
      },
      async submit(method, codeOrAssertion) {
        const mfa = await ready();
        let answer = codeOrAssertion;
        if (method === 'passkey' && answer === undefined) {
          const options = passkeyOptions.current ?? (await mfa.verify.init('passkey'));
          passkeyOptions.current = null;
          const { getPasskey } = await import('@latchkey/core/passkey');
          answer = (await getPasskey(options as Record<string, unknown>)) as object;
        }
        if (answer === undefined) {
          throw new LatchkeyError('A 6-digit code is needed.', { code: 'invalid_input' });
        }
        return mfa.verify.submit(method, answer);
      },
      cancel() {
        void loadMfa(client).then((mfa) => mfa.verify.cancel());
      },
    };
  }, [client, mfaMethods]);
}

/** Parameters of {@link useMfaRequired}. */
export type UseMfaRequiredParameters = MfaRequiredListener;

/**
 * With `config.mfa.noPromptOnMfaRequired`, tells the app when a wallet action needs MFA so it can
 * draw its own prompt (issue 15): `onMfaRequired(methods)` is called, then the action waits
 * (at most 300000 ms) for {@link useMfa}'s `submit` or `cancel`. Without that setting the
 * modal's prompt shows and this is not called.
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * useMfaRequired({ onMfaRequired: (methods) => setPrompt(methods[0]) });
 */
export function useMfaRequired({ onMfaRequired }: UseMfaRequiredParameters): void {
  const { mfa } = useInternalLatchkey('useMfaRequired');
  const latest = useRef(onMfaRequired);
  latest.current = onMfaRequired;
  useEffect(
    () => mfa.addRequiredListener({ onMfaRequired: (methods) => latest.current(methods) }),
    [mfa],
  );
}
