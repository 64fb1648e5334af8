/**
 * The host side of the wallet's cloud recovery page (issue 23; spec sections 2, 4, 5 and 8):
 * mounting `/apps/{appId}/embedded-wallets/cloud`, and the full-page redirect fallback a blocked
 * Google Drive pop-up needs (the pending flow kept in this tab's sessionStorage, and the return
 * read back on the next page load). Part of the lazy `@latchkey/core/embedded-wallet` entry.
 */
import { type CloudRecoveryMethod, FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import { framePageUrl, type FramePageTheme, mountFramePage } from './frame-page.ts';

/**
 * The cloud recovery methods (spec section 1), as `@latchkey/api`'s `CLOUD_RECOVERY_METHODS`
 * (whose module also holds zod schemas, which the browser bundle never imports).
 */
export const CLOUD_RECOVERY_PROVIDERS = [
  'google-drive',
  'icloud',
] as const satisfies readonly CloudRecoveryMethod[];

/** Whether `method` is a cloud recovery method (`google-drive`, `icloud`). */
export function isCloudRecoveryMethod(method: unknown): method is CloudRecoveryMethod {
  return (CLOUD_RECOVERY_PROVIDERS as readonly unknown[]).includes(method);
}

/** What the cloud page does (`latchkey:wallet:cloud` `action`): `create`, `recover` or `set`. */
export type EmbeddedWalletCloudAction = FramePayloads['latchkey:wallet:cloud']['in']['action'];

/**
 * The cloud page's answer: `{status: 'done', address, recoveryMethod, deviceStorage?}` once the
 * user finished inside the frame, or `{status: 'redirect', url}` when the provider's pop-up was
 * blocked and the top window must go to `url` (Google Drive with a `returnUrl` only).
 */
export type EmbeddedWalletCloudResult = FramePayloads['latchkey:wallet:cloud']['out'];

/** What a provider's redirect brought back to the host page: `{code, state}`. */
export type CloudOAuthReturn = NonNullable<
  FramePayloads['latchkey:wallet:cloud']['in']['oauthReturn']
>;

/**
 * How long the host waits for the user to finish on the cloud page (sign-in pop-up, retries):
 * 30 minutes, as for the password page. The frame answers only when the user is done.
 */
export const CLOUD_FRAME_TIMEOUT_MS = 30 * 60_000;

/**
 * How long a pending redirect flow stays usable, ms: the server's recovery OAuth flow lives 10
 * minutes (`RECOVERY_OAUTH_STATE_TTL_S`), so an older return could only be refused.
 */
export const CLOUD_PENDING_TTL_MS = 10 * 60_000;

/** The cloud flow a tab keeps across the redirect fallback (sessionStorage, per app id). */
export interface PendingCloudRecovery {
  action: EmbeddedWalletCloudAction;
  provider: CloudRecoveryMethod;
  /** The wallet's address (`recover`, `set`). */
  address?: string;
  /** When the redirect started, ms since the epoch. */
  at: number;
}

/** A cloud flow to finish after the redirect: the pending flow and what the provider returned. */
export interface CloudRecoveryReturn {
  action: EmbeddedWalletCloudAction;
  provider: CloudRecoveryMethod;
  address?: string;
  oauthReturn: CloudOAuthReturn;
}

/** The storage the pending flow lives in (the tab's sessionStorage by default). */
export type CloudPendingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const pendingKey = (appId: string) => `latchkey:cloud-recovery:${appId}`;

/** The query names of a provider's return (the social login's, `latchkey_oauth_*`). */
const RETURN_PARAMS = {
  code: 'latchkey_oauth_code',
  state: 'latchkey_oauth_state',
  provider: 'latchkey_oauth_provider',
} as const;

function sessionStore(): CloudPendingStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps `pending` for the return of a redirect (the tab's sessionStorage, key
 * `latchkey:cloud-recovery:{appId}`). Nothing secret is kept: the PKCE verifier and the flow's
 * state stay in the wallet frame.
 */
export function savePendingCloudRecovery(
  appId: string,
  pending: PendingCloudRecovery,
  storage: CloudPendingStorage | null = sessionStore(),
): void {
  try {
    storage?.setItem(pendingKey(appId), JSON.stringify(pending));
  } catch {
    // A full or blocked storage: the return then finds no flow and is ignored.
  }
}

function readPending(appId: string, storage: CloudPendingStorage | null) {
  try {
    const raw = storage?.getItem(pendingKey(appId));
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<PendingCloudRecovery>;
    const actions: unknown[] = ['create', 'recover', 'set'];
    if (!actions.includes(p.action) || !isCloudRecoveryMethod(p.provider)) return null;
    if (typeof p.at !== 'number') return null;
    return p as PendingCloudRecovery;
  } catch {
    return null;
  }
}

/** Parameters of {@link takeCloudRecoveryReturn}. */
export interface TakeCloudRecoveryReturnParameters {
  appId: string;
  /** The page's URL. Default `window.location.href`. */
  href?: string;
  /** Replaces the page's URL (default `history.replaceState(history.state, '', url)`). */
  replaceUrl?: (url: string) => void;
  storage?: CloudPendingStorage | null;
  /** ms since the epoch. Default `Date.now()`. */
  now?: number;
}

/**
 * Reads a cloud recovery return on page load (issue 23, the redirect fallback): the URL carries
 * `latchkey_oauth_code` / `latchkey_oauth_state` / `latchkey_oauth_provider` with the provider a
 * cloud method (`google-drive`, `icloud`). The query is stripped from the URL
 * (`history.replaceState`) and the pending flow removed from storage. The social login's return
 * handler leaves such a return alone.
 *
 * @returns the flow to reopen on EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN with `oauthReturn`, or
 *   null: no cloud return in the URL, or a return with no pending flow of this tab for the same
 *   provider, or one older than {@link CLOUD_PENDING_TTL_MS} (ignored: the frame could only
 *   refuse it).
 */
export function takeCloudRecoveryReturn(
  parameters: TakeCloudRecoveryReturnParameters,
): CloudRecoveryReturn | null {
  const href = parameters.href ?? globalThis.location?.href;
  if (!href) return null;
  const url = new URL(href);
  const provider = url.searchParams.get(RETURN_PARAMS.provider);
  const code = url.searchParams.get(RETURN_PARAMS.code);
  const state = url.searchParams.get(RETURN_PARAMS.state);
  if (!isCloudRecoveryMethod(provider) || code === null || state === null) return null;
  for (const name of Object.values(RETURN_PARAMS)) url.searchParams.delete(name);
  const replaceUrl =
    parameters.replaceUrl ??
    ((next: string) => globalThis.history?.replaceState(globalThis.history.state, '', next));
  replaceUrl(url.href);
  const storage = parameters.storage === undefined ? sessionStore() : parameters.storage;
  const pending = readPending(parameters.appId, storage);
  try {
    storage?.removeItem(pendingKey(parameters.appId));
  } catch {
    // nothing kept
  }
  const now = parameters.now ?? Date.now();
  if (!pending || pending.provider !== provider || now - pending.at > CLOUD_PENDING_TTL_MS) {
    return null;
  }
  return {
    action: pending.action,
    provider,
    ...(pending.address ? { address: pending.address } : {}),
    oauthReturn: { code, state },
  };
}

/** Parameters of {@link createEmbeddedWalletCloudFrame}. */
export type CreateEmbeddedWalletCloudFrameParameters = {
  apiUrl: string;
  appId: string;
  getAccessToken: () => Promise<string | null>;
  /** Element the visible cloud frame is appended to (the OAuth screen's body). */
  container: HTMLElement;
  /** `create` a wallet backed up to `provider`, `recover` it from there, `set` the backup. */
  action: EmbeddedWalletCloudAction;
  provider: CloudRecoveryMethod;
  /** The embedded wallet's address; required for `recover` and `set`. */
  address?: string;
  /**
   * The host page a blocked pop-up's redirect comes back to: one of the app's allowed origins
   * exactly (the server compares it so). Without it the frame never answers `redirect`.
   */
  returnUrl?: string;
  /** What the provider's redirect brought back ({@link takeCloudRecoveryReturn}). */
  oauthReturn?: CloudOAuthReturn;
  /** The modal's theme (same URL parameters as the password page). */
  theme?: FramePageTheme;
  /** Frame ready timeout in ms. Default 30000 (spec section 9: wallet proxy init). */
  readyMs?: number;
  /** How long to wait for the user in ms. Default {@link CLOUD_FRAME_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Where the pending flow is kept for a redirect. Default the tab's sessionStorage. */
  storage?: CloudPendingStorage | null;
  /** Sends the top window to the provider. Default `window.location.assign(url)`. */
  navigate?: (url: string) => void;
};

/** A mounted cloud recovery frame. */
export interface EmbeddedWalletCloudFrame {
  /** The visible iframe (its page reports its height; nothing of the page may cover it). */
  readonly iframe: HTMLIFrameElement;
  /**
   * Resolves once the frame is up and has the request (it then draws the provider's button).
   * Rejects with a {@link WalletError} ('Missing access token', 'walletProxy does not exist').
   */
  readonly ready: Promise<void>;
  /**
   * The page's answer: `{status: 'done', address, recoveryMethod, deviceStorage?}`, or
   * `{status: 'redirect', url}` once the top window is on its way to `url`. Rejects with the
   * frame's {@link WalletError} (e.g. `session_not_bound`), when {@link ready} rejects, after
   * `timeoutMs`, or with `frame_error` for a redirect to a URL that is not http(s).
   */
  readonly result: Promise<EmbeddedWalletCloudResult>;
  /** Removes the frame; a pending result rejects with `wallet_proxy_destroyed`. */
  destroy(): void;
}

/** The cloud page URL: `{apiUrl}/apps/{appId}/embedded-wallets/cloud?client_id=...&theme=...`. */
export function embeddedWalletCloudUrl(
  apiUrl: string,
  appId: string,
  theme: FramePageTheme = {},
): string {
  return framePageUrl(apiUrl, ROUTES.walletCloud(appId), theme);
}

/**
 * Mounts the wallet's cloud recovery page (`/apps/{appId}/embedded-wallets/cloud`, on the API
 * origin) in `container` and hands it ONE `latchkey:wallet:cloud` request `{accessToken, action,
 * provider, address?, returnUrl?, oauthReturn?}` (issue 23; spec sections 2, 4 and 8,
 * EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN). The frame draws the provider's button and opens the
 * provider's pop-up on the user's click inside it; the PKCE verifier, the provider's token and
 * the cloud key never leave it; failures the user can retry ('{Recovery|Back up} with {provider}
 * unsuccessful') are shown and retried there. No `allow` is needed: the pop-up comes from the
 * frame's own click.
 *
 * When the frame answers `{status: 'redirect', url}` (a blocked Google pop-up), the pending flow
 * `{action, provider, address, at}` is kept in sessionStorage ({@link savePendingCloudRecovery})
 * and the top window goes to `url`; `result` resolves with that answer. The return is read on
 * the next page load by {@link takeCloudRecoveryReturn}.
 *
 * @throws WalletError `no_embedded_wallet` for `recover` or `set` without an address.
 * @example
 * const frame = createEmbeddedWalletCloudFrame({
 *   apiUrl, appId, getAccessToken, container: el, action: 'recover', provider: 'google-drive',
 *   address, returnUrl: location.origin,
 * });
 * const answer = await frame.result; // {status: 'done', address, recoveryMethod: 'google-drive'}
 */
export function createEmbeddedWalletCloudFrame(
  parameters: CreateEmbeddedWalletCloudFrameParameters,
): EmbeddedWalletCloudFrame {
  if (parameters.action !== 'create' && !parameters.address) {
    throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, { code: 'no_embedded_wallet' });
  }
  const { action, provider, address } = parameters;
  const page = mountFramePage<
    FramePayloads['latchkey:wallet:cloud']['in'],
    EmbeddedWalletCloudResult
  >({
    apiUrl: parameters.apiUrl,
    getAccessToken: parameters.getAccessToken,
    container: parameters.container,
    url: embeddedWalletCloudUrl(parameters.apiUrl, parameters.appId, parameters.theme),
    title: 'Wallet backup',
    className: 'latchkey-cloud-frame',
    event: FRAME_EVENTS.walletCloud,
    data: (accessToken) => ({
      accessToken,
      action,
      provider,
      ...(address ? { address } : {}),
      ...(parameters.returnUrl ? { returnUrl: parameters.returnUrl } : {}),
      ...(parameters.oauthReturn ? { oauthReturn: parameters.oauthReturn } : {}),
    }),
    readyMs: parameters.readyMs,
    timeoutMs: parameters.timeoutMs ?? CLOUD_FRAME_TIMEOUT_MS,
  });
  const result = page.result.then((answer) => {
    if (answer.status === 'redirect') {
      // The frame is trusted, but the top window only ever goes to a web page.
      if (!/^https?:$/.test(new URL(answer.url).protocol)) {
        throw new WalletError('The wallet frame asked for an invalid redirect', {
          code: 'frame_error',
        });
      }
      savePendingCloudRecovery(
        parameters.appId,
        { action, provider, ...(address ? { address } : {}), at: Date.now() },
        parameters.storage === undefined ? sessionStore() : parameters.storage,
      );
      const navigate =
        parameters.navigate ??
        ((url: string) => parameters.container.ownerDocument.defaultView?.location.assign(url));
      navigate(answer.url);
    }
    return answer;
  });
  result.catch(() => {});
  return { iframe: page.iframe, ready: page.ready, result, destroy: () => page.destroy() };
}
