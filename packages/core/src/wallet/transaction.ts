/**
 * Transaction request checks of the embedded wallet's send flow (spec sections 3 and 5).
 * Quantities are in wei unless the name says otherwise.
 */

/** A transaction request as a host app passes it (spec section 3, "Transaction request"). */
export interface TransactionRequest {
  from?: string;
  to?: string;
  data?: string;
  value?: Quantity;
  gasLimit?: Quantity;
  gasPrice?: Quantity;
  maxPriorityFeePerGas?: Quantity;
  maxFeePerGas?: Quantity;
  /** Numeric chain id. */
  chainId?: number;
  nonce?: number;
}

/** A quantity as accepted: a number, a bigint, or a 0x-hex string. */
export type Quantity = number | bigint | string;

/** The quantity fields checked (spec section 5). */
export const QUANTITY_FIELDS = [
  'gasLimit',
  'gasPrice',
  'value',
  'maxPriorityFeePerGas',
  'maxFeePerGas',
] as const;

/** Thrown for a request the wallet will not sign; `message` is the spec's text. */
export class TransactionRequestError extends Error {
  override name = 'TransactionRequestError';
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]+$/;

/** Parses a {@link Quantity} to wei, or null when it is not one. */
export function toQuantity(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value >= 0n ? value : null;
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
  if (typeof value === 'string' && HEX_QUANTITY.test(value)) return BigInt(value);
  return null;
}

/**
 * Checks a transaction request (spec section 5) and returns its quantities as bigint.
 * @param supportedChainIds the chain ids of the provider's `supportedChains`.
 * @throws TransactionRequestError "Transaction request property 'value' must be a valid number,
 *   bigint, or hex string representing a quantity"; 'chainId must be a number'; 'Chain ID {id} is
 *   not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.'
 */
export function validateTransactionRequest(
  request: TransactionRequest,
  supportedChainIds: readonly number[],
): Partial<Record<(typeof QUANTITY_FIELDS)[number], bigint>> & { chainId: number } {
  const quantities: Partial<Record<(typeof QUANTITY_FIELDS)[number], bigint>> = {};
  for (const field of QUANTITY_FIELDS) {
    const raw = request[field];
    if (raw === undefined) continue;
    const parsed = toQuantity(raw);
    if (parsed === null) {
      throw new TransactionRequestError(
        `Transaction request property '${field}' must be a valid number, bigint, or hex string representing a quantity`,
      );
    }
    quantities[field] = parsed;
  }
  const { chainId } = request;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId)) {
    throw new TransactionRequestError('chainId must be a number');
  }
  if (!supportedChainIds.includes(chainId)) {
    throw new TransactionRequestError(
      `Chain ID ${chainId} is not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.`,
    );
  }
  return { ...quantities, chainId };
}

/** CONTRACT_CALL if `to` and `data` are set, SEND if `to` and `value` are, else UNKNOWN (spec section 3). */
export function transactionType(request: TransactionRequest): 'CONTRACT_CALL' | 'SEND' | 'UNKNOWN' {
  if (request.to && request.data && request.data !== '0x') return 'CONTRACT_CALL';
  if (request.to && request.value !== undefined) return 'SEND';
  return 'UNKNOWN';
}

/**
 * Whether the balance covers the transaction (spec section 5): balance − value − gas ≥ 0,
 * gas being gasLimit × (maxFeePerGas, else gasPrice). All in wei.
 */
export function hasSufficientFunds(p: {
  balance: bigint;
  value?: bigint;
  gasLimit: bigint;
  feePerGas: bigint;
}): boolean {
  return p.balance - (p.value ?? 0n) - p.gasLimit * p.feePerGas >= 0n;
}
