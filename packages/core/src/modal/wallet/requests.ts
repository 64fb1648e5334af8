import type { FundWalletConfig, SolanaSignRequest } from '@latchkey/api';
import type {
  EmbeddedWalletApproval,
  EmbeddedWalletApprovalTheme,
} from '../../wallets/embedded/approval.ts';
import type {
  EmbeddedWalletExport,
  EmbeddedWalletExportTheme,
} from '../../wallets/embedded/export.ts';
import type { EmbeddedWalletImportFrame } from '../../wallets/embedded/import-frame.ts';
import type { AuthenticateResult } from '../../session/user.ts';
import type { TransactionRequest } from '../../wallet/transaction.ts';

/** Sign-request UI options (spec section 3): every field optional, defaults in the catalogue. */
export interface SignMessageUiOptions {
  /** Default 'Sign message'. */
  title?: string;
  /** Default 'Signing this message will not cost you any fees.' */
  description?: string;
  /** Default 'Sign and continue'. */
  buttonText?: string;
  /** Image shown above the title. */
  iconUrl?: string;
}

/** Send-transaction UI options (spec section 3, subset). */
export interface SendTransactionUiOptions {
  /** Line under the title. */
  description?: string;
  /** Replaces the button text 'Submit'. */
  buttonText?: string;
  transactionInfo?: { title?: string; action?: string };
}

/** A transaction receipt (spec section 3, "Transaction receipt"); quantities as bigint (wei, gas). */
export interface TransactionReceipt {
  to: string | null;
  from: string;
  contractAddress: string | null;
  transactionIndex: number;
  blockHash: string;
  transactionHash: string;
  blockNumber: bigint;
  logs: unknown[];
  logsBloom: string;
  status: 'success' | 'reverted';
  type: string;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  /** Blocks on top of the receipt's block including it (1 right after mining). */
  confirmations: number;
  byzantium: boolean;
  root?: string;
}

/**
 * Issue 22 item 2: a Solana request for the sign or send screen (the Solana variant of their
 * payload): what the approval page signs, the cluster it names, and how the screen mounts the
 * page (`mount`: the Solana manager's `mountApproval` for this request; `ensureMfa` first, as
 * for Ethereum). The screen resolves with the frame's `SolanaSignResponse`.
 */
export interface SolanaApprovalPrompt {
  /** The Solana wallet's base58 address. */
  address: string;
  /** `signMessage` (`{message}`, base64) or `signTransaction` (`{transaction}`, base64 wire). */
  request: SolanaSignRequest;
  /** The cluster the request is for: `name` as the page shows it, `chain` e.g. 'solana:devnet'. */
  cluster: { name: string; chain: string };
  /** The wallet broadcasts the signed transaction (signAndSendTransaction). */
  send: boolean;
  /** Loads the wallet with MFA first when the user has MFA (issue 15). */
  ensureMfa(): Promise<void>;
  /** Mounts the approval page for this request in `container`. */
  mount(
    container: HTMLElement,
    options: { buttonText?: string; theme?: EmbeddedWalletApprovalTheme },
  ): EmbeddedWalletApproval;
}

/**
 * Issue 22 item 4: a Solana key import on the import screen. `mount` is the Solana manager's
 * `mountImport`: it frames the import page with `chainType: 'solana'`, and its `result`
 * resolves (with the base58 address) once the wallet is imported, the user refreshed and the
 * wallet connected. The screen resolves with that address.
 */
export interface SolanaKeyImportPrompt {
  mount(
    container: HTMLElement,
    options: { theme?: EmbeddedWalletExportTheme },
  ): EmbeddedWalletImportFrame & { readonly result: Promise<{ address: string }> };
}

/**
 * Issue 22 item 4: a Solana wallet's key export on the export screen: its base58 `address`,
 * `ensureMfa` (the Solana manager's, issue 15) and `mount` (the Solana manager's
 * `mountExport`: the export page for that address, which shows the 64-byte secret key in
 * base58 after the user's Reveal click inside it).
 */
export interface SolanaKeyExportPrompt {
  address: string;
  ensureMfa(): Promise<void>;
  mount(
    container: HTMLElement,
    options: { theme?: EmbeddedWalletExportTheme },
  ): EmbeddedWalletExport;
}

