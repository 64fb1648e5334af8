import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import { createFrameChannel, DEFAULT_BRIDGE_TIMEOUTS, FRAME_CLIENT_ID } from './bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';

/** Parameters of {@link createEmbeddedWalletExport}. */
export type CreateEmbeddedWalletExportParameters = {
  apiUrl: string;
  appId: string;
  getAccessToken: () => Promise<string | null>;
  /** The embedded wallet's address. */
  address: string;
  /** Element the visible export frame is appended to (the KEY_EXPORT screen's body). */
  container: HTMLElement;
  /** Frame ready timeout in ms. Default 30000. */
  readyMs?: number;
  /** Export answer timeout in ms. Default 120000. */
  timeoutMs?: number;
};

/** A mounted export frame. */
export interface EmbeddedWalletExport {
  /** The visible iframe (style it with a class; the key is rendered inside it, on the API origin). */
  readonly iframe: HTMLIFrameElement;
  /**
   * Resolves once the frame shows the key. The answer is only `{shown: true}`: the key never
   * crosses to this page (design.md, Keys). Rejects with a {@link WalletError}.
   */
  readonly shown: Promise<void>;
  /** Removes the frame. */
  destroy(): void;
}

/**
 * Mounts the wallet's export page (`/apps/{appId}/embedded-wallets/export`) in `container` and asks
 * it to show the key (spec section 2, EMBEDDED_WALLET_KEY_EXPORT_SCREEN). The screen keeps its
 * "connecting" state at least 1 s (spec section 9); that is the UI's job.
 *
 * @example
 * const exp = createEmbeddedWalletExport({ apiUrl, appId, getAccessToken, address, container: el });
 * await exp.shown;
 */
export function createEmbeddedWalletExport(
  parameters: CreateEmbeddedWalletExportParameters,
): EmbeddedWalletExport {
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '');
  const frameOrigin = new URL(apiUrl).origin;
  const doc = parameters.container.ownerDocument;
  const win = doc.defaultView;
  if (!win)
    throw new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('title', 'Export wallet');
  iframe.className = 'latchkey-export-frame';
  // The Copy button inside the frame writes to the clipboard.
  iframe.setAttribute('allow', 'clipboard-write');
  iframe.src = `${apiUrl}${ROUTES.walletExport(parameters.appId)}?client_id=${FRAME_CLIENT_ID}`;
  const channel = createFrameChannel({
    window: win,
    frameOrigin,
    frameWindow: () => iframe.contentWindow,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const shown = (async () => {
    const token = await parameters.getAccessToken();
    if (!token) {
      throw new WalletError(WALLET_ERROR_MESSAGES.missingAccessToken, {
        code: 'missing_access_token',
      });
    }
    await Promise.race([
      channel.readyPromise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' }),
            ),
          parameters.readyMs ?? DEFAULT_BRIDGE_TIMEOUTS.readyMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    await channel.send(
      FRAME_EVENTS.walletExport,
      { accessToken: token, address: parameters.address },
      parameters.timeoutMs ?? DEFAULT_BRIDGE_TIMEOUTS.rpcMs,
    );
  })();
  parameters.container.appendChild(iframe);
  return {
    iframe,
    shown,
    destroy() {
      clearTimeout(timer);
      channel.destroy(
        new WalletError(WALLET_ERROR_MESSAGES.bridgeDestroyed, { code: 'wallet_proxy_destroyed' }),
      );
      iframe.remove();
    },
  };
}
