/**
 * What the password and cloud recovery flows share (issue 24 item 4, issue 23): getting the
 * wallet ready on this device for a custody page, then mounting that page once and reporting
 * its readiness and answer while the screen lives.
 */
import type { EmbeddedWalletManager } from '../../wallets/embedded/manager.ts';

/** A mounted custody page, as the manager's `mountPassword` / `mountCloud` return it. */
interface CustodyPage<T> {
  readonly iframe: HTMLIFrameElement;
  readonly ready: Promise<void>;
  readonly result: Promise<T>;
  destroy(): void;
}

/** Parameters of {@link mountCustodyPage}. */
export interface MountCustodyPageParameters<T> {
  /** The wallet controller (its `manager()`, created on first call). */
  wallet: { manager(): Promise<EmbeddedWalletManager> };
  /**
   * The page reshares from this device's share (`set`, `change`): the wallet is connected
   * first, else `onError(Error(unableToRecoverMessage))`.
   */
  needsDeviceShare: boolean;
  /**
   * The page fetches shares an MFA user's session gets only when verified (every action but
   * `create`; issue 15), and cannot ask for MFA behind its button: `ensureMfa` runs first,
   * `onDevice` unless the action is `recover`.
   */
  mfa: { onDevice: boolean } | null;
  /** The error text when the wallet cannot be connected on this device first. */
  unableToRecoverMessage: string;
  /** Mounts the page (called once, when the wallet is ready and the screen still lives). */
  mount: (manager: EmbeddedWalletManager) => CustodyPage<T>;
  /** The iframe's accessible title. */
  frameTitle: string;
  /** The frame is up and has the request. */
  onReady: () => void;
  /** The page answered. */
  onAnswer: (answer: T) => void;
  /** The frame could not load, or answered an error. */
  onError: (error: unknown) => void;
}

/**
 * Gets the wallet ready ({@link MountCustodyPageParameters}), then mounts the page. Nothing is
 * reported after the returned function runs; it destroys the frame.
 * @returns The unmount function.
 */
export function mountCustodyPage<T>(p: MountCustodyPageParameters<T>): () => void {
  let live = true;
  let mounted: { destroy(): void } | null = null;
  (async () => {
    const manager = await p.wallet.manager();
    if (p.needsDeviceShare && manager.getState().status !== 'connected') {
      const connected = await manager.connect();
      if (connected.status !== 'connected') throw new Error(p.unableToRecoverMessage);
    }
    if (p.mfa) await manager.ensureMfa(p.mfa);
    if (!live) return { answered: false as const };
    const frame = p.mount(manager);
    mounted = frame;
    frame.iframe.title = p.frameTitle;
    frame.ready.then(
      () => {
        if (live) p.onReady();
      },
      () => {},
    );
    return { answered: true as const, answer: await frame.result };
  })().then(
    (out) => {
      if (live && out.answered) p.onAnswer(out.answer);
    },
    (error: unknown) => {
      if (live) p.onError(error);
    },
  );
  return () => {
    live = false;
    mounted?.destroy();
  };
}
