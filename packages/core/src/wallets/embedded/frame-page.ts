import type { FrameEvent } from '@latchkey/api';
import { createFrameChannel, DEFAULT_BRIDGE_TIMEOUTS, FRAME_CLIENT_ID } from './bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';

/**
 * The modal's theme and language, handed to a visible frame page in its URL (`?theme=`,
 * `accent=`, `accent_fg=`, `locale=`).
 */
export type FramePageTheme = {
  colorScheme?: 'light' | 'dark';
  /** Accent colour (any CSS colour; the page ignores values it does not accept). */
  accent?: string;
  /** Text colour on the accent. */
  accentForeground?: string;
  /**
   * The modal's resolved locale, a BCP 47 tag (`config.intl.locale`; issue 14 item 12). It only
   * picks one of the page's built-in catalogues (English when unknown); no text is passed.
   */
  locale?: string;
};

/**
 * The URL of a visible frame page on the API origin:
 * `{apiUrl}{path}?client_id=...&theme=...&accent=...&accent_fg=...&locale=...` plus `extra`
 * parameters.
 */
export function framePageUrl(
  apiUrl: string,
  path: string,
  theme: FramePageTheme = {},
  extra: Record<string, string | undefined> = {},
): string {
  const query = new URLSearchParams({ client_id: FRAME_CLIENT_ID });
  if (theme.colorScheme) query.set('theme', theme.colorScheme);
  if (theme.accent) query.set('accent', theme.accent);
  if (theme.accentForeground) query.set('accent_fg', theme.accentForeground);
  if (theme.locale) query.set('locale', theme.locale);
  for (const [name, value] of Object.entries(extra)) if (value) query.set(name, value);
  return `${apiUrl.replace(/\/+$/, '')}${path}?${query.toString()}`;
}

/** Parameters of {@link mountFramePage}. */
export interface MountFramePageParameters<TIn> {
  apiUrl: string;
  getAccessToken: () => Promise<string | null>;
  container: HTMLElement;
  /** The page's full URL ({@link framePageUrl}). */
  url: string;
  title: string;
  className: string;
  /** The iframe's `allow` attribute (e.g. `clipboard-write`); none by default. */
  allow?: string;
  /** The one request the page serves, and its data built from the access token. */
  event: FrameEvent;
  data: (accessToken: string) => TIn;
  /** Frame ready timeout in ms (`wallet_proxy_missing`). Default 30000. */
  readyMs?: number;
  /** Answer timeout in ms (`wallet_proxy_no_response`). */
  timeoutMs: number;
}

/** A mounted frame page (export, approval, password). */
export interface MountedFramePage<TOut> {
  readonly iframe: HTMLIFrameElement;
  /**
   * Resolves once the frame loaded (`latchkey:iframe:ready`) and was handed the request; rejects
   * with what failed before that ({@link WalletError} `missing_access_token`,
   * `wallet_proxy_missing`, `wallet_proxy_destroyed`).
   */
  readonly ready: Promise<void>;
  /** The page's answer; rejects with the frame's WalletError, a timeout, or on `destroy()`. */
  readonly result: Promise<TOut>;
  /** Removes the frame; pending promises reject with `wallet_proxy_destroyed`. */
  destroy(): void;
}

/**
 * Mounts one of the wallet's visible pages (export, approval, password; issue 24) in `container`
 * and hands it ONE request once it is ready, posting only to the API's exact origin. The shared
 * part of `createEmbeddedWalletExport`, `createEmbeddedWalletApproval` and
 * `createEmbeddedWalletPasswordFrame`.
 * @throws WalletError `wallet_proxy_missing` when `container` is not in a window.
 */
export function mountFramePage<TIn, TOut>(
  parameters: MountFramePageParameters<TIn>,
): MountedFramePage<TOut> {
  const frameOrigin = new URL(parameters.apiUrl).origin;
  const doc = parameters.container.ownerDocument;
  const win = doc.defaultView;
  if (!win)
    throw new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('title', parameters.title);
  iframe.className = parameters.className;
  if (parameters.allow) iframe.setAttribute('allow', parameters.allow);
  iframe.src = parameters.url;
  const channel = createFrameChannel({
    window: win,
    frameOrigin,
    frameWindow: () => iframe.contentWindow,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let handedOver!: () => void;
  const sent = new Promise<void>((resolve) => (handedOver = resolve));
  let abort!: (error: WalletError) => void;
  const aborted = new Promise<never>((_, reject) => (abort = reject));
  const result = (async () => {
    const token = await Promise.race([parameters.getAccessToken(), aborted]);
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
    const answer = channel.send(parameters.event, parameters.data(token), parameters.timeoutMs);
    handedOver();
    return (await answer) as TOut;
  })();
  // `ready` fails with whatever failed before the request was handed over.
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
