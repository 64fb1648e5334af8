/**
 * The cloud recovery screen's logic without React (issue 23; spec sections 2, 4 and 8,
 * EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN): getting the wallet ready for the action, then mounting
 * the wallet's cloud page in a frame through `manager.mountCloud`.
 */
import type { CloudRecoveryMethod } from '@latchkey/api';
import type { User } from '../../session/user.ts';
import type {
  CloudOAuthReturn,
  EmbeddedWalletCloudAction,
  EmbeddedWalletCloudResult,
} from '../../wallets/embedded/cloud-frame.ts';
import type { EmbeddedWalletExportTheme } from '../../wallets/embedded/export.ts';
import type { EmbeddedWalletManager } from '../../wallets/embedded/manager.ts';
import { mountCustodyPage } from './custodyPage.ts';

/** What the cloud page answered once done (the manager adopted the wallet). */
export type CloudFlowResult = Extract<EmbeddedWalletCloudResult, { status: 'done' }> & {
  user?: User;
};

/** Parameters of {@link mountCloudFrame}. */
export interface MountCloudFrameParameters {
  /** The wallet controller (its `manager()`, created on first call). */
  wallet: { manager(): Promise<EmbeddedWalletManager> };
  /** The element the frame is drawn in (nothing may cover it). */
  host: HTMLElement;
  action: EmbeddedWalletCloudAction;
  provider: CloudRecoveryMethod;
  /** What the provider's redirect brought back (the redirect fallback's return). */
  oauthReturn?: CloudOAuthReturn;
  /** The modal's theme, for the page. */
  theme: EmbeddedWalletExportTheme;
  /** The iframe's accessible title. */
  frameTitle: string;
  /** The error text when `set` cannot connect the wallet on this device first. */
  unableToRecoverMessage: string;
  /** The frame is up and has the request (it draws the provider's button). */
  onReady: () => void;
  /** The page answered `done` (the manager adopted the wallet). */
  onResult: (result: CloudFlowResult) => void;
  /** The page answered `redirect`: the top window is going to the provider. */
  onRedirect?: (url: string) => void;
  /** The frame could not load, or answered an error. */
  onError: (error: unknown) => void;
}

/**
 * Mounts the wallet's cloud page (issue 23) through `manager.mountCloud`, one request per mount.
 * `set` reshares from this device's share: the wallet is connected first (else
 * `onError(Error(unableToRecoverMessage))`). Before `recover` and `set`, an MFA user verifies
 * (`manager.ensureMfa`; issue 15), since the page cannot ask for it behind its button. Nothing is
 * reported after the returned function runs; it destroys the frame.
 *
 * @returns The unmount function.
 */
export function mountCloudFrame(p: MountCloudFrameParameters): () => void {
  return mountCustodyPage({
    wallet: p.wallet,
    needsDeviceShare: p.action === 'set',
    mfa: p.action === 'create' ? null : { onDevice: p.action !== 'recover' },
    unableToRecoverMessage: p.unableToRecoverMessage,
    mount: (manager) =>
      manager.mountCloud(p.host, {
        action: p.action,
        provider: p.provider,
        theme: p.theme,
        ...(p.oauthReturn ? { oauthReturn: p.oauthReturn } : {}),
      }),
    frameTitle: p.frameTitle,
    onReady: p.onReady,
    onAnswer: (answer) => {
      if (answer.status === 'done') p.onResult(answer);
      else p.onRedirect?.(answer.url);
    },
    onError: p.onError,
  });
}
