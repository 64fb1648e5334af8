import type {
  AuthenticateResult,
  LatchkeyClient,
  ModalLinkListeners,
  ModalLinkSuccess,
  ModalLoginListeners,
  ScreenName,
  SessionState,
  User,
  WalletController,
} from '@latchkey/core';
import { createContext } from 'react';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { MfaPromptParts } from '../mfa/useMfaPromptHandler.ts';
import type { SolanaWallets } from '../solana/solanaWallets.ts';
import type { LoginFailure, ScreenParams } from '../Modal/types.ts';

/** Listeners `useLogin` registers; the modal calls them (core's `ModalLoginListeners`). */
export type LoginListeners = ModalLoginListeners;

/**
 * How a link flow ended well (issue 6): the updated user, the method (a method id of
 * `methods/<id>/`, or a social provider such as 'google'; see `linkMethod.ts`), and the
 * account the flow added (null when it cannot be told apart, e.g. an address update that kept
 * the same type).
 */
export type LinkSuccess = ModalLinkSuccess;

/**
 * Listeners `useLinkAccount` registers; the modal calls them. `onError` gets
 * `must_be_authenticated` (logged out), `exited_link_flow` (closed early), or a server code.
 */
export type LinkListeners = ModalLinkListeners;

/** Everything the provider shares with hooks and the modal. Internal; hooks are the public API. */
export interface LatchkeyContextValue {
  client: LatchkeyClient;
  config: ResolvedConfig;
  session: SessionState;
  login: () => void;
  logout: () => Promise<void>;
  getAccessToken: () => Promise<string | null>;
  /** Opens the modal in connect-only mode: connect an external wallet without logging in (issue 4). */
  connectWallet: () => void;
  /** Registers login listeners; returns the unregister function. */
  addLoginListeners: (listeners: LoginListeners) => () => void;
  /**
   * Opens the modal on a link screen (a method's `linkScreen`, see `methods/<id>/link.ts`) for
   * the logged-in user (issue 6). Logged out: warns, reports `must_be_authenticated` to the
   * link listeners and returns false.
   */
  link: (screen: ScreenName, params?: ScreenParams) => boolean;
  /** Registers link listeners; returns the unregister function. */
  addLinkListeners: (listeners: LinkListeners) => () => void;
  /** Called by the modal (internal). */
  /** The embedded wallet (issue 3). */
  wallet: WalletController;
  /** The embedded Solana wallet (issue 22 item 2; `useSolanaWallets`), loaded on first use. */
  solana: SolanaWallets;
  /** MFA (issue 15): the pending prompt and the headless `useMfaRequired` listeners. */
  mfa: MfaPromptParts;
  modal: {
    open: boolean;
    /** Where the modal opens: a wallet screen, or null for LANDING (a login). */
    start: { screen: ScreenName; params: ScreenParams } | null;
    /** The element focused when `login()` was called; focus returns there on close. */
    opener: { current: HTMLElement | null };
    /**
     * Closes the modal; an unfinished login reports `failure` (the consent screen passes
     * `terms_declined`), else the failure of the attempt the user gave up on, else
     * `exited_auth_flow`, to `useLogin({ onError })` (core's `ModalFlow.close`).
     */
    close: (failure?: LoginFailure) => void;
    complete: (result: AuthenticateResult | { user: User; isNewUser: boolean }) => void;
    /** A step failed while the modal offers Retry: remembered, reported when the attempt ends. */
    fail: (error: LoginFailure) => void;
    /** The user went back to choose another method: a failed attempt is reported now. */
    settle: () => void;
    /** Ends a link flow: closes the modal and fires the link listeners' `onSuccess`. */
    completeLink: (user: User) => void;
  };
}

export const LatchkeyContext = createContext<LatchkeyContextValue | null>(null);
