import { NOT_AUTHENTICATED } from '../../actions/requireSession.ts';
import { LatchkeyError } from '../../errors/base.ts';
import { SCREEN, type ScreenName } from '../../screens/screens.ts';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import { type TransactionRequest, validateTransactionRequest } from '../../wallet/transaction.ts';
import type { Eip1193Provider } from '../../wallets/registry.ts';
import {
  ProviderRpcError,
  WALLET_ERROR_MESSAGES,
  WalletError,
} from '../../wallets/embedded/errors.ts';
import type { EmbeddedWalletManager, EmbeddedWalletState } from '../../wallets/embedded/manager.ts';
import type { EmbeddedSignatureRequest } from '../../wallets/embedded/provider.ts';
import { hasEmbeddedWallet } from '../../wallets/embedded/types.ts';
import type {
  SendTransactionUiOptions,
  SignMessageUiOptions,
  TransactionReceipt,
  WalletPromptParams,
  WalletScreenParams,
} from './requests.ts';
import { stringifyJson, utf8ToHex } from './encoding.ts';
import { toCoreChain, type ViemChainConfig } from './chains.ts';

/** EIP-1193 code and message of a refused request (spec sections 4 and 8). */
export const USER_REJECTED = { code: 4001, message: 'user rejected' } as const;

/** The error a wallet screen rejects with when closed before success: code 4001 'user rejected'. */
export function userRejected(): ProviderRpcError {
  return new ProviderRpcError(USER_REJECTED.code, USER_REJECTED.message);
}

const IDLE: EmbeddedWalletState = {
  status: 'idle',
  address: null,
  recoveryMethod: null,
  deviceStorage: null,
  error: null,
};

/**
 * The wallet settings the controller reads (the `wallet` part of `@latchkey/react`'s resolved
 * config): the chains (viem-shaped), the default chain and `noPromptOnSignature`.
 */
export interface WalletControllerConfig {
  supportedChains: readonly ViemChainConfig[];
  defaultChain: ViemChainConfig;
  noPromptOnSignature: boolean;
}

/** Parameters of {@link createWalletController}. */
export interface CreateWalletControllerParameters {
  client: LatchkeyClient;
  /** The latest resolved wallet config (chains, prompts). */
  getConfig: () => WalletControllerConfig;
  /**
   * Settles once the chains in `getConfig()` are final (the server's chain info answered or
   * failed, or the host gave `supportedChains`). The manager is created after it, so a session
   * restored before `GET /api/v1/chains` answered does not bind the wallet to a provisional
   * chain (the localhost anvil default). Default: ready at once.
   */
  configReady?: () => Promise<unknown>;
  /** Opens the modal on a wallet screen (the provider's). */
  openScreen: (screen: ScreenName, params: { wallet: WalletScreenParams }) => void;
  /**
   * Loads core's lazy embedded-wallet entry: `() => import('@latchkey/core/embedded-wallet')`
   * (it brings viem and the frame bridge, so the caller's bundler splits it out of the eager
   * bundle; tests pass a fake).
   */
  load: () => Promise<{
    createEmbeddedWalletManager: (p: {
      client: LatchkeyClient;
      chains: ReturnType<typeof toCoreChain>[];
      defaultChainId: number;
    }) => EmbeddedWalletManager;
  }>;
}

/**
 * The host side of the embedded wallet (moved from `@latchkey/react`, issue 11): creates core's `EmbeddedWalletManager` on first use
 * (through `load`, so viem and the frame bridge stay out of the eager bundle), mirrors its
 * state for hooks, and turns the manager's signature approvals into modal screens (spec
 * section 4, "Sign screen" and "Send-transaction screen"), each framing the wallet's approval
 * page, which alone signs (issue 24). `noPromptOnSignature` only asks the frame to sign
 * without a prompt; the app's server-side wallet policy decides. DOM-free; the provider owns one.
 */
