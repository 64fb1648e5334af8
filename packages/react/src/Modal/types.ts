import type {
  AuthenticateResult,
  OAuthReturn,
  ScreenName,
  User,
  WalletConnectionTarget,
} from '@latchkey/core';
import type { OAuthProvider } from '@latchkey/api';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { WalletScreenParams } from '@latchkey/core';

/**
 * The modal's shared data types (issue 11): what a screen is opened with and why a login did
 * not finish. A leaf module (types only, no modal or provider import), so `context.ts`,
 * `ModalContext.ts` and `captchaGate.ts` all read it without importing one another.
 */

/** Why a login did not finish: `exited_auth_flow` when the user closed the modal. */
export interface LoginFailure {
  code: string;
  message: string;
  cause?: unknown;
}

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

/** A screen: a small component that reads everything it needs from the modal context. */
export type ScreenComponent = LazyExoticComponent<ComponentType>;

/** One navigation entry: the screen's component and, when it has a Back button, where it goes. */
export interface ScreenEntry {
  component: ScreenComponent;
  back?: ScreenName;
}

/** Screen-registry entries: screen name -> lazily imported component (spec section 2). */
export type ScreenEntries = Partial<Record<ScreenName, ScreenEntry>>;
