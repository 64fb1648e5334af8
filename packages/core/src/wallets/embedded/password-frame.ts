import { FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { createFrameChannel, DEFAULT_BRIDGE_TIMEOUTS, FRAME_CLIENT_ID } from './bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import type { EmbeddedWalletExportTheme } from './export.ts';

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
  theme?: EmbeddedWalletExportTheme;
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
  theme: EmbeddedWalletExportTheme = {},
  appName?: string,
): string {
  const query = new URLSearchParams({ client_id: FRAME_CLIENT_ID });
  if (theme.colorScheme) query.set('theme', theme.colorScheme);
  if (theme.accent) query.set('accent', theme.accent);
  if (theme.accentForeground) query.set('accent_fg', theme.accentForeground);
  if (appName) query.set('app_name', appName);
  return `${apiUrl.replace(/\/+$/, '')}${ROUTES.walletPassword(appId)}?${query.toString()}`;
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
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '');
  const frameOrigin = new URL(apiUrl).origin;
  const doc = parameters.container.ownerDocument;
  const win = doc.defaultView;
  if (!win)
    throw new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });
  if (parameters.action !== 'create' && !parameters.address) {
    throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, { code: 'no_embedded_wallet' });
  }
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('title', 'Wallet password');
  iframe.className = 'latchkey-password-frame';
  // Copy inside the frame writes the password to the clipboard.
  iframe.setAttribute('allow', 'clipboard-write');
  iframe.src = embeddedWalletPasswordUrl(
    apiUrl,
    parameters.appId,
    parameters.theme,
    parameters.appName,
  );
  const channel = createFrameChannel({
    window: win,
    frameOrigin,
    frameWindow: () => iframe.contentWindow,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let markReady!: () => void;
  const sent = new Promise<void>((resolve) => (markReady = resolve));
  let abort!: (error: WalletError) => void;
  const aborted = new Promise<never>((_, reject) => (abort = reject));
  const result = (async () => {
    const token = await parameters.getAccessToken();
    if (!token) {
      throw new WalletError(WALLET_ERROR_MESSAGES.missingAccessToken, {
        code: 'missing_access_token',
      });
    }
    await Promise.race([
      channel.readyPromise,
      aborted,
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
    const answer = channel.send(
      FRAME_EVENTS.walletPassword,
      {
        accessToken: token,
        action: parameters.action,
        ...(parameters.address ? { address: parameters.address } : {}),
      },
      parameters.timeoutMs ?? PASSWORD_FRAME_TIMEOUT_MS,
    );
    markReady();
    return (await answer) as EmbeddedWalletPasswordResult;
  })();
  const ready = Promise.race([sent, result.then(() => undefined)]);
  // Either may be awaited alone: never leave a rejection unhandled.
  aborted.catch(() => {});
  ready.catch(() => {});
  result.catch(() => {});
  parameters.container.appendChild(iframe);
  return {
    iframe,
    ready,
    result,
    destroy() {
      clearTimeout(timer);
      const reason = new WalletError(WALLET_ERROR_MESSAGES.bridgeDestroyed, {
        code: 'wallet_proxy_destroyed',
      });
      abort(reason);
      channel.destroy(reason);
      iframe.remove();
    },
  };
}
