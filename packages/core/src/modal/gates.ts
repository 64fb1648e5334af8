/**
 * The provider's gates as decisions without a DOM (issue 11): when the terms screen opens for a
 * restored session, what the embedded wallet does when the session changes, and how a screen
 * exits the modal.
 */
import type { SessionState } from '../session/createLatchkeyClient.ts';
import type { User } from '../session/user.ts';
import { hasEmbeddedWallet } from '../wallets/embedded/types.ts';

/** What {@link termsGateUser} reads. */
export interface TermsGateInput {
  session: SessionState;
  /** Server config `require_users_accept_terms`. */
  requireTerms: boolean;
  /** The modal is open (a login in progress shows consent itself). */
  open: boolean;
  /** `render.standalone`: the inline modal shows no gate. */
  standalone: boolean;
  /** The user id the consent screen was last opened for (once per user), or null. */
  shownFor: string | null;
}

/**
 * The user AFFIRMATIVE_CONSENT_SCREEN must open for (issue 6): an authenticated user who has not
 * accepted the required terms, while the modal is closed, not standalone, and not already shown
 * to this user; else null.
 */
export function termsGateUser(input: TermsGateInput): User | null {
  const { session, requireTerms, open, standalone, shownFor } = input;
  const user = session.user;
  if (session.status !== 'authenticated' || !user || !requireTerms || user.hasAcceptedTerms)
    return null;
  if (open || shownFor === user.id || standalone) return null;
  return user;
}

/** What the embedded wallet does on a session change: forget it, connect it, or nothing yet. */
export type WalletAutoConnectStep = 'reset' | 'connect' | 'wait';

/**
 * The embedded wallet after a session change (issue 3): 'reset' when logged out; 'connect' for
 * an authenticated user with an embedded wallet once the wallet is idle and the modal closed (a
 * login in progress finishes first); else 'wait'.
 */
export function walletAutoConnectStep(input: {
  session: SessionState;
  /** The wallet controller's status ('idle' before its manager loads). */
  walletStatus: string;
  open: boolean;
}): WalletAutoConnectStep {
  const { session, walletStatus, open } = input;
  if (session.status === 'unauthenticated') return 'reset';
  if (session.status !== 'authenticated' || !hasEmbeddedWallet(session.user)) return 'wait';
  if (walletStatus !== 'idle' || open) return 'wait';
  return 'connect';
}

/**
 * A screen gives up with `failure` (spec section 2): a closeable modal closes and reports it;
 * an inline one reports it (`fail`) and goes back to LANDING (`restart`).
 */
export function exitModal<F>(
  target: {
    closeable: boolean;
    close: (failure: F) => void;
    fail: (failure: F) => void;
    restart: () => void;
  },
  failure: F,
): void {
  if (target.closeable) {
    target.close(failure);
    return;
  }
  target.fail(failure);
  target.restart();
}
