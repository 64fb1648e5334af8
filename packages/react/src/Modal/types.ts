import type { AuthenticateResult, ScreenName, WalletConnectionTarget } from '@latchkey/core';
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

/**
 * Data a screen is opened with. `ERROR_SCREEN` reads `error` and returns to `returnTo`. A login
 * method adds the params of its own screens by declaration merging in its folder
 * (`declare module '../../Modal/types.ts' { interface ScreenParams { ... } }` in
 * `methods/<id>/link.ts`), so this module names no method.
 */
export interface ScreenParams {
  error?: unknown;
  returnTo?: ScreenName;
  /** Wallet screens: the request they settle (issue 3). */
  wallet?: WalletScreenParams;
  /**
   * FIAT_ON_RAMP_STATUS_SCREEN (issue 20): the purchase the prompt started (its external id, for
   * the status polls) and the wallet it funds.
   */
  onRamp?: { externalTransactionId: string; address: string };
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
   * Issue 6, "Auth mode: login or link": the awaiting screens (code, connection, OAuth,
   * passkey) log in by default; with 'link' they add the account to the logged-in user and
   * finish through `completeLink`; a method may add its own mode (`ScreenModes`).
   */
  mode?: ScreenMode;
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

/**
 * The auth modes a screen runs in (issue 6, "Auth mode: login or link"), as keys. A method adds
 * its own by declaration merging in its folder, as `ScreenParams`.
 */
export interface ScreenModes {
  login: true;
  link: true;
}

/** One of {@link ScreenModes}: `'login'`, `'link'`, or a method's own mode. */
export type ScreenMode = keyof ScreenModes;

/** A screen: a small component that reads everything it needs from the modal context. */
export type ScreenComponent = LazyExoticComponent<ComponentType>;

/** One navigation entry: the screen's component and, when it has a Back button, where it goes. */
export interface ScreenEntry {
  component: ScreenComponent;
  back?: ScreenName;
  /**
   * A login method's awaiting screen (code, OAuth, passkey, wallet): its code is preloaded
   * while the landing shows, and what follows a login while it shows (issue 14 item 2).
   */
  loginStep?: true;
}

/** Screen-registry entries: screen name -> lazily imported component (spec section 2). */
export type ScreenEntries = Partial<Record<ScreenName, ScreenEntry>>;
