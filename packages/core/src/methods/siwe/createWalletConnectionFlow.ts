/**
 * The external-wallet connection flow of AWAITING_CONNECTION and AWAITING_CONNECT_ONLY_CONNECTION
 * (spec sections 4 "Wallet connection", 7 "siwe" and 8 "Wallet connection"), DOM-free: connect
 * the wallet (EIP-1193 `eth_requestAccounts`), switch it to a supported chain, then, to log in
 * or link, ask the server for a nonce, have the wallet sign an EIP-4361 message
 * (`personal_sign`) and send it to `/api/v1/siwe/authenticate` or `/link`. Connected wallets
 * join `client.wallets`, so `useWallets()` lists them next to the embedded wallet.
 */
import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import { LatchkeyError, toLatchkeyError } from '../../errors/base.ts';
import { errorCodeOf } from '../../errors/errorScreenFor.ts';
import { errorRowFor } from '../../errors/table.ts';
import { type MessageOverrides, resolveMessages } from '../../messages.ts';
import { SCREEN, type ScreenName } from '../../screens/screens.ts';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';
import type { ConnectedWallet, Eip1193Provider } from '../../wallets/registry.ts';

/** Retries after a failed attempt (spec section 9). */
export const WALLET_MAX_RETRIES = 2;
/** Delay before auto-signing for WalletConnect with MetaMask (spec sections 4 and 9), in ms. */
export const WALLET_CONNECT_METAMASK_SIGN_DELAY_MS = 2500;

/** Where the flow is. */
export type WalletConnectionStep =
  | 'idle'
  | 'connecting'
  | 'switching_to_supported_chain'
  | 'connected'
  | 'signing'
  | 'verifying'
  | 'success'
  | 'error';

/** The three states AWAITING_CONNECTION shows (spec section 4). */
export type WalletConnectionStatus = 'waiting' | 'switching_to_supported_chain' | 'connected';

/** Kinds of failure (spec section 8, "Wallet connection" mapping). */
export type WalletErrorKind = 'user-rejected' | 'timed-out' | 'user-exists' | 'generic';

/** The wallet being connected. */
export interface WalletConnectionTarget {
  provider: Eip1193Provider;
  /** `metamask`, `coinbase_wallet`, ... (stored as the account's `wallet_client_type`). */
  walletClientType: string;
  /** `injected`, `wallet_connect`, `coinbase_wallet`, ... */
  connectorType: string;
  /** Display name, e.g. 'MetaMask'. */
  name: string;
  /** Icon URL or data URI. */
  icon?: string;
}

/** State of a {@link WalletConnectionFlow}; replaced on every change. */
export interface WalletConnectionState {
  step: WalletConnectionStep;
  status: WalletConnectionStatus;
  wallet: Omit<WalletConnectionTarget, 'provider'> | null;
  /** EIP-55 address once connected. */
  address: string | null;
  chainId: number | null;
  /** Retries used so far (at most {@link WALLET_MAX_RETRIES}). */
  retries: number;
  /** False once the retries are used up: offer 'Use a different wallet'. */
  canRetry: boolean;
  error: LatchkeyError | null;
  errorKind: WalletErrorKind | null;
  /** Detail for LOGIN_FAILED_SCREEN ('Unable to connect wallet' after 2 retries). */
  errorMessage: string | null;
  /** Screen to go to because of the error, or null. */
  screen: ScreenName | null;
  result: AuthenticateResult | null;
}

/** The SIWE message builder: viem's `createSiweMessage` (passed in to keep viem out of the eager bundle). */
export type CreateSiweMessage = (parameters: {
  address: `0x${string}`;
  chainId: number;
  domain: string;
  nonce: string;
  uri: string;
  version: '1';
  issuedAt?: Date;
  statement?: string;
}) => string;

