import type {
  AuthenticateResult,
  OAuthReturn,
  ScreenName,
  User,
  WalletConnectionTarget,
} from '@latchkey/core';
import type { OAuthProvider } from '@latchkey/api';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { PasswordlessFlowHandle } from '../flows/passwordlessFlow.ts';
import type { LatchkeyContextValue, LoginFailure } from '../LatchkeyProvider/context.ts';
import type { Messages } from '../messages.ts';
import type { WalletScreenParams } from '../wallet/requests.ts';
import type { CaptchaHandle, CaptchaRun, WithCaptchaOptions } from './captchaGate.ts';

/** Data a screen is opened with. `ERROR_SCREEN` reads `error` and returns to `returnTo`. */
export interface ScreenParams {
  error?: unknown;
  returnTo?: ScreenName;
  /** Wallet screens: the request they settle (issue 3). */
  wallet?: WalletScreenParams;
  /** AWAITING_CONNECTION / AWAITING_CONNECT_ONLY_CONNECTION: the external wallet to connect (issue 4). */
  externalWallet?: WalletConnectionTarget;
  /** The login method a 'not configured' screen names (issue 4). */
  method?: string;
  /** AWAITING_CONNECTION: retry the failed attempt instead of starting a new one. */
  retry?: boolean;
  /** AWAITING_CONNECTION: pair through WalletConnect first (QR code). */
  walletConnect?: boolean;
  /** AWAITING_PASSWORDLESS_CODE: how to show the destination (a formatted phone number). */
  displayDestination?: string;
  /**
   * AWAITING_OAUTH_SCREEN (issue 5): the provider, and either the running popup flow
   * (`client.initOAuth`, started in the click) or the return page's parameters (redirect).
   */
  oauth?: {
    provider: OAuthProvider | string;
    /**
     * The running popup flow: `client.initOAuth` (login: an `AuthenticateResult`) or, with
     * `mode: 'link'`, `client.linkOAuth` (the updated `User`); null when the page redirects.
     */
    result?: Promise<AuthenticateResult | User | null>;
    returned?: OAuthReturn;
  };
  /** AWAITING_PASSKEY_SYSTEM_DIALOGUE: create a new passkey ('signup') or use one ('login'). */
  passkey?: 'signup' | 'login';
  /**
   * Issue 6, "Auth mode: login or link": the awaiting screens (code, connection, OAuth,
   * passkey) log in by default; with 'link' they add the account to the logged-in user and
   * finish through `completeLink`; 'update-email' (code screen) replaces the user's email.
   */
  mode?: 'login' | 'link' | 'update-email';
  /** AFFIRMATIVE_CONSENT_SCREEN: the login waiting for consent (then wallet creation or close). */
  login?: AuthenticateResult;
  /**
   * CAPTCHA_SCREEN: the deferred action (spec section 4, "Captcha" gate). It runs with the
   * token once the captcha passes; `returnTo` is where Back / errors go.
   */
  captcha?: {
    run: (token: string) => Promise<void> | void;
    /** The run needs a user gesture (OAuth popup): show 'Continue' once the token is in. */
    gesture?: boolean;
  };
  /**
   * AWAITING_CONNECTION / AWAITING_PASSKEY_SYSTEM_DIALOGUE: the captcha token the gate handed
   * over for the login init (`siwe/init`, `passkeys/.../init`); single use.
   */
  captchaToken?: string;
}

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
  /** The email flow of this modal session (one per open; reset on close). */
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
}

export const ModalContext = createContext<ModalContextValue | null>(null);

/** The modal's context; screens only render inside the modal. */
export function useModal(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error('Latchkey screens must be rendered inside the Latchkey modal.');
  return value;
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