export interface WalletController {
  /** The manager's state (IDLE until it is loaded). */
  getState(): EmbeddedWalletState;
  subscribe(listener: (state: EmbeddedWalletState) => void): () => void;
  /** The manager, created on first call. */
  manager(): Promise<EmbeddedWalletManager>;
  /** The embedded wallet's EIP-1193 provider (connects first when needed). */
  provider(): Promise<Eip1193Provider>;
  /**
   * Opens a wallet screen and settles when it does: the screen calls `resolve` on success and
   * `reject` (4001 'user rejected' when closed). One screen at a time; later ones wait.
   */
  prompt<T>(screen: ScreenName, params: WalletPromptParams): Promise<T>;
  /** Forgets the wallet in this page (logout). */
  reset(): void;
  /**
   * The manager once the wallet is connected on this device; shows
   * EMBEDDED_WALLET_CONNECTING_SCREEN (and the recovery screens) when that needs the user.
   * @throws LatchkeyError `missing_or_invalid_token` (`NOT_AUTHENTICATED`, core's one "not logged
   *   in" code) when logged out; WalletError 'User has no embedded wallet'.
   */
  ready(): Promise<EmbeddedWalletManager>;
  /** Creates the user's wallet through EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN; resolves with its address. */
  createWallet(): Promise<string>;
  /** EIP-191 signature (hex) of `message`; see `useSignMessage`. */
  signMessage(message: string, uiOptions?: SignMessageUiOptions): Promise<string>;
  /** EIP-712 signature (hex) of `typedData`; see `useSignTypedData`. */
  signTypedData(typedData: unknown, uiOptions?: SignMessageUiOptions): Promise<string>;
  /** Sends through EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN; see `useSendTransaction`. */
  sendTransaction(
    request: TransactionRequest,
    uiOptions?: SendTransactionUiOptions,
  ): Promise<TransactionReceipt | { transactionHash: string }>;
  /**
   * Shows EMBEDDED_WALLET_KEY_EXPORT_SCREEN for the Ethereum wallet. The Solana wallet's export
   * (issue 22 item 4) is the Solana controller's `exportWallet` (`@latchkey/core/solana`).
   */
  exportWallet(): Promise<void>;
  /**
   * Imports an existing Ethereum private key as the user's embedded wallet through
   * EMBEDDED_WALLET_IMPORT_SCREEN (issue 22 item 4): the screen frames the wallet's import page,
   * where the key is typed, checked (its address shown) and confirmed; it never reaches this page.
   * Resolves with the wallet's address once imported and connected.
   * @throws LatchkeyError `missing_or_invalid_token` when logged out; WalletError
   *   `embedded_wallet_exists` ('Only one Latchkey wallet per user is currently allowed') when the
   *   user has an embedded wallet; ProviderRpcError 4001 when the screen is closed first.
   *   A Solana key is imported by the Solana controller's `importWallet`
   *   (`@latchkey/core/solana`), which a user with an Ethereum wallet may use.
   */
  importWallet(): Promise<string>;
  /**
   * Moves the wallet to password recovery (update splash for 'latchkey' recovery; the update
   * flow for a cloud backup, issue 23) or changes its password.
   */
  setWalletPassword(): Promise<void>;
}

