import {
  type Chain,
  createPublicClient,
  defineChain,
  type EIP1193Parameters,
  http,
  numberToHex,
  type PublicClient,
  type PublicRpcSchema,
  type RpcTransactionRequest,
} from 'viem';
import type { Eip1193Provider } from '../registry.ts';
import type { EmbeddedWalletBridge } from './bridge.ts';
import { parseChainId, providerEvents } from '../providerEvents.ts';
import { PROVIDER_ERRORS, ProviderRpcError, WalletError } from './errors.ts';
import type { ChainConfig } from './types.ts';

/**
 * A request the user approves in the wallet's approval page (issue 24 item 1), handed to the
 * {@link ApproveSignature} hook. `method` is what the frame signs: `personal_sign`
 * (`[hexMessage, address]`), `eth_signTypedData_v4` (`[address, typedDataJson]`) or
 * `eth_signTransaction` (`[tx]`, chainId set; for `eth_sendTransaction` the filled transaction:
 * nonce, gas and fees from the chain's RPC, and `broadcast: true`).
 */
export type EmbeddedSignatureRequest = {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_signTransaction';
  params: unknown;
  /** The chain the request is for. */
  chain: ChainConfig;
  /** Set when the provider broadcasts the signed transaction (`eth_sendTransaction`). */
  broadcast?: boolean;
};

/**
 * The approval hook (issue 24): shows the approval page for `request` (the sign or send
 * screen, which frames `/apps/{appId}/embedded-wallets/approve`) and resolves with the frame's
 * answer: the signature (hex) or the signed serialized transaction (hex). The frame signs only
 * after the user's trusted click inside it. Rejecting refuses: a {@link WalletError} keeps its
 * mapping (e.g. -32603) and a {@link ProviderRpcError} its code (e.g. the screen's 4001 'user
 * rejected'); anything else becomes EIP-1193 4001 'User rejected the request.'.
 */
export type ApproveSignature = (request: EmbeddedSignatureRequest) => Promise<unknown>;

/** Parameters of {@link createEmbeddedEthereumProvider}. */
export type CreateEmbeddedEthereumProviderParameters = {
  bridge: Pick<EmbeddedWalletBridge, 'rpc'>;
  /** The embedded wallet's address. */
  address: string;
  /** Chains the wallet may use; the first match of `chainId` is the starting chain. */
  chains: readonly ChainConfig[];
  chainId: number;
  /**
   * Gets signatures approved in the approval page. Omitted: signing methods fail with 4100
   * 'Signing needs the approval screen' (unless the no-prompt path signs).
   */
  approve?: ApproveSignature;
  /**
   * The host's `noPromptOnSignature`, read at each request: ask the hidden frame to sign
   * without a prompt first. The frame decides by the app's server-side policy.
   */
  noPrompt?: () => boolean;
};

/**
 * The embedded wallet's EIP-1193 provider, plus its current chain. Assignable to viem's
 * `EIP1193Provider` without a cast (see {@link Eip1193Provider}).
 */
export interface EmbeddedEthereumProvider extends Eip1193Provider {
  /** The current chain id (number). */
  readonly chainId: number;
  /** The current chain's config. */
  readonly chain: ChainConfig;
  /**
   * The transaction `eth_sendTransaction` would sign, for the approval page of the send screen:
   * `from` and `chainId` set (hex; `tx.chainId` or the current chain), nonce (pending), gas
   * (estimate) and fees filled from the chain's RPC where `tx` leaves them out. Quantities hex.
   * @throws ProviderRpcError 4902 for a chain not configured, -32602 for another `from`.
   */
  fillTransaction(tx: Record<string, unknown>): Promise<Record<string, unknown>>;
}

type Tx = Record<string, unknown>;

const SIGNING = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_signTransaction']);

/** The text of the 4100 error when no approval hook is set. */
export const APPROVAL_SCREEN_NEEDED = 'Signing needs the approval screen';
/** Policy refusals of the frame (issue 24 item 3): EIP-1193 4100 carrying `{type}`. */
const POLICY_REFUSALS: ReadonlySet<string> = new Set([
  'policy_chain_not_allowed',
  'policy_contract_not_allowed',
  'policy_value_cap_exceeded',
  'policy_daily_cap_exceeded',
]);
const UNSUPPORTED = new Set(['eth_sign', 'eth_signTypedData', 'eth_signTypedData_v3']);

function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  if (error instanceof WalletError) {
    if (POLICY_REFUSALS.has(error.type)) {
      return new ProviderRpcError(
        PROVIDER_ERRORS.unauthorized.code,
        error.shortMessage,
        { type: error.type },
        { cause: error },
      );
    }
    const code =
      error.type === 'invalid_request_arguments'
        ? PROVIDER_ERRORS.invalidParams.code
        : PROVIDER_ERRORS.internal.code;
    return new ProviderRpcError(code, error.shortMessage, { type: error.type }, { cause: error });
  }
  const e = error as {
    code?: unknown;
    message?: unknown;
    shortMessage?: unknown;
    details?: unknown;
  };
  if (typeof e?.code === 'number') {
    return new ProviderRpcError(
      e.code,
      String(e.details ?? e.shortMessage ?? e.message),
      undefined,
      {
        cause: error,
      },
    );
  }
  return new ProviderRpcError(
    PROVIDER_ERRORS.internal.code,
    error instanceof Error ? error.message : PROVIDER_ERRORS.internal.message,
    undefined,
    { cause: error },
  );
}

