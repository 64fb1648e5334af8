import {
  type AuthenticateResult,
  createPasswordlessFlow,
  InvalidInputError,
  type LatchkeyError,
  type PasswordlessChannel,
  type PasswordlessFlow,
  type PasswordlessFlowState,
} from '@latchkey/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';

/**
 * Where a headless code login is (Privy's `useLoginWithEmail` / `useLoginWithSms` shape).
 * `error` is set only while `status` is 'error'.
 */
export interface CodeLoginState {
  status: 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error';
  /** The failure, with core's stable `code` (`invalid_credentials`, `invalid_input`, ...). */
  error: LatchkeyError | null;
}

/** Callbacks of the headless code-login hooks; the latest ones are used (no memoising needed). */
export interface CodeLoginParameters {
  /** After a login: the user and whether the account was just created. */
  onComplete?: (result: AuthenticateResult) => void;
  /** After a failed send or check, with the error (its `code` is stable). */
  onError?: (error: LatchkeyError) => void;
}

const STATUS: Record<PasswordlessFlowState['step'], CodeLoginState['status']> = {
  idle: 'initial',
  sending: 'sending-code',
  'awaiting-code': 'awaiting-code-input',
  verifying: 'submitting-code',
  success: 'done',
  invalid: 'error',
  error: 'error',
};

const INITIAL: CodeLoginState = { status: 'initial', error: null };

function toState(flow: PasswordlessFlowState): CodeLoginState {
  const status = STATUS[flow.step];
  return { status, error: status === 'error' ? flow.error : null };
}

/**
 * The headless code login both `useLoginWithEmail` and `useLoginWithSms` wrap: core's
 * passwordless flow (`createPasswordlessFlow`, spec section 4 "Email or SMS login") on the
 * provider's client, without its UI delays (`onComplete` fires as soon as the login resolves).
 * Internal; the method hooks are the public API.
 *
 * @param hook - The public hook's name, for `LatchkeyProviderMissingError`.
 * @param channel - 'email' or 'sms'.
 */
export function useCodeLogin(
  hook: string,
  channel: PasswordlessChannel,
  parameters: CodeLoginParameters,
) {
  const { client } = useInternalLatchkey(hook);
  const latest = useRef(parameters);
  latest.current = parameters;
  const [state, setState] = useState<CodeLoginState>(INITIAL);
  const flowRef = useRef<PasswordlessFlow | null>(null);

  const getFlow = useCallback((): PasswordlessFlow => {
    if (!flowRef.current) {
      const flow = createPasswordlessFlow(client, { completeDelayMs: 0 });
      flow.subscribe((next) => setState(toState(next)));
      flowRef.current = flow;
    }
    return flowRef.current;
  }, [client]);

  useEffect(
    () => () => {
      flowRef.current?.destroy();
      flowRef.current = null;
    },
    [client],
  );

  /** Reports the flow's error (if the call failed with one) to `onError`. */
  const report = useCallback((flow: PasswordlessFlow) => {
    const { error, errorMessage, step } = flow.getState();
    if ((step === 'error' || step === 'invalid') && error) {
      latest.current.onError?.(error);
    } else if (errorMessage) {
      // A code that is not 6 digits: core keeps it inline, without an error object.
      const invalid = new InvalidInputError(errorMessage);
      setState({ status: 'error', error: invalid });
      latest.current.onError?.(invalid);
    }
  }, []);

  const sendCode = useCallback(
    async (destination: string, captchaToken?: string): Promise<void> => {
      const flow = getFlow();
      const sent = await flow.sendCode(destination, {
        channel,
        ...(captchaToken ? { captchaToken } : {}),
      });
      if (!sent) report(flow);
    },
    [getFlow, channel, report],
  );

  const loginWithCode = useCallback(
    async (code: string): Promise<void> => {
      const flow = getFlow();
      const ok = await flow.submitCode(code);
      const { result } = flow.getState();
      if (ok && result) latest.current.onComplete?.(result);
      else if (!ok) report(flow);
    },
    [getFlow, report],
  );

  return { sendCode, loginWithCode, state };
}
