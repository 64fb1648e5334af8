import {
  hasSufficientFunds,
  type TransactionRequest,
  toQuantity,
  validateTransactionRequest,
} from '../../wallet/transaction.ts';
import type { Eip1193Provider } from '../../wallets/registry.ts';
import { toHexQuantity } from './encoding.ts';
import type { TransactionReceipt } from './requests.ts';

/** What the send screen shows before Submit (spec section 4, "Send-transaction screen"); wei. */
export interface PreparedTransaction {
  chainId: number;
  value: bigint;
  /** Gas units (the request's gasLimit, else the RPC's estimate). */
  gasLimit: bigint;
  /** Wei per gas: maxFeePerGas, else gasPrice, else the RPC's gas price. */
  feePerGas: bigint;
  /** gasLimit × feePerGas. */
  fee: bigint;
  balance: bigint;
  sufficientFunds: boolean;
  /** Set when the estimate failed ('There was an error preparing your transaction...'). */
  estimateFailed: boolean;
}

/** A request with `gas` (RPC name) read as gasLimit. */
function gasLimitOf(request: TransactionRequest & { gas?: unknown }): bigint | null {
  return toQuantity(request.gasLimit ?? request.gas);
}

/**
 * Validates `request` (spec section 5 texts, chain in `supportedChainIds`), then reads the
 * balance, the gas estimate and the gas price through the wallet's EIP-1193 provider (the
 * chain's RPC) and checks balance − value − gas ≥ 0.
 * @throws TransactionRequestError for an invalid request or an unsupported chain.
 */
export async function prepareTransaction(
  provider: Eip1193Provider,
  address: string,
  request: TransactionRequest,
  supportedChainIds: readonly number[],
): Promise<PreparedTransaction> {
  const q = validateTransactionRequest(request, supportedChainIds);
  const value = q.value ?? 0n;
  const read = async <T>(method: string, params: unknown[]) =>
    (await provider.request({ method, params })) as T;
  const balance = BigInt(await read<string>('eth_getBalance', [address, 'latest']));
  let estimateFailed = false;
  let gasLimit = gasLimitOf(request);
  if (gasLimit === null) {
    try {
      gasLimit = BigInt(
        await read<string>('eth_estimateGas', [
          Object.fromEntries(
            Object.entries({
              from: address,
              to: request.to,
              value: toHexQuantity(value),
              data: request.data,
            }).filter(([, v]) => v !== undefined),
          ),
        ]),
      );
    } catch {
      estimateFailed = true;
      gasLimit = 21_000n;
    }
  }
  const feePerGas = q.maxFeePerGas ?? q.gasPrice ?? BigInt(await read<string>('eth_gasPrice', []));
  return {
    chainId: q.chainId,
    value,
    gasLimit,
    feePerGas,
    fee: gasLimit * feePerGas,
    balance,
    sufficientFunds: hasSufficientFunds({ balance, value, gasLimit, feePerGas }),
    estimateFailed,
  };
}

/** The request in JSON-RPC form for `eth_sendTransaction` (hex quantities, `gas`). */
export function toRpcTransaction(request: TransactionRequest & { gas?: unknown }) {
  const out: Record<string, unknown> = {};
  const hex = (v: unknown) => {
    const q = toQuantity(v);
    return q === null ? undefined : toHexQuantity(q);
  };
  if (request.from) out.from = request.from;
  if (request.to) out.to = request.to;
  if (request.data) out.data = request.data;
  if (request.value !== undefined) out.value = hex(request.value);
  const gas = request.gasLimit ?? request.gas;
  if (gas !== undefined) out.gas = hex(gas);
  if (request.gasPrice !== undefined) out.gasPrice = hex(request.gasPrice);
  if (request.maxFeePerGas !== undefined) out.maxFeePerGas = hex(request.maxFeePerGas);
  if (request.maxPriorityFeePerGas !== undefined)
    out.maxPriorityFeePerGas = hex(request.maxPriorityFeePerGas);
  if (request.chainId !== undefined) out.chainId = toHexQuantity(BigInt(request.chainId));
  if (request.nonce !== undefined) out.nonce = hex(request.nonce);
  return out;
}

type RpcReceipt = Record<string, unknown> & { blockNumber: string };

/** A JSON-RPC receipt as {@link TransactionReceipt} (bigint quantities). */
export function toReceipt(rpc: RpcReceipt, latestBlock: bigint): TransactionReceipt {
  const big = (v: unknown) => (typeof v === 'string' ? BigInt(v) : 0n);
  const blockNumber = big(rpc.blockNumber);
  return {
    to: (rpc.to as string | null) ?? null,
    from: String(rpc.from),
    contractAddress: (rpc.contractAddress as string | null) ?? null,
    transactionIndex: Number(big(rpc.transactionIndex)),
    blockHash: String(rpc.blockHash),
    transactionHash: String(rpc.transactionHash),
    blockNumber,
    logs: Array.isArray(rpc.logs) ? rpc.logs : [],
    logsBloom: String(rpc.logsBloom ?? ''),
    status: rpc.status === '0x1' ? 'success' : 'reverted',
    type: String(rpc.type ?? '0x0'),
    gasUsed: big(rpc.gasUsed),
    cumulativeGasUsed: big(rpc.cumulativeGasUsed),
    effectiveGasPrice: big(rpc.effectiveGasPrice),
    confirmations: Number(latestBlock >= blockNumber ? latestBlock - blockNumber + 1n : 1n),
    byzantium: rpc.root === undefined,
    ...(typeof rpc.root === 'string' ? { root: rpc.root } : {}),
  };
}

/**
 * Polls `eth_getTransactionReceipt` every `intervalMs` until the transaction is mined.
 * @throws Error 'Timed out waiting for the transaction receipt' after `timeoutMs` (default 120000,
 *   the wallet RPC timeout of spec section 9).
 */
export async function waitForReceipt(
  provider: Eip1193Provider,
  hash: string,
  { intervalMs = 500, timeoutMs = 120_000 } = {},
): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rpc = (await provider.request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as RpcReceipt | null;
    if (rpc) {
      const latest = BigInt(
        (await provider.request({ method: 'eth_blockNumber', params: [] })) as string,
      );
      return toReceipt(rpc, latest);
    }
    if (Date.now() > deadline) throw new Error('Timed out waiting for the transaction receipt');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