/** A viem chain from a {@link ChainConfig}. */
export function toViemChain(chain: ChainConfig): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.blockExplorerUrl
      ? { blockExplorers: { default: { name: chain.name, url: chain.blockExplorerUrl } } }
      : {}),
  });
}

/**
 * Creates the EIP-1193 provider of an embedded wallet (spec sections 3 and 7; issue 3 item 8).
 *
 * - `eth_accounts` / `eth_requestAccounts`: `[address]`; `eth_chainId`: the current chain (hex).
 * - `wallet_switchEthereumChain`: only to a configured chain, else error 4902; emits `chainChanged`.
 * - `personal_sign`, `eth_signTypedData_v4`, `eth_signTransaction`: signed by the wallet frame
 *   only (the host never sees the key), and only with the user's approval inside the frame
 *   (issue 24): with `noPrompt()` the hidden frame is asked first (`noPrompt: true`; it signs when
 *   the app's server-side policy allows it); its `approval_required` answer, or no `noPrompt`,
 *   goes to `approve` (the approval page), whose answer is returned.
 * - `eth_sendTransaction`: fills the nonce (pending), gas (estimate) and EIP-1559 fees (or the gas
 *   price on chains without EIP-1559) from the chain's RPC, gets the filled transaction signed as
 *   `eth_signTransaction` (above; `broadcast: true` for the approval screen), broadcasts with
 *   `eth_sendRawTransaction`; returns the hash.
 * - Any other method is forwarded to the chain's RPC (`rpcUrl`).
 *
 * Errors are EIP-1193 `{code, message}`: 4001 when `approve` rejects (the user closed the
 * screen), 4100 'Signing needs the approval screen' without `approve`, 4100 with
 * `data: {type}` for a policy refusal of the frame (`policy_chain_not_allowed`,
 * `policy_contract_not_allowed`, `policy_value_cap_exceeded`, `policy_daily_cap_exceeded`),
 * 4902 unknown chain, 4200 unsupported signing method, -32602 invalid arguments, -32603
 * anything else (frame errors carry `data: {type}`).
 * Works as a viem `custom(provider)` transport and with wagmi.
 *
 * @example
 * const walletClient = createWalletClient({ account: address, chain: anvil, transport: custom(provider) });
 * const signature = await walletClient.signMessage({ account: address, message: 'hello' });
 */
