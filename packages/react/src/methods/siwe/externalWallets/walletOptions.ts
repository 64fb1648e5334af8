import {
  type Eip1193Provider,
  type Eip6963ProviderDetail,
  KNOWN_WALLETS,
  type KnownWallet,
  knownWalletOf,
  type WalletId,
  walletClientTypeOf,
  watchEip6963Wallets,
} from '@latchkey/core';
import { useEffect, useState } from 'react';

/** One wallet button of the login list. */
export interface WalletOption {
  /** Stable key: the known id, or `eip6963:<uuid>`. */
  key: string;
  name: string;
  icon: string | null;
  /** `wallet_client_type` sent to the server. */
  walletClientType: string;
  /** The known wallet, if this is one. */
  known: KnownWallet | null;
  /** The wallet's provider when it is installed in this browser (EIP-6963 or `window.ethereum`). */
  provider: Eip1193Provider | null;
}

/** The wallets announced through EIP-6963 in this page, kept up to date. */
export function useEip6963Wallets(): readonly Eip6963ProviderDetail[] {
  const [wallets, setWallets] = useState<readonly Eip6963ProviderDetail[]>([]);
  useEffect(() => {
    if (typeof window === 'undefined') return;
    return watchEip6963Wallets(window, setWallets);
  }, []);
  return wallets;
}

type LegacyEthereum = Eip1193Provider & { isMetaMask?: boolean; isCoinbaseWallet?: boolean };

/**
 * The wallet options for the entries of the list: a named wallet uses its announced provider
 * when installed (or a legacy `window.ethereum` that says it is that wallet); `detected_wallets`
 * expands to every announced wallet that the list does not name.
 */
export function walletOptionsFor(
  entries: readonly WalletId[],
  announced: readonly Eip6963ProviderDetail[],
  listed: readonly WalletId[],
): WalletOption[] {
  const legacy =
    typeof window === 'undefined'
      ? undefined
      : (window as unknown as { ethereum?: LegacyEthereum }).ethereum;
  const options: WalletOption[] = [];
  for (const id of entries) {
    if (id === 'detected_wallets') {
      for (const d of announced) {
        const known = knownWalletOf(d.info);
        if (known && listed.includes(known.id)) continue;
        options.push({
          key: `eip6963:${d.info.uuid}`,
          name: d.info.name,
          icon: d.info.icon || null,
          walletClientType: walletClientTypeOf(d.info),
          known: known ?? null,
          provider: d.provider,
        });
      }
      continue;
    }
    const known = KNOWN_WALLETS[id];
    const match = announced.find((d) => known.rdns.includes(d.info.rdns));
    let provider = match?.provider ?? null;
    if (!provider && legacy) {
      if (id === 'metamask' && legacy.isMetaMask) provider = legacy;
      if (id === 'coinbase_wallet' && legacy.isCoinbaseWallet) provider = legacy;
    }
    options.push({
      key: id,
      name: known.name,
      icon: match?.info.icon || null,
      walletClientType: id,
      known,
      provider,
    });
  }
  return options;
}
