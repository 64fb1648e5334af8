import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import { type Address, getAddressEncoder, getBase58Encoder } from '@solana/kit';
import type {
  IdentifierString,
  Wallet,
  WalletAccount,
  WindowAppReadyEvent,
  WindowRegisterWalletEvent,
  WindowRegisterWalletEventCallback,
} from '@wallet-standard/base';
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
  type StandardEventsNames,
} from '@wallet-standard/features';
import { ReadonlyWalletAccount } from '@wallet-standard/wallet';
import { WalletError } from '../embedded/errors.ts';
import type { EmbeddedSolanaWallet } from './types.ts';

/** The wallet's name in the Wallet Standard (what wallet pickers list). */
export const LATCHKEY_WALLET_NAME = 'Latchkey';

/** The wallet's icon: a key on the Latchkey indigo, as an SVG data URI (Wallet Standard needs one). */
export const LATCHKEY_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><circle cx="12" cy="16" r="5" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M17 16h9m-3 0v4m-3-4v3" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>',
  );

/** The features the Latchkey Wallet Standard wallet has. */
export type LatchkeyStandardFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature;

/** The Latchkey wallet as the Wallet Standard sees it, plus the host's own controls. */
export interface LatchkeyStandardWallet extends Wallet {
  readonly features: LatchkeyStandardFeatures;
  /** Sets the embedded Solana wallet behind the account (null: no account); emits `change`. */
  setWallet(wallet: EmbeddedSolanaWallet | null): void;
}

/** Parameters of {@link createLatchkeyStandardWallet}. */
export type CreateLatchkeyStandardWalletParameters = {
  /** The chains to announce (the app's `solanaClusters`' `chain`s). */
  chains: readonly IdentifierString[];
  /** The embedded Solana wallet at start, if any. */
  wallet?: EmbeddedSolanaWallet | null;
};

/**
 * The embedded Solana wallet as a Wallet Standard wallet (issue 22 item 2): name 'Latchkey',
 * an icon data URI, the app's Solana chains, and the features `standard:connect`,
 * `standard:disconnect`, `standard:events`, `solana:signMessage`, `solana:signTransaction`,
 * `solana:signAndSendTransaction` (legacy and v0 transactions). `accounts` is the embedded
 * wallet's account (none while there is none); `change` is emitted with `accounts` when it
 * changes (login, logout, creation). `standard:connect` returns the accounts (it never creates a
 * wallet or logs in); `standard:disconnect` does nothing (logout is the app's).
 *
 * Each signing feature goes through the embedded wallet, so the user approves on the approval
 * page; a closed screen rejects with WalletError `user_rejected`. An input whose `account` is
 * not this wallet's is refused (`invalid_request_arguments`).
 */
export function createLatchkeyStandardWallet(
  parameters: CreateLatchkeyStandardWalletParameters,
): LatchkeyStandardWallet {
  let current: EmbeddedSolanaWallet | null = parameters.wallet ?? null;
  let accounts: readonly WalletAccount[] = [];
  const listeners: { [E in StandardEventsNames]?: Set<StandardEventsListeners[E]> } = {};
  const chains = [...parameters.chains];

  const features = [
    SolanaSignMessage,
    SolanaSignTransaction,
    SolanaSignAndSendTransaction,
  ] as const satisfies readonly IdentifierString[];

  function accountsOf(wallet: EmbeddedSolanaWallet | null): readonly WalletAccount[] {
    if (!wallet) return [];
    return [
      new ReadonlyWalletAccount({
        address: wallet.address,
        publicKey: new Uint8Array(getAddressEncoder().encode(wallet.address as Address)),
        chains: chains as IdentifierString[],
        features: [...features],
      }),
    ];
  }
  accounts = accountsOf(current);

  /** The embedded wallet, when `account` is its account. */
  function walletFor(account: WalletAccount): EmbeddedSolanaWallet {
    if (!current || account.address !== current.address) {
      throw new WalletError('Unknown account for the Latchkey wallet', {
        type: 'invalid_request_arguments',
        code: 'frame_error',
      });
    }
    return current;
  }

  const wallet: LatchkeyStandardWallet = {
    version: '1.0.0',
    name: LATCHKEY_WALLET_NAME,
    icon: LATCHKEY_WALLET_ICON as Wallet['icon'],
    get chains() {
      return chains as IdentifierString[];
    },
    get accounts() {
      return accounts;
    },
    features: {
      [StandardConnect]: {
        version: '1.0.0',
        connect: async () => ({ accounts }),
      },
      [StandardDisconnect]: {
        version: '1.0.0',
        disconnect: async () => {},
      },
      [StandardEvents]: {
        version: '1.0.0',
        on(event, listener) {
          const set = (listeners[event] ??= new Set());
          set.add(listener);
          return () => set.delete(listener);
        },
      },
      [SolanaSignMessage]: {
        version: '1.1.0',
        async signMessage(...inputs) {
          const out = [];
          for (const { account, message } of inputs) {
            const signature = await walletFor(account).signMessage(message);
            out.push({ signedMessage: message, signature, signatureType: 'ed25519' as const });
          }
          return out;
        },
      },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs) {
          const out = [];
          for (const { account, transaction } of inputs) {
            out.push({ signedTransaction: await walletFor(account).signTransaction(transaction) });
          }
          return out;
        },
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs) {
          const out = [];
          for (const { account, transaction, chain, options } of inputs) {
            const { signature } = await walletFor(account).signAndSendTransaction(transaction, {
              cluster: chain,
              ...(options?.skipPreflight ? { skipPreflight: true } : {}),
            });
            out.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) });
          }
          return out;
        },
      },
    },
    setWallet(next) {
      if (next?.address === current?.address && next === current) return;
      current = next;
      accounts = accountsOf(current);
      for (const listener of listeners.change ?? []) {
        try {
          listener({ accounts });
        } catch {
          // A consumer's listener must not break the wallet.
        }
      }
    },
  };
  return wallet;
}

/**
 * Registers `wallet` with the page's Wallet Standard apps (`@wallet-standard/app`'s
 * `getWallets()`, the Solana wallet adapter, ...), as `@wallet-standard/wallet`'s
 * `registerWallet` does (the `wallet-standard:register-wallet` event, and an answer to each
 * later `wallet-standard:app-ready`), but keeping each app's unregister function, which
 * `registerWallet` drops: the returned function unregisters the wallet from every app (at
 * logout) and stops answering new ones. Does nothing (returns a no-op) without `window`.
 */
export function registerStandardWallet(wallet: Wallet): () => void {
  const win = (globalThis as { window?: Window }).window;
  if (!win) return () => {};
  const unregisters: (() => void)[] = [];
  const callback: WindowRegisterWalletEventCallback = ({ register }) => {
    unregisters.push(register(wallet));
  };
  const onAppReady = (event: Event) => callback((event as WindowAppReadyEvent).detail);
  win.addEventListener('wallet-standard:app-ready', onAppReady);
  try {
    const event = new Event('wallet-standard:register-wallet') as WindowRegisterWalletEvent;
    Object.defineProperty(event, 'detail', { value: callback });
    win.dispatchEvent(event);
  } catch {
    // A page without Event support: apps that start later still find the wallet (app-ready).
  }
  return () => {
    win.removeEventListener('wallet-standard:app-ready', onAppReady);
    for (const unregister of unregisters.splice(0)) unregister();
  };
}
