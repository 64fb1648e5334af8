import { FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import { framePageUrl, type FramePageTheme, mountFramePage } from './frame-page.ts';

/** What the password page does (`latchkey:wallet:password` `action`; issue 24 item 4). */
export type EmbeddedWalletPasswordAction =
  FramePayloads['latchkey:wallet:password']['in']['action'];

/** The page's answer once the operation is done; it never carries the password. */
export type EmbeddedWalletPasswordResult = FramePayloads['latchkey:wallet:password']['out'];

/**
 * How long the host waits for the user to finish on the password page (the four steps, or
 * recovery tries): 30 minutes. The frame answers only when the user is done.
 */
export const PASSWORD_FRAME_TIMEOUT_MS = 30 * 60_000;

/** Parameters of {@link createEmbeddedWalletPasswordFrame}. */
export type CreateEmbeddedWalletPasswordFrameParameters = {
  apiUrl: string;
  appId: string;
  getAccessToken: () => Promise<string | null>;
  /** Element the visible password frame is appended to (the password screen's body). */
  container: HTMLElement;
  /** `create` a wallet, `recover` it, `set` a first password, `change` it. */
  action: EmbeddedWalletPasswordAction;
  /** The embedded wallet's address; required for every action but `create`. */
  address?: string;
  /** The modal's theme (same URL parameters as the export page). */
  theme?: FramePageTheme;
  /** The app's name, for the downloaded recovery file's name (`app_name` on the URL). */
  appName?: string;
  /** Frame ready timeout in ms. Default 30000 (spec section 9: wallet proxy init, password screens). */
  readyMs?: number;
  /** How long to wait for the user in ms. Default {@link PASSWORD_FRAME_TIMEOUT_MS}. */
  timeoutMs?: number;
};

/**
 * The password page URL:
 * `{apiUrl}/apps/{appId}/embedded-wallets/password?client_id=...&theme=...&app_name=...`.
 */
export function embeddedWalletPasswordUrl(
  apiUrl: string,
  appId: string,
  theme: FramePageTheme = {},
  appName?: string,
): string {
  return framePageUrl(apiUrl, ROUTES.walletPassword(appId), theme, { app_name: appName });
}

/** A mounted password frame. */
export interface EmbeddedWalletPasswordFrame {
  /** The visible iframe (give it a fixed height; nothing of the page may cover it). */
  readonly iframe: HTMLIFrameElement;
  /**
   * Resolves once the frame is up and has the request (it then draws its inputs). Rejects with
   * a {@link WalletError} ('Missing access token', 'walletProxy does not exist' after `readyMs`).
   */
  readonly ready: Promise<void>;
  /**
   * The page's answer once the user finished inside the frame: `{address, recoveryMethod,
   * deviceStorage}`. Rejects with the frame's {@link WalletError} (e.g. type
   * `recovery_attempts_exceeded`, `session_not_bound`; the page keeps showing its own state),
   * or when {@link ready} rejects, or after `timeoutMs`.
   */
  readonly result: Promise<EmbeddedWalletPasswordResult>;
  /** Removes the frame; a pending {@link result} rejects. */
  destroy(): void;
}

/**
 * Mounts the wallet's password page (`/apps/{appId}/embedded-wallets/password`, on the API
 * origin) in `container` and hands it ONE `latchkey:wallet:password` request
 * `{accessToken, action, address?}` (issue 24 item 4; spec sections 2 and 5, the
 * EMBEDDED_WALLET_PASSWORD_* screens). The recovery password is typed, confirmed, copied and
 * downloaded inside that frame; the custody operation runs there on the user's click; this page
 * only gets the outcome, never the password. The iframe allows `clipboard-write` (Copy).
 *
 * @example
 * const frame = createEmbeddedWalletPasswordFrame({
 *   apiUrl, appId, getAccessToken, container: el, action: 'recover', address,
 * });
 * await frame.ready;                    // the inputs are showing
 * const { address } = await frame.result; // the user recovered inside the frame
 */
export function createEmbeddedWalletPasswordFrame(
  parameters: CreateEmbeddedWalletPasswordFrameParameters,
): EmbeddedWalletPasswordFrame {
  if (parameters.action !== 'create' && !parameters.address) {
    throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, { code: 'no_embedded_wallet' });
  }
  return mountFramePage<
    FramePayloads['latchkey:wallet:password']['in'],
    EmbeddedWalletPasswordResult
  >({
    apiUrl: parameters.apiUrl,
    getAccessToken: parameters.getAccessToken,
    container: parameters.container,
    url: embeddedWalletPasswordUrl(
      parameters.apiUrl,
      parameters.appId,
      parameters.theme,
      parameters.appName,
    ),
    title: 'Wallet password',
    className: 'latchkey-password-frame',
    // Copy inside the frame writes the password to the clipboard.
    allow: 'clipboard-write',
    event: FRAME_EVENTS.walletPassword,
    data: (accessToken) => ({
      accessToken,
      action: parameters.action,
      ...(parameters.address ? { address: parameters.address } : {}),
    }),
    readyMs: parameters.readyMs,
    timeoutMs: parameters.timeoutMs ?? PASSWORD_FRAME_TIMEOUT_MS,
  });
}
