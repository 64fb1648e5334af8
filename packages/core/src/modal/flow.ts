/**
 * The modal's flow without a DOM (issue 11): which flow is open (login, link, connect, wallet,
 * consent), on which screen it opens, and how it ends (success, cancel or error) with what the
 * `useLogin` and `useLinkAccount` listeners receive. `@latchkey/react`'s provider owns one and
 * renders what it holds; its modal calls `close`, `complete`, `fail` and `completeLink`.
 */
import type { ScreenName } from '../screens/screens.ts';
import type { LinkedAccount, User } from '../session/user.ts';

/** The kinds of flow the modal runs (spec sections 2, 4 and 6; issues 3, 4 and 6). */
export type ModalFlowKind = 'login' | 'link' | 'connect' | 'wallet' | 'consent';

/** Why a login or link did not finish: `exited_auth_flow` when the user closed the modal. */
export interface ModalFailure {
  code: string;
  message: string;
  cause?: unknown;
}

/** How a login ended well: the user and whether the login created them. */
export interface ModalLoginSuccess {
  user: User;
  isNewUser: boolean;
}

/** How a link ended well (issue 6): the updated user, the method and the account it added. */
export interface ModalLinkSuccess {
  user: User;
  /** 'email', 'sms', 'siwe', 'passkey', an OAuth provider ('google'), or 'unknown'. */
  linkMethod: string;
  linkedAccount: LinkedAccount | null;
}

/** Listeners `useLogin` registers. */
export interface ModalLoginListeners {
  onComplete?: (result: ModalLoginSuccess) => void;
  onError?: (error: ModalFailure) => void;
}

/** Listeners `useLinkAccount` registers. */
export interface ModalLinkListeners {
  onSuccess?: (result: ModalLinkSuccess) => void;
  onError?: (error: ModalFailure) => void;
}

/** The screen the modal opens on, with its parameters (`P` is the renderer's params type). */
export interface ModalStart<P> {
  screen: ScreenName;
  params: P;
}

/** A link in progress: its method and the user as it was when the link started. */
export interface ModalLinkContext {
  method: string;
  before: User | null;
}

/** A snapshot of the modal's flow; a new object on every change (for `useSyncExternalStore`). */
export interface ModalFlowState<P> {
  /** The modal is shown. */
  open: boolean;
  /** The modal was opened at least once (its lazy chunk is wanted). */
  requested: boolean;
  /** The screen it opens on, or null for LANDING (a login). */
  start: ModalStart<P> | null;
  /** The flow last opened. */
  kind: ModalFlowKind;
  /**
   * The link the modal reports to, or null: then errors go to the login listeners. A wallet or
   * connect-only screen opened during a link keeps it.
   */
  link: ModalLinkContext | null;
  /** The flow has ended (or is not a login): closing reports nothing. */
  completed: boolean;
}

/** Parameters of {@link createModalFlow}. */
export interface CreateModalFlowParameters {
  /** The 'closed early' text of a link (`exited_link_flow`); read when it happens. */
  exitedLinkFlowMessage: () => string;
  /** The account a link added, told apart by comparing the user before and after; or null. */
  linkedAccount: (before: User | null, after: User, method: string) => LinkedAccount | null;
}

/** The modal's flow: state, transitions and listeners. See {@link createModalFlow}. */
export interface ModalFlow<P> {
  getState(): ModalFlowState<P>;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** A login: LANDING (`start` null) or a given screen (the OAuth return page). */
  openLogin(start?: ModalStart<P> | null): void;
  /** A link for the logged-in user (issue 6): reports to the link listeners. */
  openLink(start: ModalStart<P>, link: ModalLinkContext): void;
  /** Connect-only mode (issue 4): not a login, closing reports nothing. */
  openConnect(start: ModalStart<P>): void;
  /** A wallet screen (issue 3): not a login, closing reports nothing. */
  openWallet(start: ModalStart<P>): void;
  /** The terms screen for a restored session (issue 6): closing reports nothing. */
  openConsent(start: ModalStart<P>): void;
  /**
   * Closes the modal. An unfinished login or link reports `failure` if given (the consent
   * screen's `terms_declined`), else the failure of the attempt the user gave up on (see
   * `fail`), else `exited_auth_flow` ('The user closed the login modal') for a login and
   * `exited_link_flow` for a link. Exactly one `onError` per ended flow.
   */
  close(failure?: ModalFailure): void;
  /** A login ended well: closes and fires `onComplete({ user, isNewUser })`. */
  complete(result: ModalLoginSuccess): void;
  /**
   * A login or link step failed and the modal stays open (offering Retry or another method):
   * remembered, not reported yet (issue 14, item 6: `onError` fires only once the attempt has
   * ended). It is reported by {@link ModalFlow.settle} (the user went back to choose another
   * method) or by `close` (the user gave up); a later success drops it.
   */
  fail(error: ModalFailure): void;
  /**
   * The user left a failed attempt for another method (back to the landing): the attempt's
   * failure, if `fail` recorded one since, goes to its listeners' `onError` now. Nothing
   * otherwise.
   */
  settle(): void;
  /** A link ended well: closes and fires `onSuccess({ user, linkMethod, linkedAccount })`. */
  completeLink(user: User): void;
  /** Reports `error` to the link listeners only (a link refused before it opened). */
  failLink(error: ModalFailure): void;
  addLoginListeners(listeners: ModalLoginListeners): () => void;
  addLinkListeners(listeners: ModalLinkListeners): () => void;
}

