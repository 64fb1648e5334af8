/**
 * Signing with a cross-app account's wallet, the lazy half (issue 21 item 3; spec sections 4, 7,
 * 8 and 9), loaded with `@latchkey/core/oauth` after the click opened the popup (the eager half,
 * which opens it and holds the token, is `crossAppRequest` in `./actions.ts`): the exchange with
 * the provider's transact page and an EIP-1193 provider for the cross-app wallet.
 *
 * The requester never holds a key or a share: it holds the provider's OpenID Connect access
 * token its login got (`oauth_tokens`, kept with the session, cleared at logout), which lets it
 * ask, not sign; the user approves inside the provider's own wallet frame.
 *
 * The exchange, by `postMessage` with exact origins both ways: the popup posts
 * `CROSS_APP_ACTION.ready` to this page's origin (which the provider's server checked against
 * the connection); this page answers with the request only to that popup at the provider's API
 * origin; the popup answers `CROSS_APP_ACTION.response` or `CROSS_APP_ACTION.error`.
 */
import {
  CROSS_APP_ACTION,
  CROSS_APP_PROVIDER_PREFIX,
  type CrossAppRpcRequest,
} from '@latchkey/api';
import { LatchkeyError } from '../../errors/base.ts';
import { isLatchkeyErrorCode } from '../../errors/codes.ts';
import { PROVIDER_ERRORS, ProviderRpcError } from '../../wallets/embedded/errors.ts';
import { parseChainId, providerEvents } from '../../wallets/providerEvents.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult } from '../../session/user.ts';
import type { Eip1193Provider } from '../../wallets/registry.ts';
import { type PopupWatch, watchPopup } from './flow.ts';
import { CROSS_APP_TOKENS, type CrossAppTokens } from './oauth.ts';

/** Spec section 9: the transact popup waits 120 s and is checked every 300 ms. */
export const CROSS_APP_TRANSACT_WATCH: PopupWatch = { timeoutMs: 120_000, closedCheckMs: 300 };

/** Spec section 8, cross-app texts of the transact popup (the eager half has the others). */
export const CROSS_APP_USER_REJECTED = 'User rejected request';
export const CROSS_APP_REQUEST_TIMEOUT = 'Request timeout';

/**
 * Keeps the provider's access token of a finished cross-app login or link (provider
 * `latchkey:{appId}`) with the session (cleared with it); other results are left alone.
 */
export function rememberCrossAppToken(
  store: Pick<SessionStore, 'getSessionData' | 'setSessionData'>,
  result: Pick<AuthenticateResult, 'oAuthTokens'> | null | undefined,
  now: () => number = Date.now,
): void {
  const tokens = result?.oAuthTokens;
  if (!tokens?.provider.startsWith(CROSS_APP_PROVIDER_PREFIX)) return;
  const all = (store.getSessionData(CROSS_APP_TOKENS) ?? {}) as CrossAppTokens;
  all[tokens.provider.slice(CROSS_APP_PROVIDER_PREFIX.length)] = {
    accessToken: tokens.accessToken,
    expiresAt:
      tokens.accessTokenExpiresInSeconds === undefined
        ? null
        : now() + tokens.accessTokenExpiresInSeconds * 1000,
  };
  store.setSessionData(CROSS_APP_TOKENS, all);
}

/**
 * The refusal of a request the eager half did not send (spec section 8 texts): no cross-app
 * account has the address, no unexpired provider token, the connection is read-only (spec
 * section 6; the same code and text as the provider's server), the popup was blocked.
 */
export function crossAppRefusal(kind: 'address' | 'token' | 'read-only' | 'popup'): LatchkeyError {
  if (kind === 'read-only') {
    return new LatchkeyError('This connection is read-only: it cannot request signatures', {
      code: 'cross_app_read_only',
    });
  }
  if (kind === 'address') {
    return new LatchkeyError('Cannot request a signature with this wallet address', {
      code: 'cross_app_invalid_address',
    });
  }
  if (kind === 'token') {
    return new LatchkeyError('Transactions require a valid token', {
      code: 'cross_app_invalid_token',
    });
  }
  return new LatchkeyError('Failed to initialize signature request', {
    code: 'cross_app_popup_blocked',
  });
}

