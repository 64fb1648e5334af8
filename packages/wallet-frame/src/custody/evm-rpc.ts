import {
  type Address,
  type Hex,
  hexToString,
  isAddressEqual,
  isHex,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CustodyError } from './errors.ts';

/** An EIP-1193 request as the host forwards it to the frame (`latchkey:wallet:rpc`). */
export interface EvmRpcRequest {
  method: string;
  params?: unknown;
}

/** Methods the frame signs for; everything else is the host's RPC's job (reads, broadcasting). */
export const FRAME_SIGNING_METHODS = [
  'eth_accounts',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
] as const;

function invalid(message: string): CustodyError {
  return new CustodyError('invalid_request_arguments', message);
}

function assertSigner(expected: Address, given: unknown): void {
  if (
    typeof given !== 'string' ||
    !isHex(given) ||
    given.length !== 42 ||
    !isAddressEqual(given as Address, expected)
  ) {
    throw invalid('Cannot request a signature with this wallet address');
  }
}

const QUANTITY_FIELDS = [
  'value',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
] as const;

/** Turns a JSON-RPC transaction object (hex quantities) into viem's serializable form. */
function toSerializable(tx: Record<string, unknown>): TransactionSerializable {
  const out: Record<string, unknown> = {};
  if (tx.to !== undefined && tx.to !== null) out.to = tx.to;
  if (tx.data !== undefined) out.data = tx.data;
  for (const field of QUANTITY_FIELDS) {
    const value = tx[field] ?? (field === 'gas' ? tx.gasLimit : undefined);
    if (value !== undefined) out[field] = BigInt(value as string | number | bigint);
  }
  if (tx.nonce !== undefined) out.nonce = Number(BigInt(tx.nonce as string | number | bigint));
  if (tx.chainId === undefined) throw invalid('chainId must be a number');
  out.chainId = Number(BigInt(tx.chainId as string | number | bigint));
  if (tx.type !== undefined) {
    const type =
      tx.type === '0x0' || tx.type === 'legacy'
        ? 'legacy'
        : tx.type === '0x1'
          ? 'eip2930'
          : 'eip1559';
    out.type = type;
  } else {
    out.type = out.gasPrice !== undefined ? 'legacy' : 'eip1559';
  }
  return out as TransactionSerializable;
}

/**
 * Answers the signing subset of EIP-1193 inside the wallet frame with the wallet's key.
 * `personal_sign` is EIP-191, `eth_signTypedData_v4` is EIP-712 (typed data as a JSON string or
 * object), `eth_signTransaction` returns the signed serialized transaction (the host broadcasts it).
 * @param privateKey 0x-hex key rebuilt for this request only; never returned.
 * @returns the method's JSON-RPC result (address list, or signature / signed transaction hex).
 * @throws CustodyError `invalid_request_arguments` for unsupported methods, a foreign `from`
 *   address, an empty message ('Message must be a non-empty string') or a malformed request.
 */
export async function handleEvmRpc(privateKey: Hex, request: EvmRpcRequest): Promise<unknown> {
  const account = privateKeyToAccount(privateKey);
  const params = Array.isArray(request.params) ? request.params : [];
  switch (request.method) {
    case 'eth_accounts':
      return [account.address];
    case 'personal_sign': {
      const [message, from] = params as [unknown, unknown];
      assertSigner(account.address, from);
      if (typeof message !== 'string' || message.length === 0 || message === '0x') {
        throw invalid('Message must be a non-empty string');
      }
      // EIP-1193 wallets receive hex; a plain string is signed as UTF-8 text.
      return account.signMessage({ message: isHex(message) ? { raw: message } : message });
    }
    case 'eth_signTypedData_v4': {
      const [from, typed] = params as [unknown, unknown];
      assertSigner(account.address, from);
      let definition: unknown = typed;
      if (typeof typed === 'string') {
        try {
          definition = JSON.parse(typed);
        } catch {
          throw invalid('Typed data must be valid JSON');
        }
      }
      if (typeof definition !== 'object' || definition === null)
        throw invalid('Typed data must be an object');
      const { domain, types, primaryType, message } = definition as Record<string, unknown>;
      const { EIP712Domain: _domainType, ...rest } = (types ?? {}) as Record<string, unknown>;
      try {
        return await account.signTypedData({
          domain,
          types: rest,
          primaryType,
          message,
        } as TypedDataDefinition);
      } catch (cause) {
        throw new CustodyError('invalid_request_arguments', 'Typed data is not valid EIP-712', {
          cause,
        });
      }
    }
    case 'eth_signTransaction': {
      const [tx] = params as [unknown];
      if (typeof tx !== 'object' || tx === null)
        throw invalid('Transaction request must be an object');
      const record = tx as Record<string, unknown>;
      if (record.from !== undefined) assertSigner(account.address, record.from);
      let serializable: TransactionSerializable;
      try {
        serializable = toSerializable(record);
      } catch (cause) {
        if (cause instanceof CustodyError) throw cause;
        throw new CustodyError(
          'invalid_request_arguments',
          'Transaction request has a malformed quantity',
          { cause },
        );
      }
      return account.signTransaction(serializable);
    }
    default:
      throw invalid(`Unsupported method ${request.method}`);
  }
}

/** Decodes a `personal_sign` payload for display in the sign screen (hex -> UTF-8 when printable). */
export function displayMessage(message: string): string {
  if (!isHex(message)) return message;
  try {
    const text = hexToString(message);
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : message;
  } catch {
    return message;
  }
}
