import {
  type AuthenticateResult,
  errorCodeOf,
  errorTextFor,
  SCREEN,
  screenForError,
  type User,
} from '@latchkey/core';
import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, KeyIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { afterLoginDelay, closeDuringLoginSuccess } from '../../../../Modal/afterLogin.ts';
import { passkeyLogin } from '../../start.ts';
import { useModal, useOnCancel } from '../../../../Modal/ModalContext.ts';
import type { Messages } from '../../../../messages.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { awaitingPasskeyCss } from './AwaitingPasskey.css.ts';

type Step =
  | { step: 'loading' }
  | { step: 'success'; result: AuthenticateResult }
  | { step: 'linked'; user: User }
  | { step: 'error'; message: string };

/**
 * The spec section 8 text of a passkey failure: the passkey rows of core's error table
 * (`errorTextFor`, its own texts only), else 'An unknown error occurred.'.
 */
export function passkeyErrorText(error: unknown, m: Messages): string {
  return errorTextFor(error, 'passkey', m, { shared: false }) ?? m.passkeyUnknownError;
}

/**
 * AWAITING_PASSKEY_SYSTEM_DIALOGUE (spec sections 4 and 8, "Passkey login"): opens the
 * browser's passkey dialog at once ('signup' creates a passkey, 'login' uses one the browser
 * has), shows loading while it is open, then success (closing after 1400 ms, or going to
 * embedded wallet creation like the email login when a wallet must be created on login) or
 * the error text with Retry. A failed log-in also offers 'Sign up with a passkey' (the grouped
 * login list shows passkeys only as the 'I have a passkey' link).
 *
 * After success the login goes on like every login (`finishLogin`: consent screen, wallet
 * creation or close; 900 ms before a redirect, 1400 ms before closing). allowlist_rejected,
 * max_accounts_reached and user_does_not_exist go to their screens. The ceremony's init call
 * carries `params.captchaToken` (from the captcha gate); a Retry goes through the gate again.
 *
 * Link mode (`params.mode === 'link'`, issue 6): `client.linkPasskey()` adds a passkey to the
 * logged-in user; success ends with `completeLink(user)` after 1400 ms.
 */
export default function AwaitingPasskey() {
  useStyleSheet(buttonCss);
  useStyleSheet(awaitingPasskeyCss);
  const { client } = useInternalLatchkey('AwaitingPasskey');
  const {
    params,
    messages: m,
    config,
    navigate,
    complete,
    completeLink,
    finishLogin,
    fail,
    withCaptcha,
  } = useModal();
  const linking = params.mode === 'link';
  const [mode, setMode] = useState<'signup' | 'login'>(params.passkey ?? 'login');
  const [state, setState] = useState<Step>({ step: 'loading' });
  // Each attempt carries the captcha token of its init call (single use).
  const [attempt, setAttempt] = useState<{ n: number; token?: string }>(() => ({
    n: 0,
    token: params.captchaToken,
  }));
  const started = useRef(-1);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const latest = useRef({ config, navigate, complete, completeLink, finishLogin, fail, m });
  latest.current = { config, navigate, complete, completeLink, finishLogin, fail, m };

  // One ceremony per attempt (StrictMode's second effect run must not open a second dialog).
  useEffect(() => {
    if (started.current === attempt.n) return;
    started.current = attempt.n;
    setState({ step: 'loading' });
    const run: Promise<AuthenticateResult | User> = linking
      ? client.linkPasskey()
      : passkeyLogin(client, mode, attempt.token);
    run.then(
      (result) =>
        setState(
          'isNewUser' in result ? { step: 'success', result } : { step: 'linked', user: result },
        ),
      (error: unknown) => {
        const message = passkeyErrorText(error, latest.current.m);
        latest.current.fail({ code: errorCodeOf(error) ?? 'unknown_error', message, cause: error });
        // The gates' rejections have their own screens (spec sections 2 and 8).
        const screen = screenForError(error);
        if (screen !== SCREEN.ERROR_SCREEN) {
          latest.current.navigate(screen, { error, returnTo: SCREEN.LANDING });
          return;
        }
        setState({ step: 'error', message });
      },
    );
  }, [attempt, mode, client, linking]);

  useEffect(() => {
    if (state.step === 'linked') {
      const timer = setTimeout(() => latest.current.completeLink(state.user), SUCCESS_CLOSE_MS);
      return () => clearTimeout(timer);
    }
    if (state.step !== 'success') return;
    const { result } = state;
    const timer = setTimeout(
      () => latest.current.finishLogin(result),
      afterLoginDelay(latest.current.config, result),
    );
    return () => clearTimeout(timer);
  }, [state]);

  // Closing during the success pause finishes instead of abandoning it.
  useOnCancel(() => {
    if (state.step === 'linked') latest.current.completeLink(state.user);
    if (state.step === 'success') {
      return closeDuringLoginSuccess(latest.current, state.result, () => client.logout());
    }
  });

  /** A new attempt; a login's init goes through the captcha gate again (tokens are single use). */
  const again = (nextMode: 'signup' | 'login' = mode) => {
    if (linking) {
      setAttempt((a) => ({ n: a.n + 1 }));
      return;
    }
    void withCaptcha((token) => {
      // Still shown: the next attempt here; back from CAPTCHA_SCREEN: a fresh screen with it.
      if (!mounted.current) {
        navigate(SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE, {
          passkey: nextMode,
          ...(token ? { captchaToken: token } : {}),
        });
        return;
      }
      setMode(nextMode);
      setAttempt((a) => ({ n: a.n + 1, ...(token ? { token } : {}) }));
    });
  };

  const title =
    state.step === 'success' || state.step === 'linked'
      ? m.passkeySuccessTitle
      : state.step === 'error'
        ? m.passkeyErrorTitle
        : m.passkeyLoadingTitle;
  const done = state.step === 'success' || state.step === 'linked';
  const detail = done
    ? state.step === 'linked'
      ? m.passkeyLinkedDetail
      : m.passkeySuccessDetail
    : state.step === 'error'
      ? state.message
      : m.passkeyLoadingDetail;
  return (
    <div className="lk-passkey" data-step={state.step} data-mode={mode}>
      <ModalHeader
        title={title}
        message={detail}
        icon={done ? <CheckIcon /> : state.step === 'error' ? <AlertIcon /> : <KeyIcon />}
        iconTone={done ? 'success' : state.step === 'error' ? 'danger' : 'accent'}
      />
      {state.step === 'loading' && <span className="lk-spinner" aria-hidden="true" />}
      {state.step === 'error' && (
        <Button variant="primary" onClick={() => again()}>
          {m.passkeyRetry}
        </Button>
      )}
      {state.step === 'error' && mode === 'login' && !linking && (
        <Button variant="link" onClick={() => again('signup')}>
          {m.passkeySignUp}
        </Button>
      )}
    </div>
  );
}
