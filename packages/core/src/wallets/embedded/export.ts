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
  /**
   * The modal's theme, handed to the export page in its URL so the frame matches the modal
   * (light or dark palette, accent colour). Default: the page follows `prefers-color-scheme`.
   */
  theme?: EmbeddedWalletExportTheme;
};

/** The theme the export page takes (`?theme=`, `accent=`, `accent_fg=` on its URL). */
export type EmbeddedWalletExportTheme = {
  colorScheme?: 'light' | 'dark';
  /** Accent colour (any CSS colour; the page ignores values it does not accept). */
  accent?: string;
  /** Text colour on the accent. */
  accentForeground?: string;
};

/** The export page URL: `{apiUrl}/apps/{appId}/embedded-wallets/export?client_id=...&theme=...`. */
export function embeddedWalletExportUrl(
  apiUrl: string,
  appId: string,
  theme: EmbeddedWalletExportTheme = {},
): string {
  const query = new URLSearchParams({ client_id: FRAME_CLIENT_ID });
  if (theme.colorScheme) query.set('theme', theme.colorScheme);
  if (theme.accent) query.set('accent', theme.accent);
  if (theme.accentForeground) query.set('accent_fg', theme.accentForeground);
  return `${apiUrl.replace(/\/+$/, '')}${ROUTES.walletExport(appId)}?${query.toString()}`;
}

/** A mounted export frame. */
export interface EmbeddedWalletExport {
  /** The visible iframe (style it with a class; the key is rendered inside it, on the API origin). */
  readonly iframe: HTMLIFrameElement;
  /**
   * Resolves once the frame shows its warning and Reveal button (answer `{ready: true}`). The
   * key appears only after the user clicks Reveal inside the frame, and never crosses to this
   * page (design.md, Keys). Rejects with a {@link WalletError}.
   */
  readonly ready: Promise<void>;
  /** Removes the frame. */
  destroy(): void;
}

/**
 * Mounts the wallet's export page (`/apps/{appId}/embedded-wallets/export`) in `container` and
 * hands it the export request (spec section 2, EMBEDDED_WALLET_KEY_EXPORT_SCREEN). The page
 * shows a warning and a Reveal button; the key is fetched and shown only after a trusted click
 * on Reveal inside the frame. The screen keeps its "connecting" state at least 1 s (spec
 * section 9); that is the UI's job.
 *
 * @example
 * const exp = createEmbeddedWalletExport({
 *   apiUrl, appId, getAccessToken, address, container: el, theme: { colorScheme: 'dark' },
 * });
 * await exp.ready;
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
  iframe.src = embeddedWalletExportUrl(apiUrl, parameters.appId, parameters.theme);
  const channel = createFrameChannel({
    window: win,
    frameOrigin,
    frameWindow: () => iframe.contentWindow,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = (async () => {
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
    ready,
    destroy() {
      clearTimeout(timer);
      channel.destroy(
        new WalletError(WALLET_ERROR_MESSAGES.bridgeDestroyed, { code: 'wallet_proxy_destroyed' }),
      );
      iframe.remove();
    },
  };
}
