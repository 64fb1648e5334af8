import { FRAME_EVENTS, type FramePayloads, ROUTES } from '@latchkey/api';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import { framePageUrl, type FramePageTheme, mountFramePage } from './frame-page.ts';

type ApproveIn = FramePayloads['latchkey:wallet:approve']['in'];
type ApproveOut = FramePayloads['latchkey:wallet:approve']['out'];

/** The user decides on the approval page: its answer waits this long by default (10 min). */
export const APPROVAL_TIMEOUT_MS = 600_000;

/** The signing request the approval page draws and signs (`latchkey:wallet:approve` `request`). */
export type EmbeddedWalletApprovalRequest =
  FramePayloads['latchkey:wallet:approve']['in']['request'];

/** The chain the approval page shows (`latchkey:wallet:approve` `chain`). */
export type EmbeddedWalletApprovalChain = FramePayloads['latchkey:wallet:approve']['in']['chain'];

/** The theme the approval page takes (same query parameters as the export page). */
export type EmbeddedWalletApprovalTheme = FramePageTheme;

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
  return framePageUrl(apiUrl, ROUTES.walletApprove(appId), theme);
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
  const page = mountFramePage<ApproveIn, ApproveOut | undefined>({
    apiUrl: parameters.apiUrl,
    getAccessToken: parameters.getAccessToken,
    container: parameters.container,
    url: embeddedWalletApprovalUrl(parameters.apiUrl, parameters.appId, parameters.theme),
    title: 'Approve request',
    className: 'latchkey-approval-frame',
    event: FRAME_EVENTS.walletApprove,
    data: (accessToken) => ({
      accessToken,
      address: parameters.address,
      request: parameters.request,
      chain: parameters.chain,
      ...(parameters.buttonText ? { buttonText: parameters.buttonText } : {}),
    }),
    readyMs: parameters.readyMs,
    timeoutMs: parameters.timeoutMs ?? APPROVAL_TIMEOUT_MS,
  });
  const result = page.result.then((out) => {
    if (out === undefined || out === null || out.response === undefined) {
      throw new WalletError(`walletProxy.approve ${WALLET_ERROR_MESSAGES.noResponse}`, {
        code: 'wallet_proxy_no_response',
      });
    }
    return out.response;
  });
  result.catch(() => {});
  return { iframe: page.iframe, ready: page.ready, result, destroy: page.destroy };
}