/** One request sent to an opened transact popup. */
export interface CrossAppExchange {
  /** This page's window. */
  win: Window;
  /** The transact popup, opened in the click on the provider's transact page. */
  popup: Window;
  /** The provider API's origin: the only origin the popup's messages come from. */
  apiOrigin: string;
  /** The provider's access token the requester holds. */
  token: string;
  request: CrossAppRpcRequest;
  /** Default {@link CROSS_APP_TRANSACT_WATCH}. */
  watch?: PopupWatch;
}

let counter = 0;

/**
 * Sends `request` once the popup says it is ready, and waits for its answer.
 * @returns the signature or transaction hash (0x-hex).
 * @throws `ProviderRpcError` 4001 ('User rejected request') when the user rejects or the popup
 *   closes without an answer; `LatchkeyError` `cross_app_request_timeout` ('Request timeout')
 *   after 120 s (the popup is closed); the provider's refusals with its code and message
 *   (`cross_app_invalid_token` 'Transactions require a valid token', `cross_app_read_only`,
 *   `cross_app_invalid_address` 'Cannot request a signature with this wallet address').
 */
export function exchangeWithTransactPopup({
  win,
  popup,
  apiOrigin,
  token,
  request,
  watch = CROSS_APP_TRANSACT_WATCH,
}: CrossAppExchange): Promise<string> {
  const id = `${Date.now().toString(36)}-${(counter += 1)}`;
  return new Promise<string>((resolve, reject) => {
    let sent = false;
    let unwatch = () => {};
    const end = () => {
      win.removeEventListener('message', onMessage);
      unwatch();
    };
    const fail = (error: Error) => {
      end();
      reject(error);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== apiOrigin) return;
      const data = event.data as {
        type?: unknown;
        id?: unknown;
        result?: unknown;
        error?: { code?: unknown; message?: unknown };
      } | null;
      if (data?.type === CROSS_APP_ACTION.ready && !sent) {
        sent = true;
        popup.postMessage({ type: CROSS_APP_ACTION.request, id, token, request }, apiOrigin);
        return;
      }
      if (data?.id !== id) return;
      if (data.type === CROSS_APP_ACTION.response && typeof data.result === 'string') {
        end();
        resolve(data.result);
      } else if (data.type === CROSS_APP_ACTION.error) {
        const code = data.error?.code;
        const message =
          typeof data.error?.message === 'string' ? data.error.message : 'Request failed';
        fail(
          code === 4001
            ? new ProviderRpcError(4001, CROSS_APP_USER_REJECTED)
            : new LatchkeyError(message, {
                code: isLatchkeyErrorCode(code) ? code : 'cross_app_request_failed',
              }),
        );
      }
    };
    win.addEventListener('message', onMessage);
    unwatch = watchPopup(popup, watch, {
      timeout: () =>
        fail(new LatchkeyError(CROSS_APP_REQUEST_TIMEOUT, { code: 'cross_app_request_timeout' })),
      closed: () => fail(new ProviderRpcError(4001, CROSS_APP_USER_REJECTED)),
    });
  });
}

/**
 * An EIP-1193 provider for the cross-app wallet `address` (see `client.getCrossAppProvider`):
 * accounts and chain answered here; the three signing methods sent through `send` (which opens
 * the transact popup: call them in a click); anything else refused with 4200.
 */
export function createCrossAppProvider(
  address: string,
  chainId: number,
  send: (request: CrossAppRpcRequest) => Promise<string>,
): Eip1193Provider {
  let chain = chainId;
  const { emit, on, removeListener } = providerEvents();
  return {
    request: (async ({ method, params }: { method: string; params?: unknown }) => {
      const list = Array.isArray(params) ? (params as unknown[]) : [];
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [address];
        case 'eth_chainId':
          return `0x${chain.toString(16)}`;
        case 'wallet_switchEthereumChain': {
          const next = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId);
          if (next !== chain) {
            chain = next;
            emit('chainChanged', `0x${chain.toString(16)}`);
          }
          return null;
        }
        case 'personal_sign':
          return send({ method, params: [String(list[0]), address] });
        case 'eth_signTypedData_v4':
          return send({
            method,
            params: [address, list[1] as string | Record<string, unknown>],
          });
        case 'eth_sendTransaction': {
          const tx = { chainId: chain, ...(list[0] as Record<string, unknown>), from: address };
          return send({ method, params: [tx] });
        }
        default:
          throw new ProviderRpcError(
            PROVIDER_ERRORS.unsupportedMethod.code,
            `The cross-app wallet does not support ${method}`,
          );
      }
    }) as Eip1193Provider['request'],
    on,
    removeListener,
  } as Eip1193Provider;
}
