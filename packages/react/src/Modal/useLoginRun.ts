import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import {
  type AuthenticateResult,
  errorCodeOf,
  SCREEN,
  screenForError,
  type User,
} from '@latchkey/core';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useModal, useOnCancel } from './ModalContext.ts';

/** Where a running login (or link) of a provider's screen stands. */
export type LoginRunStep =
  | { kind: 'verifying' }
  | { kind: 'connected'; result: AuthenticateResult }
  | { kind: 'linked'; user: User }
  | { kind: 'failed'; code: string | undefined; message: string | undefined };

/**
 * The part the provider screens share (AWAITING_OAUTH_SCREEN, TELEGRAM_AUTH_SCREEN; spec
 * section 4, "OAuth and Telegram screens"): follows `run` ('verifying'), then 'connected' (a
 * login) or 'linked' (link mode, or a result without `isNewUser`), which 1.4 s later goes on
 * like every login (`finishLogin`: consent, wallet creation or close) or ends the link
 * (`completeLink`); closing during that pause finishes instead of abandoning it. A failure is
 * reported once (`fail`, `fallbackCode` when the error has none); the gates' rejections go to
 * their screens, others become 'failed'. A run resolving with null (the page leaves for a
 * provider) changes nothing.
 *
 * @param run - the running login or link; null or undefined: nothing runs yet.
 * @param linking - link mode (`params.mode === 'link'`).
 * @param initial - the step before any run (a screen may start elsewhere).
 * @returns the step, and a setter for a screen's own steps.
 */
export function useLoginRun<S extends { kind: string } = LoginRunStep>(
  run: Promise<AuthenticateResult | User | null> | null | undefined,
  linking: boolean,
  fallbackCode: string,
  initial: LoginRunStep | S = { kind: 'verifying' },
): [LoginRunStep | S, Dispatch<SetStateAction<LoginRunStep | S>>] {
  const { navigate, complete, completeLink, finishLogin, fail } = useModal();
  const [step, setStep] = useState<LoginRunStep | S>(initial);
  const latest = useRef({ finishLogin, completeLink, navigate, fail });
  latest.current = { finishLogin, completeLink, navigate, fail };

  useEffect(() => {
    if (!run) return;
    let live = true;
    setStep({ kind: 'verifying' });
    run.then(
      (result) => {
        if (!live || !result) return;
        if ('isNewUser' in result && !linking) setStep({ kind: 'connected', result });
        else setStep({ kind: 'linked', user: 'isNewUser' in result ? result.user : result });
      },
      (error: unknown) => {
        if (!live) return;
        const code = errorCodeOf(error);
        const message = error instanceof Error ? error.message : undefined;
        latest.current.fail({ code: code ?? fallbackCode, message: message ?? '', cause: error });
        // The gates' rejections have their own screens (spec sections 2 and 8).
        const screen = screenForError(error);
        if (screen !== SCREEN.ERROR_SCREEN) {
          latest.current.navigate(screen, { error, returnTo: SCREEN.LANDING });
          return;
        }
        setStep({ kind: 'failed', code, message });
      },
    );
    return () => {
      live = false;
    };
  }, [run, linking, fallbackCode]);

  // After success: 1.4 s, then the consent screen, the wallet-creation screen or close; a link
  // ends with the updated user.
  useEffect(() => {
    if (step.kind !== 'connected' && step.kind !== 'linked') return;
    const done = step as Extract<LoginRunStep, { kind: 'connected' | 'linked' }>;
    const timer = setTimeout(() => {
      if (done.kind === 'linked') latest.current.completeLink(done.user);
      else latest.current.finishLogin(done.result);
    }, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step]);

  // Closing during the success pause finishes instead of abandoning it (a login that still
  // needs consent goes through the routing, so it cannot skip the terms).
  useOnCancel(() => {
    const done = step as LoginRunStep;
    if (done.kind === 'linked') completeLink(done.user);
    if (done.kind === 'connected') complete(done.result);
  });

  return [step, setStep];
}