/** What the send screen shows of a filled JSON-RPC transaction (hex quantities, `gas`). */
function shownTransaction(tx: Record<string, unknown>, chainId: number): TransactionRequest {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const out: TransactionRequest = { chainId };
  const fields = {
    from: str(tx.from),
    to: str(tx.to),
    data: str(tx.data ?? tx.input),
    value: str(tx.value),
    gasLimit: str(tx.gas),
    gasPrice: str(tx.gasPrice),
    maxFeePerGas: str(tx.maxFeePerGas),
    maxPriorityFeePerGas: str(tx.maxPriorityFeePerGas),
  };
  for (const [k, v] of Object.entries(fields)) {
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  if (typeof tx.nonce === 'string') out.nonce = Number(BigInt(tx.nonce));
  return out;
}

/** Sign-message validation error (spec section 5). */
export class InvalidMessageError extends LatchkeyError {
  override name = 'InvalidMessageError';
  constructor() {
    super('Message must be a non-empty string', { code: 'invalid_input' });
  }
}

/** Creates the {@link WalletController}. */
export function createWalletController(p: CreateWalletControllerParameters): WalletController {
  const { load } = p;
  let managerPromise: Promise<EmbeddedWalletManager> | null = null;
  let current: EmbeddedWalletManager | null = null;
  let state = IDLE;
  let unsubscribe: (() => void) | null = null;
  /** UI options of hook calls on their way through the provider, matched by the approver. */
  const hints: { method: string; params: string; uiOptions: SignMessageUiOptions }[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(s: EmbeddedWalletState) => void>();
  const set = (next: EmbeddedWalletState) => {
    state = next;
    for (const l of [...listeners]) l(state);
  };

  const controller = {} as WalletController;
  Object.assign(controller, {
    getState: () => state,
    subscribe(l: (s: EmbeddedWalletState) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    manager() {
      managerPromise ??= Promise.all([load(), p.configReady?.()]).then(
        ([{ createEmbeddedWalletManager }]) => {
          const config = p.getConfig();
          const manager = createEmbeddedWalletManager({
            client: p.client,
            chains: config.supportedChains.map(toCoreChain),
            defaultChainId: config.defaultChain.id,
          });
          manager.setApprover(approve);
          manager.setNoPrompt(() => p.getConfig().noPromptOnSignature);
          current = manager;
          unsubscribe = manager.subscribe(set);
          set(manager.getState());
          return manager;
        },
      );
      managerPromise.catch(() => {
        managerPromise = null;
      });
      return managerPromise;
    },
    async provider() {
      const manager = await controller.manager();
      if (manager.getState().status !== 'connected') {
        const result = await manager.connect();
        if (result.status === 'needs-recovery') {
          // Spec section 4: the wallet's own method picks the screen (password or cloud).
          const method = result.recoveryMethod;
          await controller.prompt(
            method === 'google-drive' || method === 'icloud'
              ? SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN
              : SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN,
            { kind: 'recover', methods: [method] },
          );
        }
      }
      return manager.getProvider();
    },
    prompt<T>(screen: ScreenName, params: WalletPromptParams) {
      const run = () =>
        new Promise<T>((resolve, reject) => {
          p.openScreen(screen, {
            wallet: {
              ...params,
              resolve: resolve as (value: unknown) => void,
              reject,
            } as WalletScreenParams,
          });
        });
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
    reset() {
      unsubscribe?.();
      unsubscribe = null;
      current?.destroy();
      current = null;
      managerPromise = null;
      set(IDLE);
    },
  } satisfies Partial<WalletController>);

  const BUSY = new Set(['creating', 'connecting']);
  async function settledManager(): Promise<EmbeddedWalletManager> {
    const manager = await controller.manager();
    while (BUSY.has(manager.getState().status)) {
      await new Promise<void>((resolve) => {
        const off = manager.subscribe((s) => {
          if (!BUSY.has(s.status)) {
            off();
            resolve();
          }
        });
      });
    }
    return manager;
  }

  function assertAuthenticated() {
    if (p.client.getState().status !== 'authenticated') {
      throw new LatchkeyError('The user must be logged in to use the embedded wallet.', {
        code: NOT_AUTHENTICATED,
      });
    }
  }

  Object.assign(controller, {
    async ready() {
      assertAuthenticated();
      if (!hasEmbeddedWallet(p.client.getState().user)) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
        });
      }
      const manager = await settledManager();
      if (manager.getState().status !== 'connected') {
        await controller.prompt(SCREEN.EMBEDDED_WALLET_CONNECTING_SCREEN, { kind: 'connect' });
      }
      return manager;
    },
    async createWallet() {
      assertAuthenticated();
      if (hasEmbeddedWallet(p.client.getState().user)) {
        throw new WalletError(WALLET_ERROR_MESSAGES.onlyOneWallet, {
          code: 'embedded_wallet_exists',
        });
      }
      return controller.prompt<string>(SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN, {
        kind: 'create',
      });
    },
    async signMessage(message: string, uiOptions?: SignMessageUiOptions) {
      if (typeof message !== 'string' || message.length === 0) throw new InvalidMessageError();
      const manager = await controller.ready();
      if (p.getConfig().noPromptOnSignature) {
        // The frame signs without a prompt only if the app's wallet policy allows it; else
        // the provider's approver opens the sign screen (with these UI options).
        return (await viaProvider(
          manager,
          'personal_sign',
          [utf8ToHex(message), manager.getState().address],
          uiOptions,
        )) as string;
      }
      return controller.prompt<string>(SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, {
        kind: 'sign-message',
        message,
        ...(uiOptions ? { uiOptions } : {}),
      });
    },
    async signTypedData(typedData: unknown, uiOptions?: SignMessageUiOptions) {
      const manager = await controller.ready();
      if (p.getConfig().noPromptOnSignature) {
        return (await viaProvider(
          manager,
          'eth_signTypedData_v4',
          [manager.getState().address, stringifyJson(typedData)],
          uiOptions,
        )) as string;
      }
      return controller.prompt<string>(SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, {
        kind: 'sign-typed-data',
        typedData,
        ...(uiOptions ? { uiOptions } : {}),
      });
    },
    async sendTransaction(request: TransactionRequest, uiOptions?: SendTransactionUiOptions) {
      const manager = await controller.ready();
      const transaction = { ...request, chainId: request.chainId ?? manager.getProvider().chainId };
      validateTransactionRequest(
        transaction,
        p.getConfig().supportedChains.map((c) => c.id),
      );
      return controller.prompt(SCREEN.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN, {
        kind: 'send-transaction',
        transaction,
        ...(uiOptions ? { uiOptions } : {}),
      });
    },
    async exportWallet() {
      await controller.ready();
      await controller.prompt(SCREEN.EMBEDDED_WALLET_KEY_EXPORT_SCREEN, { kind: 'export' });
    },
    async importWallet() {
      assertAuthenticated();
      if (hasEmbeddedWallet(p.client.getState().user)) {
        throw new WalletError(WALLET_ERROR_MESSAGES.onlyOneWallet, {
          code: 'embedded_wallet_exists',
        });
      }
      return controller.prompt<string>(SCREEN.EMBEDDED_WALLET_IMPORT_SCREEN, { kind: 'import' });
    },
    async setWalletPassword() {
      const manager = await controller.ready();
      const method = manager.getState().recoveryMethod;
      await controller.prompt(
        method === 'latchkey'
          ? SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN
          : SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
        // A password is changed; any other backup (automatic, or a cloud one: issue 23) moves to one.
        {
          kind: 'set-password',
          automatic: false,
          mode: method === 'user-passcode' ? 'set' : 'update',
        },
      );
    },
  } satisfies Partial<WalletController>);

  /** A provider request whose approval screen, if one is needed, shows `uiOptions`. */
  async function viaProvider(
    manager: EmbeddedWalletManager,
    method: string,
    params: unknown[],
    uiOptions: SignMessageUiOptions | undefined,
  ): Promise<unknown> {
    const hint = uiOptions ? { method, params: stringifyJson(params), uiOptions } : null;
    if (hint) hints.push(hint);
    try {
      return await manager.getProvider().request({ method, params });
    } finally {
      if (hint && hints.includes(hint)) hints.splice(hints.indexOf(hint), 1);
    }
  }

  /**
   * The manager's approver (issue 24): every signature the provider needs opens the sign or
   * send screen, which frames the wallet's approval page; resolves with the frame's answer
   * (the signature or the signed transaction). Closing the screen rejects (4001).
   */
  async function approve(request: EmbeddedSignatureRequest): Promise<unknown> {
    if (request.method === 'eth_signTransaction') {
      const [tx] = request.params as [Record<string, unknown>];
      return controller.prompt(SCREEN.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN, {
        kind: 'confirm-transaction',
        transaction: shownTransaction(tx, request.chain.id),
        signRequest: tx,
      });
    }
    const key = stringifyJson(request.params);
    const index = hints.findIndex((h) => h.method === request.method && h.params === key);
    const uiOptions = index >= 0 ? hints.splice(index, 1)[0]!.uiOptions : undefined;
    return controller.prompt(SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, {
      kind: 'confirm-signature',
      method: request.method,
      params: request.params,
      ...(uiOptions ? { uiOptions } : {}),
    });
  }

  return controller;
}