/** Options of {@link createWalletConnectionFlow}. */
export interface WalletConnectionFlowOptions {
  /**
   * 'login' (SIWE authenticate, the default), 'link' (SIWE link to the logged-in user; resolves
   * `{user, isNewUser: false}`) or 'connect-only' (no signature).
   */
  mode?: 'login' | 'link' | 'connect-only';
  /** viem's `createSiweMessage` (from `viem/siwe`). Not needed for connect-only. */
  createSiweMessage?: CreateSiweMessage;
  /** EIP-4361 `domain`: the page's host (`location.host`). */
  domain: string;
  /** EIP-4361 `uri`: the page's origin (`location.origin`). */
  uri: string;
  /** Chain ids the app supports; a wallet elsewhere is switched to the first. Empty: any. */
  supportedChainIds?: readonly number[];
  /** True on a phone: mobile wallets auto-sign too (spec section 4). */
  isMobile?: boolean;
  /** Called `completeDelayMs` after success (login, link or connect). */
  onComplete?: (result: { user: User | null; isNewUser: boolean; wallet: ConnectedWallet }) => void;
  /** Delay before `onComplete`, in ms. Default 1400. */
  completeDelayMs?: number;
  /** Clock for `issuedAt`, ms since the epoch. Default `Date.now`. */
  now?: () => number;
  messages?: MessageOverrides;
}

/** The flow. */
export interface WalletConnectionFlow {
  getState(): WalletConnectionState;
  subscribe(listener: (state: WalletConnectionState) => void): () => void;
  /**
   * Connects `wallet`, then (login/link) signs automatically when the spec says so.
   * `options.captchaToken` (login through the captcha gate; issue 6) goes as `token` in the
   * next `siwe/init` call, once (tokens are single-use).
   */
  connect(wallet: WalletConnectionTarget, options?: { captchaToken?: string }): Promise<boolean>;
  /** Asks the connected wallet to sign (the 'Sign' button). */
  sign(): Promise<boolean>;
  /** Try again after an error; counts one retry (at most 2). */
  retry(): Promise<boolean>;
  /** Back to 'idle' (Cancel, 'Use a different wallet'); retries reset. */
  reset(): void;
  destroy(): void;
}

/** The client parts the flow uses. */
export type WalletConnectionFlowClient = Pick<
  LatchkeyClient,
  'api' | 'loginWithSiwe' | 'linkWithSiwe' | 'wallets'
> &
  Partial<Pick<LatchkeyClient, 'getAccessToken'>>;

const initial: WalletConnectionState = {
  step: 'idle',
  status: 'waiting',
  wallet: null,
  address: null,
  chainId: null,
  retries: 0,
  canRetry: true,
  error: null,
  errorKind: null,
  errorMessage: null,
  screen: null,
  result: null,
};

/**
 * Whether signing starts by itself on connect (spec section 4): injected or mobile wallets
 * (and MetaMask over WalletConnect, after {@link WALLET_CONNECT_METAMASK_SIGN_DELAY_MS}).
 */
export function autoSigns(connectorType: string, isMobile: boolean): boolean {
  return connectorType === 'injected' || isMobile;
}

/** Delay before auto-signing: 2500 ms for WalletConnect with MetaMask, else 0. */
export function autoSignDelayMs(
  wallet: Pick<WalletConnectionTarget, 'connectorType' | 'walletClientType'>,
): number {
  return wallet.connectorType === 'wallet_connect' && wallet.walletClientType === 'metamask'
    ? WALLET_CONNECT_METAMASK_SIGN_DELAY_MS
    : 0;
}

function isUserRejection(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === 4001 || e.name === 'UserRejectedRequestError') return true;
  return e.cause !== undefined && e.cause !== error && isUserRejection(e.cause);
}

/** Maps a failure to its kind (spec section 8). */
export function walletErrorKind(error: unknown): WalletErrorKind {
  if (isUserRejection(error)) return 'user-rejected';
  const code = errorCodeOf(error);
  if (code === 'linked_to_another_user') return 'user-exists';
  if (code === 'client_request_timeout') return 'timed-out';
  return 'generic';
}

function utf8Hex(text: string): `0x${string}` {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex as `0x${string}`;
}

const toHexChain = (id: number) => `0x${id.toString(16)}`;

