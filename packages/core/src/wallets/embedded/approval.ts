import { FRAME_EVENTS, type FramePayloads, ROUTES, type SolanaSignRequest } from '@latchkey/api';
import { requireSolanaResponse } from './bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import { framePageUrl, type FramePageTheme, mountFramePage } from './frame-page.ts';

type ApproveIn = FramePayloads['latchkey:wallet:approve']['in'];
type ApproveOut = FramePayloads['latchkey:wallet:approve']['out'];
type SolanaApproveIn = FramePayloads['latchkey:solana-wallet:approve']['in'];

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
  /** The embedded wallet's address (the signer): EIP-55 for Ethereum, base58 for Solana. */
  address: string;
  /** Element the visible approval frame is appended to (the sign or send screen's body). */
  container: HTMLElement;
  /** The approve button's label inside the frame (the spec's `buttonText`). Default: the frame's. */
  buttonText?: string;
  /** The modal's theme (light/dark, accent), carried in the page URL. */
  theme?: EmbeddedWalletApprovalTheme;
  /** Frame ready timeout in ms. Default 30000 ('walletProxy does not exist'). */
  readyMs?: number;
  /** Answer timeout in ms: how long the user may take to decide. Default 600000 (10 min). */
  timeoutMs?: number;
} & (
  | {
      /** An Ethereum request (`latchkey:wallet:approve`). Default. */
      chainType?: 'ethereum';
      /**
       * What the frame signs once the user approves it inside the frame: `personal_sign`
       * (`[hexMessage, address]`), `eth_signTypedData_v4` (`[address, typedDataJson]`) or
       * `eth_signTransaction` (`[filledTx]`, hex quantities, chainId set).
       */
      request: EmbeddedWalletApprovalRequest;
      /** The chain the frame shows for the request (id, name, native currency). */
      chain: EmbeddedWalletApprovalChain;
    }
  | {
      /** Issue 22 item 2: a Solana request (`latchkey:solana-wallet:approve`). */
      chainType: 'solana';
      /**
       * What the frame signs: `signMessage` (`{message}`, base64 bytes) or `signTransaction`
       * (`{transaction}`, base64 of the wire transaction).
       */
      request: SolanaSignRequest;
      /** The network the page names, e.g. `{ name: 'Solana Devnet' }`. */
      cluster: { name: string };
    }
);

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
   * `eth_signTransaction`; for a Solana request the `SolanaSignResponse` (`{signature}` or
   * `{signedTransaction}`, standard base64). Rejects with the frame's {@link WalletError} (its `type`), with
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
 * items 1 and 2; with `chainType: 'solana'`, `latchkey:solana-wallet:approve` with the Solana
 * request and the cluster's name, issue 22 item 2). The page draws what will be signed and its own approve button; it signs only
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
 * // Solana: resolves `{ signature }` (base64, 64 bytes) or `{ signedTransaction }` (base64 wire).
 * const solana = createEmbeddedWalletApproval({
 *   apiUrl, appId, getAccessToken, address: solanaAddress, container: el, chainType: 'solana',
 *   request: { method: 'signMessage', params: { message: 'aGk=' } }, cluster: { name: 'Solana Devnet' },
 * });
 */
export function createEmbeddedWalletApproval(
  parameters: CreateEmbeddedWalletApprovalParameters,
): EmbeddedWalletApproval {
  const common = {
    address: parameters.address,
    ...(parameters.buttonText ? { buttonText: parameters.buttonText } : {}),
  };
  const solana = parameters.chainType === 'solana';
  const page = mountFramePage<ApproveIn | SolanaApproveIn, unknown>({
    apiUrl: parameters.apiUrl,
    getAccessToken: parameters.getAccessToken,
    container: parameters.container,
    url: embeddedWalletApprovalUrl(parameters.apiUrl, parameters.appId, parameters.theme),
    title: 'Approve request',
    className: 'latchkey-approval-frame',
    event: solana ? FRAME_EVENTS.solanaApprove : FRAME_EVENTS.walletApprove,
    data: (accessToken) =>
      parameters.chainType === 'solana'
        ? {
            ...common,
            accessToken,
            request: parameters.request,
            cluster: { name: parameters.cluster.name },
          }
        : {
            ...common,
            accessToken,
            request: parameters.request,
            chain: parameters.chain,
          },
    readyMs: parameters.readyMs,
    timeoutMs: parameters.timeoutMs ?? APPROVAL_TIMEOUT_MS,
  });
  const result = page.result.then((answer) => {
    if (solana) return requireSolanaResponse(answer, FRAME_EVENTS.solanaApprove);
    const out = answer as ApproveOut | undefined | null;
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
