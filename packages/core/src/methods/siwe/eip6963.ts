/**
 * EIP-6963 wallet discovery (https://eips.ethereum.org/EIPS/eip-6963): listen for
 * `eip6963:announceProvider`, then dispatch `eip6963:requestProvider` so wallets that loaded
 * first announce again. DOM-free apart from the event target it is given.
 */
import type { Eip1193Provider } from '../../wallets/registry.ts';
import type { Eip6963ProviderInfo } from './walletCatalog.ts';

/** One announced wallet. */
export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

/** Where the events travel: `window` in a browser. */
export type Eip6963Target = Pick<
  EventTarget,
  'addEventListener' | 'removeEventListener' | 'dispatchEvent'
>;

function isDetail(value: unknown): value is Eip6963ProviderDetail {
  const d = value as Partial<Eip6963ProviderDetail> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.info?.uuid === 'string' &&
    typeof d.info.name === 'string' &&
    typeof d.info.rdns === 'string' &&
    typeof d.provider?.request === 'function'
  );
}

/**
 * Collects announced wallets (one per `uuid`, latest wins) and calls `onChange` with the list
 * in announcement order after each new one.
 *
 * @param target - Usually `window`.
 * @returns stop listening.
 * @example
 * const stop = watchEip6963Wallets(window, (wallets) => render(wallets));
 */
export function watchEip6963Wallets(
  target: Eip6963Target,
  onChange: (wallets: readonly Eip6963ProviderDetail[]) => void,
): () => void {
  const byUuid = new Map<string, Eip6963ProviderDetail>();
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (!isDetail(detail)) return;
    byUuid.set(
      detail.info.uuid,
      Object.freeze({ info: { ...detail.info }, provider: detail.provider }),
    );
    onChange([...byUuid.values()]);
  };
  target.addEventListener('eip6963:announceProvider', listener);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => target.removeEventListener('eip6963:announceProvider', listener);
}