export function createEmbeddedEthereumProvider(
  parameters: CreateEmbeddedEthereumProviderParameters,
): EmbeddedEthereumProvider {
  const { bridge, address } = parameters;
  const chains = [...parameters.chains];
  const findChain = (id: number) => chains.find((c) => c.id === id);
  let chain = findChain(parameters.chainId);
  if (!chain) throw new Error(`Chain ${parameters.chainId} is not in the configured chains`);
  const events = providerEvents();
  const clients = new Map<number, PublicClient<ReturnType<typeof http>, Chain>>();

  const { emit } = events;

  const publicClient = (target: ChainConfig) => {
    let client = clients.get(target.id);
    if (!client) {
      client = createPublicClient({
        chain: toViemChain(target),
        transport: http(target.rpcUrl, { retryCount: 1 }),
      });
      clients.set(target.id, client);
    }
    return client;
  };

  const rpc = <T>(target: ChainConfig, method: string, params?: unknown): Promise<T> =>
    publicClient(target).request({
      method,
      params,
    } as EIP1193Parameters<PublicRpcSchema>) as Promise<T>;

  /**
   * Gets `request` signed: the hidden frame without a prompt when asked for and allowed, else
   * the approval page through `approve`. Returns the frame's answer.
   */
  async function sign(request: EmbeddedSignatureRequest): Promise<unknown> {
    if (parameters.noPrompt?.()) {
      try {
        return await bridge.rpc({
          address,
          request: { method: request.method, params: request.params },
          noPrompt: true,
        });
      } catch (error) {
        // Only `approval_required` means "ask the user"; policy refusals and failures stay.
        if (!(error instanceof WalletError && error.type === 'approval_required')) throw error;
      }
    }
    const approve = parameters.approve;
    if (!approve) {
      throw new ProviderRpcError(PROVIDER_ERRORS.unauthorized.code, APPROVAL_SCREEN_NEEDED);
    }
    try {
      return await approve(request);
    } catch (cause) {
      if (cause instanceof WalletError || cause instanceof ProviderRpcError) throw cause;
      throw new ProviderRpcError(
        PROVIDER_ERRORS.userRejected.code,
        PROVIDER_ERRORS.userRejected.message,
        undefined,
        { cause },
      );
    }
  }

  function chainOfTx(tx: Tx): ChainConfig {
    if (tx.chainId === undefined || tx.chainId === null) return chain!;
    const id = parseChainId(tx.chainId);
    const found = findChain(id);
    if (!found) {
      throw new ProviderRpcError(
        PROVIDER_ERRORS.unrecognizedChain.code,
        `Chain ${id} is not supported by this wallet.`,
      );
    }
    return found;
  }

  function assertFrom(tx: Tx) {
    if (tx.from !== undefined && String(tx.from).toLowerCase() !== address.toLowerCase()) {
      throw new ProviderRpcError(
        PROVIDER_ERRORS.invalidParams.code,
        'Cannot request a signature with this wallet address',
      );
    }
  }

  /** Fills nonce, gas and fees from the chain's RPC (only the fields the request leaves out). */
  async function fill(tx: Tx, target: ChainConfig): Promise<Tx> {
    const out: Tx = { ...tx, from: address, chainId: numberToHex(target.id) };
    if (out.gasLimit !== undefined && out.gas === undefined) out.gas = out.gasLimit;
    delete out.gasLimit;
    const client = publicClient(target);
    const [nonce, gas, fees] = await Promise.all([
      out.nonce === undefined
        ? client.getTransactionCount({ address: address as `0x${string}`, blockTag: 'pending' })
        : undefined,
      out.gas === undefined
        ? rpc<string>(target, 'eth_estimateGas', [
            Object.fromEntries(
              Object.entries({
                from: address,
                to: out.to,
                value: out.value,
                data: out.data ?? out.input,
              }).filter(([, v]) => v !== undefined && v !== null),
            ) as RpcTransactionRequest,
          ])
        : undefined,
      out.gasPrice === undefined && out.maxFeePerGas === undefined
        ? client.estimateFeesPerGas({ type: 'eip1559' }).catch(async () => ({
            gasPrice: await client.getGasPrice(),
          }))
        : undefined,
    ]);
    if (nonce !== undefined) out.nonce = numberToHex(nonce);
    if (gas !== undefined) out.gas = gas;
    if (fees) {
      if ('maxFeePerGas' in fees && fees.maxFeePerGas !== undefined) {
        out.maxFeePerGas = numberToHex(fees.maxFeePerGas);
        out.maxPriorityFeePerGas =
          out.maxPriorityFeePerGas ?? numberToHex(fees.maxPriorityFeePerGas ?? 0n);
        out.type = '0x2';
      } else if ('gasPrice' in fees && fees.gasPrice !== undefined) {
        out.gasPrice = numberToHex(fees.gasPrice);
        out.type = '0x0';
      }
    }
    return out;
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : [];
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [address];
      case 'eth_chainId':
        return numberToHex(chain!.id);
      case 'net_version':
        return String(chain!.id);
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const id = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId);
        const next = findChain(id);
        if (!next) {
          throw new ProviderRpcError(
            PROVIDER_ERRORS.unrecognizedChain.code,
            `Unrecognized chain ID ${numberToHex(id)}. Only configured chains are supported.`,
          );
        }
        if (next.id !== chain!.id) {
          chain = next;
          emit('chainChanged', numberToHex(next.id));
        }
        return null;
      }
      case 'personal_sign':
      case 'eth_signTypedData_v4':
        return sign({ method, params: list, chain: chain! });
      case 'eth_signTransaction': {
        const tx = (list[0] ?? {}) as Tx;
        assertFrom(tx);
        const target = chainOfTx(tx);
        const request = { ...tx, chainId: numberToHex(target.id) };
        return sign({ method, params: [request], chain: target });
      }
      case 'eth_sendTransaction': {
        const tx = (list[0] ?? {}) as Tx;
        if (typeof tx !== 'object' || tx === null) {
          throw new ProviderRpcError(
            PROVIDER_ERRORS.invalidParams.code,
            'Transaction request must be an object',
          );
        }
        assertFrom(tx);
        const target = chainOfTx(tx);
        const filled = await fill(tx, target);
        const raw = await sign({
          method: 'eth_signTransaction',
          params: [filled],
          chain: target,
          broadcast: true,
        });
        return rpc<string>(target, 'eth_sendRawTransaction', [raw]);
      }
      default:
        if (UNSUPPORTED.has(method) || method.startsWith('wallet_')) {
          throw new ProviderRpcError(
            PROVIDER_ERRORS.unsupportedMethod.code,
            `The embedded wallet does not support ${method}.`,
          );
        }
        return rpc(chain!, method, params);
    }
  }

  return {
    get chainId() {
      return chain!.id;
    },
    get chain() {
      return chain!;
    },
    async fillTransaction(tx) {
      try {
        assertFrom(tx);
        return await fill(tx, chainOfTx(tx));
      } catch (error) {
        throw toProviderError(error);
      }
    },
    // Typed as viem's request function (see `Eip1193Provider`); the answers are the RPC's.
    request: (async ({ method, params }: { method: string; params?: unknown }) => {
      try {
        return await handle(method, params);
      } catch (error) {
        throw toProviderError(error);
      }
    }) as EmbeddedEthereumProvider['request'],
    on: events.on,
    removeListener: events.removeListener,
  };
}

/** Methods the frame signs (everything else is answered by the provider or the chain's RPC). */
export const EMBEDDED_SIGNING_METHODS: ReadonlySet<string> = SIGNING;
