import type { AuthenticateResult, ScreenName, User } from '@latchkey/core';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { PasswordlessFlowHandle } from '../methods/passwordless/flow.ts';
import type { LatchkeyContextValue } from '../LatchkeyProvider/context.ts';
import type { Messages } from '../messages.ts';
import type { CaptchaHandle, CaptchaRun, WithCaptchaOptions } from './captchaGate.ts';
import type { LoginFailure, ScreenParams } from './types.ts';

/** Moved to `./types.ts` (issue 11); re-exported for the files that import it from here. */

/** What every screen gets from the modal. */
export interface ModalContextValue {
  screen: ScreenName;
  params: ScreenParams;
  /** Moves to another screen (navigation is data: see `screens/registry.ts`). */
  navigate: (screen: ScreenName, params?: ScreenParams) => void;
  config: ResolvedConfig;
  messages: Messages;
  /** Id of the current screen's title; the dialog is `aria-labelledby` it. */
  titleId: string;
  /** The passwordless (code) flow of this modal session (one per open; reset on close). */
  passwordless: PasswordlessFlowHandle;
  /** Ends the login successfully: closes the modal and fires `onComplete`. */
  complete: LatchkeyContextValue['modal']['complete'];
  /**
   * Ends a link flow (issue 6, `params.mode === 'link' | 'update-email'`): closes the modal and
   * fires `useLinkAccount({ onSuccess })` with the updated user.
   */
  completeLink: (user: User) => void;
  /**
   * Routes a finished login (spec section 4): consent screen, wallet creation or close.
   * The one place for it; see `afterLogin.ts`. Call it after the success pause
   * (`afterLoginDelay`).
   */
  finishLogin: (result: AuthenticateResult) => void;
  /**
   * Ends the login flow without a login (declined terms): closes the modal (standalone: back
   * to LANDING) and reports `failure` to `useLogin({ onError })` instead of `exited_auth_flow`.
   */
  exit: (failure: LoginFailure) => void;
  /**
   * The captcha gate (spec section 4): every unauthenticated login init goes through it.
   * See `captchaGate.ts`.
   */
  withCaptcha: (run: CaptchaRun, options?: WithCaptchaOptions) => Promise<void> | void;
  /** This modal's captcha, or null when the app has none (or it is still loading). */
  captcha: CaptchaHandle | null;
  /** Reports a failure to `useLogin({ onError })` (the modal stays open). */
  fail: LatchkeyContextValue['modal']['fail'];
  /** The one graceful close path (close button, Escape, backdrop). */
  requestClose: () => void;
  /** Registers what the current screen does when the modal is closed (internal). */
  setCancelHandler: (handler: (() => void | LoginFailure) | null) => void;
  /**
   * Gives the top bar's Back (the modal's one Back control, issue 14 item 11) to a view inside
   * the current screen, e.g. the login list's 'More wallets' panel: while set, Back shows and
   * runs `handler` instead of going to the registry's previous screen; null gives it back. See
   * {@link useBackHandler}.
   */
  setBackHandler: (handler: (() => void) | null) => void;
}

export const ModalContext = createContext<ModalContextValue | null>(null);

/** The modal's context; screens only render inside the modal. */
export function useModal(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error('Latchkey screens must be rendered inside the Latchkey modal.');
  return value;
}

/**
 * While `handler` is not null, the modal's top-bar Back runs it (a view inside the screen going
 * back to the screen's first view); the latest `handler` runs. Gives Back back on null/unmount.
 */
export function useBackHandler(handler: (() => void) | null): void {
  const { setBackHandler } = useModal();
  const latest = useRef(handler);
  latest.current = handler;
  const active = handler !== null;
  useEffect(() => {
    if (!active) return;
    setBackHandler(() => latest.current?.());
    return () => setBackHandler(null);
  }, [active, setBackHandler]);
}

/**
 * Lets the current screen handle a close (spec section 2: "Closing goes through a graceful
 * path that lets each screen handle cancel"). The latest `handler` runs once, before the
 * modal closes. A handler may return a {@link LoginFailure}: `useLogin({ onError })` gets it
 * instead of `exited_auth_flow` (the consent screen's `terms_declined`).
 */
export function useOnCancel(handler: () => void | LoginFailure): void {
  const { setCancelHandler } = useModal();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    setCancelHandler(() => latest.current());
    return () => setCancelHandler(null);
  }, [setCancelHandler]);
}
