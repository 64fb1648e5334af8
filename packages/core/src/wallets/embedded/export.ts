import { FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { DEFAULT_BRIDGE_TIMEOUTS } from './bridge.ts';
import { framePageUrl, type FramePageTheme, mountFramePage } from './frame-page.ts';

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
export type EmbeddedWalletExportTheme = FramePageTheme;

/** The export page URL: `{apiUrl}/apps/{appId}/embedded-wallets/export?client_id=...&theme=...`. */
export function embeddedWalletExportUrl(
  apiUrl: string,
  appId: string,
  theme: EmbeddedWalletExportTheme = {},
): string {
  return framePageUrl(apiUrl, ROUTES.walletExport(appId), theme);
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
  const page = mountFramePage<FramePayloads['latchkey:wallet:export']['in'], unknown>({
    apiUrl: parameters.apiUrl,
    getAccessToken: parameters.getAccessToken,
    container: parameters.container,
    url: embeddedWalletExportUrl(parameters.apiUrl, parameters.appId, parameters.theme),
    title: 'Export wallet',
    className: 'latchkey-export-frame',
    // The Copy button inside the frame writes to the clipboard.
    allow: 'clipboard-write',
    event: FRAME_EVENTS.walletExport,
    data: (accessToken) => ({ accessToken, address: parameters.address }),
    readyMs: parameters.readyMs,
    timeoutMs: parameters.timeoutMs ?? DEFAULT_BRIDGE_TIMEOUTS.rpcMs,
  });
  // Ready once the frame answered `{ready: true}`: its warning and Reveal button are showing.
  const ready = page.result.then(() => undefined);
  ready.catch(() => {});
  return { iframe: page.iframe, ready, destroy: page.destroy };
}
