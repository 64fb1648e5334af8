/**
 * Pieces every EIP-1193 provider of this package shares (the embedded wallet's, issue 3, and a
 * cross-app wallet's, issue 21): its event listeners and the parsing of a `chainId` parameter.
 */
import { PROVIDER_ERRORS, ProviderRpcError } from './embedded/errors.ts';

type Listener = (...args: unknown[]) => void;

/**
 * A provider's listeners: `on` / `removeListener` as EIP-1193 has them, and `emit`, which calls
 * each listener of `event` (a listener's failure is not the provider's).
 */
export function providerEvents() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(...args);
        } catch {
          // A listener's failure is not the provider's.
        }
      }
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}

/**
 * A `chainId` parameter (a number, a bigint, or a decimal or 0x-hex string) as a number.
 * @throws ProviderRpcError -32602 'chainId must be a number' otherwise.
 */
export function parseChainId(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value))
    return Number(BigInt(value));
  throw new ProviderRpcError(PROVIDER_ERRORS.invalidParams.code, 'chainId must be a number');
}
