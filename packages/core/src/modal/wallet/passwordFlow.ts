/**
 * The password flow's logic without React (spec section 2; issue 24 item 4; moved from
 * `@latchkey/react`'s EmbeddedWalletPasswordCreate screen, issue 11): mounting the wallet's
 * password page in a frame, and the steps the flow shows around it.
 */
import type { User } from '../../session/user.ts';
import type { EmbeddedWalletExportTheme } from '../../wallets/embedded/export.ts';
import type { EmbeddedWalletManager } from '../../wallets/embedded/manager.ts';
import { mountCustodyPage } from './custodyPage.ts';
import type {
  EmbeddedWalletPasswordAction,
  EmbeddedWalletPasswordResult,
} from '../../wallets/embedded/password-frame.ts';

/** What the password page answered: the wallet created or its password set (adopted). */
export type PasswordFlowResult = EmbeddedWalletPasswordResult & { user?: User };

/** Parameters of {@link mountPasswordFrame}. */
export interface MountPasswordFrameParameters {
  /** The wallet controller (its `manager()`, created on first call). */
  wallet: { manager(): Promise<EmbeddedWalletManager> };
  /** The element the frame is drawn in (fixed height; nothing may cover it). */
  host: HTMLElement;
  action: EmbeddedWalletPasswordAction;
  /** The modal's theme, for the page. */
  theme: EmbeddedWalletExportTheme;
  /** For the downloaded recovery file's name. */
  appName: string;
  /** The iframe's accessible title. */
  frameTitle: string;
  /** The error text when `set` / `change` cannot connect the wallet on this device first. */
  unableToRecoverMessage: string;
  /** The frame is up and has the request (it draws its inputs). */
  onReady: () => void;
  /** The page answered (the manager adopted the wallet). */
  onResult: (result: PasswordFlowResult) => void;
  /** The frame could not load, or answered an error. */
  onError: (error: unknown) => void;
}

/**
 * Mounts the wallet's password page (issue 24 item 4) through `manager.mountPassword`, one
 * request per mount. `set` and `change` reshare from this device's share: the wallet is
 * connected first (else `onError(Error(unableToRecoverMessage))`). Nothing is reported after
 * the returned function runs; it destroys the frame.
 *
 * @returns The unmount function.
 */
export function mountPasswordFrame(p: MountPasswordFrameParameters): () => void {
  return mountCustodyPage({
    wallet: p.wallet,
    needsDeviceShare: p.action === 'set' || p.action === 'change',
    mfa: p.action === 'create' ? null : { onDevice: p.action !== 'recover' },
    unableToRecoverMessage: p.unableToRecoverMessage,
    mount: (manager) =>
      manager.mountPassword(p.host, { action: p.action, theme: p.theme, appName: p.appName }),
    frameTitle: p.frameTitle,
    onReady: p.onReady,
    onAnswer: p.onResult,
    onError: p.onError,
  });
}

/** The step the password flow shows: the frame, 'Success', or 'Something went wrong'. */
export type PasswordFlowStep =
  { step: 'frame' } | { step: 'done' } | { step: 'failed'; failure: string };

/** The step after the page answered: 'done'. */
export function passwordFlowDone(): PasswordFlowStep {
  return { step: 'done' };
}

/** The step after the page failed: 'failed' with the error's message (or its text). */
export function passwordFlowFailed(error: unknown): PasswordFlowStep {
  return { step: 'failed', failure: error instanceof Error ? error.message : String(error) };
}

/**
 * Whether the flow closes itself after 'done' (after SUCCESS_CLOSE_MS, 1400 ms): only when the
 * app started it (`automatic`); a user-started flow waits for Close.
 */
export function passwordFlowClosesItself(step: PasswordFlowStep, automatic: boolean): boolean {
  return step.step === 'done' && automatic;
}