/**
 * Creates the wallet connection flow (spec sections 4 and 8).
 *
 * - `connect(wallet)`: 'connecting' (status 'waiting') -> 'switching_to_supported_chain' when the
 *   wallet is on an unsupported chain -> 'connected'. Connect-only mode ends here: the wallet
 *   joins `client.wallets` (linked: false) and the flow succeeds. Login and link auto-sign on
 *   connect for injected or mobile wallets, after 2500 ms for WalletConnect with MetaMask.
 * - `sign()`: 'signing' (nonce from `/siwe/init`, EIP-4361 message, `personal_sign`) ->
 *   'verifying' (`/siwe/authenticate` or `/siwe/link`) -> 'success', `onComplete` after 1400 ms.
 * - Failures -> 'error' with `errorKind` user-rejected / timed-out / user-exists / generic and
 *   `screen` LOGIN_FAILED_SCREEN, or ALLOWLIST_REJECTION_SCREEN / USER_LIMIT_REACHED_SCREEN /
 *   ACCOUNT_NOT_FOUND_SCREEN for allowlist_rejected / max_accounts_reached / user_does_not_exist.
 *   `retry()` works twice; then `canRetry` is false and `errorMessage` 'Unable to connect wallet'.
 *
 * @param client - The Latchkey client (api, loginWithSiwe, linkWithSiwe, wallets).
 * @param options - See {@link WalletConnectionFlowOptions}.
 * @example
 * const flow = createWalletConnectionFlow(client, { mode: 'login', createSiweMessage, domain: location.host, uri: location.origin });
 * await flow.connect({ provider, walletClientType: 'metamask', connectorType: 'injected', name: 'MetaMask' });
 */
