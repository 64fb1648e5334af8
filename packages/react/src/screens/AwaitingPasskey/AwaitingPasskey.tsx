import {
  type AuthenticateResult,
  errorCodeOf,
  SCREEN,
  shouldCreateWalletOnLogin,
} from '@latchkey/core';
import { SUCCESS_CLOSE_MS, SUCCESS_REDIRECT_MS } from '@latchkey/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../components/Button/Button.css.ts';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, KeyIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { useModal, useOnCancel } from '../../Modal/ModalContext.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { awaitingPasskeyCss } from './AwaitingPasskey.css.ts';

type Step =
  | { step: 'loading' }
  | { step: 'success'; result: AuthenticateResult }
  | { step: 'error'; message: string };

/** The spec section 8 text of a passkey failure. */
export function passkeyErrorText(error: unknown, m: Messages): string {
  switch (errorCodeOf(error)) {
    case 'passkey_not_allowed':
      return m.passkeyNotAllowed;
    case 'cannot_link_more_of_type':
      return m.passkeyCannotLinkMore;
    case 'missing_or_invalid_mfa':
      return m.passkeyMfaUnlink;
    default:
      return m.passkeyUnknownError;
  }
}

/**
 * AWAITING_PASSKEY_SYSTEM_DIALOGUE (spec sections 4 and 8, "Passkey login"): opens the
 * browser's passkey dialog at once ('signup' creates a passkey, 'login' uses one the browser
 * has), shows loading while it is open, then success (closing after 1400 ms, or going to
 * embedded wallet creation like the email login when a wallet must be created on login) or
 * the error text with Retry. A failed log-in also offers 'Sign up with a passkey' (the grouped
 * login list shows passkeys only as the 'I have a passkey' link).
 */
export default function AwaitingPasskey() {
  useStyleSheet(buttonCss);
  useStyleSheet(awaitingPasskeyCss);
  const { client } = useInternalLatchkey('AwaitingPasskey');
  const { params, messages: m, config, navigate, complete, fail } = useModal();
  const [mode, setMode] = useState<'signup' | 'login'>(params.passkey ?? 'login');
  const [state, setState] = useState<Step>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const latest = useRef({ config, navigate, complete, fail, m });
  latest.current = { config, navigate, complete, fail, m };

  const finish = useCallback((result: AuthenticateResult) => {
    const { config: c, navigate: go, complete: done } = latest.current;
    if (!shouldCreateWalletOnLogin(c.wallet.createOnLogin, result.user)) return done(result);
    go(SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN, {
      wallet: { kind: 'create', login: result, resolve: () => {}, reject: () => {} },
    });
  }, []);

  // One ceremony per attempt (StrictMode's second effect run must not open a second dialog).
  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    setState({ step: 'loading' });
    const run = mode === 'signup' ? client.signupWithPasskey() : client.loginWithPasskey();
    run.then(
      (result) => setState({ step: 'success', result }),
      (error: unknown) => {
        const message = passkeyErrorText(error, latest.current.m);
        latest.current.fail({ code: errorCodeOf(error) ?? 'unknown_error', message, cause: error });
        setState({ step: 'error', message });
      },
    );
  }, [attempt, mode, client]);

  useEffect(() => {
    if (state.step !== 'success') return;
    const { result } = state;
    const needsWallet = shouldCreateWalletOnLogin(
      latest.current.config.wallet.createOnLogin,
      result.user,
    );
    const timer = setTimeout(
      () => finish(result),
      needsWallet ? SUCCESS_REDIRECT_MS : SUCCESS_CLOSE_MS,
    );
    return () => clearTimeout(timer);
  }, [state, finish]);

  // Closing during the success pause finishes the login instead of abandoning it.
  useOnCancel(() => {
    if (state.step === 'success') latest.current.complete(state.result);
  });

  const title =
    state.step === 'success'
      ? m.passkeySuccessTitle
      : state.step === 'error'
        ? m.passkeyErrorTitle
        : m.passkeyLoadingTitle;
  const detail =
    state.step === 'success'
      ? m.passkeySuccessDetail
      : state.step === 'error'
        ? state.message
        : m.passkeyLoadingDetail;
  return (
    <div className="lk-passkey" data-step={state.step} data-mode={mode}>
      <ModalHeader
        title={title}
        message={detail}
        icon={
          state.step === 'success' ? (
            <CheckIcon />
          ) : state.step === 'error' ? (
            <AlertIcon />
          ) : (
            <KeyIcon />
          )
        }
        iconTone={
          state.step === 'success' ? 'success' : state.step === 'error' ? 'danger' : 'accent'
        }
      />
      {state.step === 'loading' && <span className="lk-spinner" aria-hidden="true" />}
      {state.step === 'error' && (
        <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
          {m.passkeyRetry}
        </Button>
      )}
      {state.step === 'error' && mode === 'login' && (
        <Button
          variant="link"
          onClick={() => {
            setMode('signup');
            setAttempt((n) => n + 1);
          }}
        >
          {m.passkeySignUp}
        </Button>
      )}
    </div>
  );
}
