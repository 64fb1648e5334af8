import { FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { createFrameChannel, DEFAULT_BRIDGE_TIMEOUTS, FRAME_CLIENT_ID } from './bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import type { EmbeddedWalletExportTheme } from './export.ts';

/** The user decides on the approval page: its answer waits this long by default (10 min). */
export const APPROVAL_TIMEOUT_MS = 600_000;

/** The signing request the approval page draws and signs (`latchkey:wallet:approve` `request`). */
export type EmbeddedWalletApprovalRequest =
  FramePayloads['latchkey:wallet:approve']['in']['request'];

/** The chain the approval page shows (`latchkey:wallet:approve` `chain`). */
export type EmbeddedWalletApprovalChain = FramePayloads['latchkey:wallet:approve']['in']['chain'];

/** The theme the approval page takes (same query parameters as the export page). */
export type EmbeddedWalletApprovalTheme = EmbeddedWalletExportTheme;

/** Parameters of {@link createEmbeddedWalletApproval}. */
export type CreateEmbeddedWalletApprovalParameters = {
  apiUrl: string;
  appId: string;
  getAccessToken: () => Promise<string | null>;
  /** The embedded wallet's address (the signer). */
  address: string;
  /** Element the visible approval frame is appended to (the sign or send screen's body). */
  container: HTMLElement;
  /**
   * What the frame signs once the user approves it inside the frame: `personal_sign`
   * (`[hexMessage, address]`), `eth_signTypedData_v4` (`[address, typedDataJson]`) or
   * `eth_signTransaction` (`[filledTx]`, hex quantities, chainId set).
   */
  request: EmbeddedWalletApprovalRequest;
  /** The chain the frame shows for the request (id, name, native currency). */
  chain: EmbeddedWalletApprovalChain;
  /** The approve button's label inside the frame (the spec's `buttonText`). Default: the frame's. */
  buttonText?: string;
  /** The modal's theme (light/dark, accent), carried in the page URL. */
  theme?: EmbeddedWalletApprovalTheme;
  /** Frame ready timeout in ms. Default 30000 ('walletProxy does not exist'). */
  readyMs?: number;
  /** Answer timeout in ms: how long the user may take to decide. Default 600000 (10 min). */
  timeoutMs?: number;
};

/** A mounted approval frame. */
export interface EmbeddedWalletApproval {
  /** The visible iframe. Give it a fixed height; nothing of the page may cover it. */
  readonly iframe: HTMLIFrameElement;
  /**
   * Resolves once the frame has loaded (`latchkey:iframe:ready`) and was handed the request.
   * Rejects with a {@link WalletError} (`missing_access_token`; `wallet_proxy_missing` after
   * `readyMs`).
   */
  readonly ready: Promise<void>;
  /**
   * The frame's answer once the user approved inside it: the signature (hex) for
   * `personal_sign` / `eth_signTypedData_v4`, the signed serialized transaction (hex) for
   * `eth_signTransaction`. Rejects with the frame's {@link WalletError} (its `type`), with
   * `wallet_proxy_no_response` after `timeoutMs`, or `wallet_proxy_destroyed` on `destroy()`.
   */
  readonly result: Promise<unknown>;
  /** Removes the frame; a pending `result` rejects with `wallet_proxy_destroyed`. */
  destroy(): void;
}

/**
 * The approval page URL:
 * `{apiUrl}/apps/{appId}/embedded-wallets/approve?client_id=...&theme=...&accent=...&accent_fg=...`.
 */
export function embeddedWalletApprovalUrl(
  apiUrl: string,
  appId: string,
  theme: EmbeddedWalletApprovalTheme = {},
): string {
  const query = new URLSearchParams({ client_id: FRAME_CLIENT_ID });
  if (theme.colorScheme) query.set('theme', theme.colorScheme);
  if (theme.accent) query.set('accent', theme.accent);
  if (theme.accentForeground) query.set('accent_fg', theme.accentForeground);
  return `${apiUrl.replace(/\/+$/, '')}${ROUTES.walletApprove(appId)}?${query.toString()}`;
}

/**
 * Mounts the wallet's approval page (`/apps/{appId}/embedded-wallets/approve`, on the API
 * origin) in `container` and hands it one signing request (`latchkey:wallet:approve`; issue 24
 * items 1 and 2). The page draws what will be signed and its own approve button; it signs only
 * after a trusted, unobscured click inside it (armed after a minimum visible time), so the host
 * page cannot approve for the user. `result` settles with the frame's answer.
 *
 * The iframe gets no `allow` permissions. The host must not cover it, make it transparent or
 * transform it (or any ancestor): the frame refuses clicks then.
 *
 * @example
 * const approval = createEmbeddedWalletApproval({
 *   apiUrl, appId, getAccessToken, address, container: el,
 *   request: { method: 'personal_sign', params: ['0x6869', address] },
 *   chain: { id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
 * });
 * const signature = await approval.result;
 */
export function createEmbeddedWalletApproval(
  parameters: CreateEmbeddedWalletApprovalParameters,
): EmbeddedWalletApproval {
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '');
  const frameOrigin = new URL(apiUrl).origin;
  const doc = parameters.container.ownerDocument;
  const win = doc.defaultView;
  if (!win)
    throw new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('title', 'Approve request');
  iframe.className = 'latchkey-approval-frame';
  iframe.src = embeddedWalletApprovalUrl(apiUrl, parameters.appId, parameters.theme);
  const channel = createFrameChannel({
    window: win,
    frameOrigin,
    frameWindow: () => iframe.contentWindow,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let handedOver!: () => void;
  const ready = new Promise<void>((resolve) => {
    handedOver = resolve;
  });
  let failReady!: (error: unknown) => void;
  const readyFailure = new Promise<never>((_, reject) => {
    failReady = reject;
  });
  let abort!: (error: WalletError) => void;
  const aborted = new Promise<never>((_, reject) => {
    abort = reject;
  });
  const result = (async () => {
    const token = await Promise.race([parameters.getAccessToken(), aborted]);
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
      aborted,
    ]).finally(() => clearTimeout(timer));
    const data: FramePayloads['latchkey:wallet:approve']['in'] = {
      accessToken: token,
      address: parameters.address,
      request: parameters.request,
      chain: parameters.chain,
      ...(parameters.buttonText ? { buttonText: parameters.buttonText } : {}),
    };
    const answer = channel.send(
      FRAME_EVENTS.walletApprove,
      data,
      parameters.timeoutMs ?? APPROVAL_TIMEOUT_MS,
    );
    handedOver();
    const out = (await answer) as FramePayloads['latchkey:wallet:approve']['out'] | undefined;
    if (out === undefined || out === null || out.response === undefined) {
      throw new WalletError(`walletProxy.approve ${WALLET_ERROR_MESSAGES.noResponse}`, {
        code: 'wallet_proxy_no_response',
      });
    }
    return out.response;
  })();
  aborted.catch(() => {});
  // `ready` fails with whatever failed before the request was handed over.
  result.catch((error: unknown) => failReady(error));
  const readyOrFailure = Promise.race([ready, readyFailure]);
  // Unobserved rejections of the derived promises are not the caller's.
  readyOrFailure.catch(() => {});
  parameters.container.appendChild(iframe);
  return {
    iframe,
    ready: readyOrFailure,
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