export function createWalletConnectionFlow(
  client: WalletConnectionFlowClient,
  options: WalletConnectionFlowOptions,
): WalletConnectionFlow {
  const text = resolveMessages(options.messages);
  const now = options.now ?? (() => Date.now());
  let state = initial;
  let provider: Eip1193Provider | null = null;
  /** The captcha token for the next `siwe/init` (single-use). */
  let captchaToken: string | undefined;
  let destroyed = false;
  let generation = 0;
  const listeners = new Set<(s: WalletConnectionState) => void>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  function set(patch: Partial<WalletConnectionState>) {
    if (destroyed) return;
    state = { ...state, ...patch };
    for (const l of [...listeners]) l(state);
  }

  function later(ms: number, fn: () => void) {
    const id = setTimeout(() => {
      timers.delete(id);
      if (!destroyed) fn();
    }, ms);
    timers.add(id);
  }

  function fail(thrown: unknown) {
    const error = toLatchkeyError(thrown);
    const kind = walletErrorKind(thrown);
    const code = errorCodeOf(thrown);
    // The error table's own screen (allowlist, user limit, account not found), else the
    // wallet's LOGIN_FAILED_SCREEN rather than the table's ERROR_SCREEN.
    const screen = errorRowFor(code, { method: 'wallet' })?.screen ?? SCREEN.LOGIN_FAILED_SCREEN;
    const canRetry = state.retries < WALLET_MAX_RETRIES;
    const detail =
      kind === 'user-rejected'
        ? text.walletUserRejected
        : kind === 'timed-out'
          ? text.walletTimedOut
          : kind === 'user-exists'
            ? text.walletUserExists
            : error.shortMessage === 'An unknown error occurred.'
              ? text.walletGenericError
              : error.shortMessage;
    set({
      step: 'error',
      error,
      errorKind: kind,
      errorMessage: canRetry ? detail : text.unableToConnectWallet,
      canRetry,
      screen,
    });
  }

  function walletEntry(linked: boolean): ConnectedWallet {
    const p = provider!;
    const { address, chainId, wallet } = state;
    const entry: ConnectedWallet = {
      address: address!,
      chainType: 'ethereum',
      chainId: `eip155:${chainId}`,
      walletClientType: wallet!.walletClientType,
      connectorType: wallet!.connectorType,
      imported: false,
      linked,
      getEthereumProvider: () => Promise.resolve(p),
      async switchChain(id: number) {
        await p.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: toHexChain(id) }],
        });
        const current = client.wallets.list().find((w) => w === entry);
        if (current) client.wallets.upsert({ ...entry, chainId: `eip155:${id}` });
      },
      disconnect: () => client.wallets.remove(entry.address, entry.walletClientType),
    };
    return entry;
  }

  function succeed(result: AuthenticateResult | null, mine: number) {
    const linked = options.mode !== 'connect-only';
    const wallet = walletEntry(linked);
    client.wallets.upsert(wallet);
    set({ step: 'success', result });
    later(options.completeDelayMs ?? SUCCESS_CLOSE_MS, () => {
      if (mine !== generation) return;
      options.onComplete?.({
        user: result?.user ?? null,
        isNewUser: result?.isNewUser ?? false,
        wallet,
      });
    });
  }

  async function doConnect(mine: number): Promise<boolean> {
    const p = provider!;
    set({
      step: 'connecting',
      status: 'waiting',
      error: null,
      errorKind: null,
      errorMessage: null,
      screen: null,
    });
    try {
      const accounts = (await p.request({ method: 'eth_requestAccounts' })) as string[];
      if (mine !== generation) return false;
      const address = accounts?.[0];
      if (!address)
        throw new LatchkeyError('The wallet shared no account.', { code: 'no_account' });
      let chainId = Number(await p.request({ method: 'eth_chainId' }));
      if (mine !== generation) return false;
      const supported = options.supportedChainIds ?? [];
      if (supported.length > 0 && !supported.includes(chainId)) {
        set({ step: 'switching_to_supported_chain', status: 'switching_to_supported_chain' });
        await p.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: toHexChain(supported[0]!) }],
        });
        if (mine !== generation) return false;
        chainId = supported[0]!;
      }
      set({ step: 'connected', status: 'connected', address, chainId });
    } catch (thrown) {
      if (mine === generation) fail(thrown);
      return false;
    }
    if (options.mode === 'connect-only') {
      succeed(null, mine);
      return true;
    }
    const delay = autoSignDelayMs(state.wallet!);
    if (delay === 0 && !autoSigns(state.wallet!.connectorType, options.isMobile ?? false)) {
      return true;
    }
    if (delay > 0) {
      later(delay, () => {
        if (mine === generation && state.step === 'connected') void doSign(mine);
      });
      return true;
    }
    return doSign(mine);
  }

  async function doSign(mine: number): Promise<boolean> {
    const p = provider!;
    const { address, chainId, wallet } = state;
    if (!address || chainId === null || !wallet) return false;
    set({ step: 'signing', error: null, errorKind: null, errorMessage: null, screen: null });
    try {
      const build = options.createSiweMessage;
      if (!build)
        throw new LatchkeyError('createSiweMessage is required to sign in.', {
          code: 'invalid_input',
        });
      const token = options.mode === 'link' ? undefined : captchaToken;
      captchaToken = undefined;
      // A link sends the bearer token: the server then skips the login gates (captcha, allowlist).
      const accessToken = options.mode === 'link' ? await client.getAccessToken?.() : undefined;
      const initBody = token ? { address, token } : { address };
      const { nonce } = await (accessToken
        ? client.api.siweInit(initBody, { accessToken })
        : client.api.siweInit(initBody));
      if (mine !== generation) return false;
      const message = build({
        address: address as `0x${string}`,
        chainId,
        domain: options.domain,
        nonce,
        uri: options.uri,
        version: '1',
        issuedAt: new Date(now()),
        statement: text.siweStatement,
      });
      const signature = (await p.request({
        method: 'personal_sign',
        params: [utf8Hex(message), address],
      })) as string;
      if (mine !== generation) return false;
      set({ step: 'verifying' });
      const body = {
        message,
        signature,
        chainId: `eip155:${chainId}`,
        walletClientType: wallet.walletClientType,
        connectorType: wallet.connectorType,
      };
      let result: AuthenticateResult;
      if (options.mode === 'link') {
        result = { user: await client.linkWithSiwe(body), isNewUser: false };
      } else {
        result = await client.loginWithSiwe(body);
      }
      if (mine !== generation) return false;
      succeed(result, mine);
      return true;
    } catch (thrown) {
      if (mine === generation) fail(thrown);
      return false;
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    connect(wallet, connectOptions = {}) {
      if (destroyed) return Promise.resolve(false);
      const mine = ++generation;
      provider = wallet.provider;
      captchaToken = connectOptions.captchaToken;
      const { provider: _p, ...info } = wallet;
      state = { ...initial, wallet: info };
      return doConnect(mine);
    },
    sign() {
      if (destroyed || state.step !== 'connected') return Promise.resolve(false);
      return doSign(++generation);
    },
    retry() {
      if (destroyed || state.step !== 'error' || !state.canRetry || !provider) {
        return Promise.resolve(false);
      }
      const mine = ++generation;
      set({ retries: state.retries + 1 });
      return state.address && state.chainId !== null ? doSign(mine) : doConnect(mine);
    },
    reset() {
      generation++;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      provider = null;
      captchaToken = undefined;
      set(initial);
    },
    destroy() {
      generation++;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      listeners.clear();
      destroyed = true;
    },
  };
}
