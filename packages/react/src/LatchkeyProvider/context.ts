import type {
  AuthenticateResult,
  LatchkeyClient,
  ScreenName,
  SessionState,
  User,
} from '@latchkey/core';
import { createContext } from 'react';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { ScreenParams } from '../Modal/ModalContext.ts';
import type { WalletController } from '../wallet/walletController.ts';

/** Why a login did not finish: `exited_auth_flow` when the user closed the modal. */
export interface LoginFailure {
  code: string;
  message: string;
  cause?: unknown;
}

/** Listeners `useLogin` registers; the modal calls them. */
export interface LoginListeners {
  onComplete?: (result: { user: User; isNewUser: boolean }) => void;
  onError?: (error: LoginFailure) => void;
}

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
  /** Called by the modal (internal). */
  /** The embedded wallet (issue 3). */
  wallet: WalletController;
  modal: {
    open: boolean;
    /** Where the modal opens: a wallet screen, or null for LANDING (a login). */
    start: { screen: ScreenName; params: ScreenParams } | null;
    /** The element focused when `login()` was called; focus returns there on close. */
    opener: { current: HTMLElement | null };
    close: () => void;
    complete: (result: AuthenticateResult | { user: User; isNewUser: boolean }) => void;
    fail: (error: LoginFailure) => void;
  };
}

export const LatchkeyContext = createContext<LatchkeyContextValue | null>(null);
