import { FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { framePageUrl, type FramePageTheme, mountFramePage } from './frame-page.ts';

/**
 * The import page's answer once the key is imported, `{address, chainType?, deviceStorage?}`
 * (`address`: EIP-55 for Ethereum, base58 for Solana); it never carries the key.
 */
export type EmbeddedWalletImportResult = FramePayloads['latchkey:wallet:import']['out'];

/**
 * How long the host waits for the user on the import page (typing or pasting the key, checking
 * its address): 30 minutes. The frame itself gives the import 15 s once the user confirmed
 * (spec section 9) and answers an error after that.
 */
export const IMPORT_FRAME_TIMEOUT_MS = 30 * 60_000;

/** Parameters of {@link createEmbeddedWalletImportFrame}. */
export type CreateEmbeddedWalletImportFrameParameters = {
  apiUrl: string;
  appId: string;
  getAccessToken: () => Promise<string | null>;
  /** Element the visible import frame is appended to (the import screen's body). */
  container: HTMLElement;
  /** The modal's theme (same URL parameters as the export page). */
  theme?: FramePageTheme;
  /**
   * The family of the key the page asks for (issue 22 item 4): `ethereum` (the default: 64 hex
   * digits) or `solana` (the 64-byte secret key in base58, or `solana-keygen`'s JSON array).
   */
  chainType?: 'ethereum' | 'solana';
  /** Frame ready timeout in ms. Default 30000. */
  readyMs?: number;
  /** How long to wait for the user in ms. Default {@link IMPORT_FRAME_TIMEOUT_MS}. */
  timeoutMs?: number;
};

/** The import page URL: `{apiUrl}/apps/{appId}/embedded-wallets/import?client_id=...&theme=...`. */
export function embeddedWalletImportUrl(
  apiUrl: string,
  appId: string,
  theme: FramePageTheme = {},
): string {
  return framePageUrl(apiUrl, ROUTES.walletImport(appId), theme);
}

/** A mounted import frame. */
export interface EmbeddedWalletImportFrame {
  /** The visible iframe (give it a height; nothing of the page may cover it). */
  readonly iframe: HTMLIFrameElement;
  /**
   * Resolves once the frame is up and has the request (it then shows the key input). Rejects
   * with a {@link WalletError} ('Missing access token', 'walletProxy does not exist').
   */
  readonly ready: Promise<void>;
  /**
   * `{address, chainType, deviceStorage}` once the user imported the key inside the frame. Rejects with
   * the frame's {@link WalletError} (e.g. the server's 'Only one Latchkey wallet per user is
   * currently allowed'; 'The wallet import timed out.' after 15 s; the page keeps showing why),
   * when {@link ready} rejects, or after `timeoutMs`.
   */
  readonly result: Promise<EmbeddedWalletImportResult>;
  /** Removes the frame; a pending {@link result} rejects. */
  destroy(): void;
}

/**
 * Mounts the wallet's key import page (`/apps/{appId}/embedded-wallets/import`, on the API
 * origin) in `container` and hands it ONE `latchkey:wallet:import` request `{accessToken}`
 * (issue 22 item 4), with `chainType: 'solana'` for a Solana key. The user types or pastes an
 * Ethereum private key (hex), or a Solana secret key (base58 or a JSON byte array), into the
 * frame's own input, sees its address, and confirms there; the frame checks the key, shards it
 * like a created one and stores it as the user's embedded wallet of that chain family with
 * `imported: true`. This page only gets the outcome, never the key. Use it for a user without an
 * embedded wallet of that family (the server refuses a second one with `embedded_wallet_exists`;
 * spec section 5: one wallet per chain family).
 *
 * @example
 * const frame = createEmbeddedWalletImportFrame({ apiUrl, appId, getAccessToken, container: el });
 * await frame.ready;                      // the key input is showing
 * const { address } = await frame.result; // imported inside the frame
 */
export function createEmbeddedWalletImportFrame(
  parameters: CreateEmbeddedWalletImportFrameParameters,
): EmbeddedWalletImportFrame {
  return mountFramePage<FramePayloads['latchkey:wallet:import']['in'], EmbeddedWalletImportResult>({
    apiUrl: parameters.apiUrl,
    getAccessToken: parameters.getAccessToken,
    container: parameters.container,
    url: embeddedWalletImportUrl(parameters.apiUrl, parameters.appId, parameters.theme),
    title: 'Import wallet',
    className: 'latchkey-import-frame',
    event: FRAME_EVENTS.walletImport,
    // An Ethereum import posts `{accessToken}` only, as before the Solana one existed.
    data: (accessToken) =>
      parameters.chainType === 'solana' ? { accessToken, chainType: 'solana' } : { accessToken },
    readyMs: parameters.readyMs,
    timeoutMs: parameters.timeoutMs ?? IMPORT_FRAME_TIMEOUT_MS,
  });
}