/** The login listeners' `onError` when the user closes an unfinished login. */
export const EXITED_AUTH_FLOW: ModalFailure = {
  code: 'exited_auth_flow',
  message: 'The user closed the login modal',
};

/**
 * Creates the modal's {@link ModalFlow}: closed, on a login, nothing requested.
 *
 * @example
 * const flow = createModalFlow<ScreenParams>({ exitedLinkFlowMessage: () => m.exitedLinkFlow, linkedAccount });
 * flow.addLoginListeners({ onError: (e) => e.code }); // 'exited_auth_flow' after:
 * flow.openLogin(); flow.close();
 */
export function createModalFlow<P>(p: CreateModalFlowParameters): ModalFlow<P> {
  let state: ModalFlowState<P> = {
    open: false,
    requested: false,
    start: null,
    kind: 'login',
    link: null,
    completed: false,
  };
  const changes = new Set<() => void>();
  const logins = new Set<ModalLoginListeners>();
  const links = new Set<ModalLinkListeners>();
  const set = (patch: Partial<ModalFlowState<P>>) => {
    state = { ...state, ...patch };
    for (const l of [...changes]) l();
  };
  const show = (
    kind: ModalFlowKind,
    start: ModalStart<P> | null,
    patch: Partial<ModalFlowState<P>>,
  ) => {
    pending = null;
    set({ open: true, requested: true, kind, start, ...patch });
  };
  const report = (failure: { error: ModalFailure; link: boolean }) =>
    failure.link ? linkError(failure.error) : loginError(failure.error);
  /** The failure of the attempt on screen, not reported yet, and whom it is for. */
  let pending: { error: ModalFailure; link: boolean } | null = null;
  const loginError = (error: ModalFailure) => {
    for (const l of [...logins]) l.onError?.(error);
  };
  const linkError = (error: ModalFailure) => {
    for (const l of [...links]) l.onError?.(error);
  };
  const add = <L>(set: Set<L>, l: L) => {
    set.add(l);
    return () => {
      set.delete(l);
    };
  };

  return {
    getState: () => state,
    subscribe: (listener) => add(changes, listener),
    openLogin: (start = null) => show('login', start, { link: null, completed: false }),
    openLink: (start, link) => show('link', start, { link, completed: false }),
    openConnect: (start) => show('connect', start, { completed: true }),
    openWallet: (start) => show('wallet', start, { completed: true }),
    openConsent: (start) => show('consent', start, { link: null, completed: true }),
    close(failure) {
      const reportable = !state.completed;
      const gaveUp = pending;
      pending = null;
      set({ open: false, completed: true });
      // A failed step of a flow that reports nothing on close (a wallet screen after the
      // login) still ends here, once.
      if (!reportable) {
        if (gaveUp) report(gaveUp);
        return;
      }
      const link = !!state.link;
      if (failure) report({ error: failure, link });
      else if (gaveUp) report(gaveUp);
      else if (link) linkError({ code: 'exited_link_flow', message: p.exitedLinkFlowMessage() });
      else loginError(EXITED_AUTH_FLOW);
    },
    complete({ user, isNewUser }) {
      pending = null;
      set({ open: false, completed: true });
      for (const l of [...logins]) l.onComplete?.({ user, isNewUser });
    },
    fail(error) {
      pending = { error, link: !!state.link };
    },
    settle() {
      const failed = pending;
      pending = null;
      if (failed) report(failed);
    },
    completeLink(user) {
      pending = null;
      set({ open: false, completed: true });
      const method = state.link?.method ?? 'unknown';
      const linkedAccount = p.linkedAccount(state.link?.before ?? null, user, method);
      for (const l of [...links]) l.onSuccess?.({ user, linkMethod: method, linkedAccount });
    },
    failLink: linkError,
    addLoginListeners: (l) => add(logins, l),
    addLinkListeners: (l) => add(links, l),
  };
}