/** Settles the screen's request. */
interface Settle {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * What a wallet screen is opened with (`ScreenParams.wallet`), by `kind`. `confirm-*` kinds come
 * from the EIP-1193 provider's approval hook (issue 24): the screen frames the wallet's approval
 * page for the request and resolves with the frame's answer (signature or signed transaction),
 * which the provider returns (or broadcasts).
 */
export type WalletScreenParams = Settle &
  (
    | { kind: 'sign-message'; message: string; uiOptions?: SignMessageUiOptions }
    | { kind: 'sign-typed-data'; typedData: unknown; uiOptions?: SignMessageUiOptions }
    | {
        kind: 'confirm-signature';
        method: string;
        params: unknown;
        uiOptions?: SignMessageUiOptions;
      }
    | {
        kind: 'send-transaction';
        transaction: TransactionRequest;
        uiOptions?: SendTransactionUiOptions;
      }
    | {
        kind: 'confirm-transaction';
        /** What the screen shows (amount, chain, fee). */
        transaction: TransactionRequest;
        /** The filled transaction (JSON-RPC form, hex) the approval page signs. */
        signRequest: Record<string, unknown>;
        uiOptions?: SendTransactionUiOptions;
      }
    /** Issue 22 item 2: a Solana message on the sign screen (header 'Sign message'). */
    | {
        kind: 'solana-sign-message';
        solana: SolanaApprovalPrompt;
        uiOptions?: SignMessageUiOptions;
      }
    /**
     * Issue 22 item 2: a Solana transaction on the send screen (header 'Confirm transaction');
     * resolves with the signed transaction and closes (the wallet broadcasts it).
     */
    | {
        kind: 'solana-transaction';
        solana: SolanaApprovalPrompt;
        uiOptions?: SendTransactionUiOptions;
      }
    /** `solana` (issue 22 item 4): the Solana wallet's export; without it, the Ethereum one's. */
    | { kind: 'export'; solana?: SolanaKeyExportPrompt }
    /**
     * Issue 22 item 4: the key import page; settles with the imported wallet's address.
     * `solana`: a Solana key (the frame asks for one); without it, an Ethereum key.
     */
    | { kind: 'import'; solana?: SolanaKeyImportPrompt }
    /** `automatic`: started by the app (creation), so no Cancel and done auto-closes. */
    | {
        kind: 'set-password';
        automatic: boolean;
        /**
         * The password page's action (issue 24): 'create' creates the wallet with a password,
         * 'update' sets a first one (from automatic recovery), 'set' changes it.
         */
        mode: 'create' | 'set' | 'update';
        login?: AuthenticateResult;
      }
    /** `login`: created right after this login (spec section 4); `address` once created. */
    | { kind: 'create'; login?: AuthenticateResult; address?: string }
    | { kind: 'connect' }
    /**
     * Recovery on this device (spec section 4, "Recovery choice"): `methods` the wallet's
     * recovery method(s); `oauthReturn` what a cloud provider's redirect brought back (issue 23).
     */
    | { kind: 'recover'; methods?: string[]; oauthReturn?: { code: string; state: string } }
    /**
     * Issue 23: choosing and setting up the wallet's backup on EMBEDDED_WALLET_RECOVERY_SELECTION
     * and EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN. `action` 'create': the wallet is created with
     * it (`requireUserOwnedRecoveryOnCreate`); 'set': the wallet's backup is set or changed
     * (`useSetWalletRecovery`). `methods`: the methods offered (selection) or the one chosen
     * (the OAuth screen's provider). `automatic`: started by the app (creation), so no Cancel.
     */
    | {
        kind: 'set-recovery';
        action: 'create' | 'set';
        methods: string[];
        automatic: boolean;
        login?: AuthenticateResult;
        oauthReturn?: { code: string; state: string };
      }
    /**
     * The card on-ramp (issue 20; spec section 2, Funding): FIAT_ON_RAMP_PROMPT_SCREEN then
     * FIAT_ON_RAMP_STATUS_SCREEN for `address`. `config` is MoonPay's options (`currencyCode`,
     * `quoteCurrencyAmount`, `paymentMethod`, `uiConfig`, ...); `externalTransactionId` is set
     * once the purchase started (the status screen's).
     */
    | {
        kind: 'fund';
        address: string;
        config?: FundWalletConfig;
        externalTransactionId?: string;
      }
    /**
     * A login method's own screen that its hook awaits through `prompt` (issue 16: its
     * signer's AWAITING_FARCASTER_SIGNER): the screen settles with the method's result, and its
     * parameters, if any, are its own.
     */
    | { kind: 'method' }
  );

/** The params of one `kind`. */
export type WalletParamsOf<K extends WalletScreenParams['kind']> = Extract<
  WalletScreenParams,
  { kind: K }
>;

/** {@link WalletScreenParams} without the settle callbacks (what `prompt` takes). */
export type WalletPromptParams = WalletScreenParams extends infer U
  ? U extends WalletScreenParams
    ? Omit<U, 'resolve' | 'reject'>
    : never
  : never;
