import type { MfaMethod } from '@latchkey/api';
import type { LoginListItemName, LoginMethodName, WalletId } from '@latchkey/core';
import type { MethodClientConfig } from './methodConfig.ts';
import type { MessageOverrides } from '../messages.ts';
import type { ChainConfig, EmbeddedWalletsConfig, SolanaClusterConfig } from './walletConfig.ts';
import type { LatchkeyTheme } from '../theme/theme.ts';
import type { WalletConnectConnector } from './walletConnect.ts';

/**
 * Login methods a host may offer (spec section 3, "Client app config"): core's login-list item
 * names, one per flag of the contract registry (`LOGIN_METHOD_FLAGS` of `@latchkey/api`).
 */
export type LoginMethod = LoginMethodName;

/**
 * What a host passes as `<LatchkeyProvider config>`; every field is optional and wins over
 * the server's app config (spec section 3, "Client app config"). The login methods add their
 * own fields (`loginConfig`: `methods/<id>/config.ts`, merged by `methodConfig.ts`).
 */
export interface LatchkeyClientConfig extends MethodClientConfig {
  /** App name shown in texts; default the server's `name`. */
  name?: string;
  /** Methods on the landing screen, in order. Default: from the server flags, else `['email']`. */
  loginMethods?: LoginMethod[];
  appearance?: {
    /** Landing title. Default 'Log in or sign up'. */
    landingHeader?: string;
    /** Line under the title; cut to 100 characters (`LOGIN_MESSAGE_MAX_LENGTH`). */
    loginMessage?: string;
    /** Logo URL shown above the title. Default the server's `logo_url`. */
    logo?: string;
    /** Accent colour (any CSS colour). Default the server's `accent_color`. */
    accentColor?: string;
    /**
     * `'light'` (default), `'dark'`, or a full theme from `lightTheme()` / `darkTheme()`.
     * An `accentColor` is applied on top of a named theme.
     */
    theme?: 'light' | 'dark' | LatchkeyTheme;
    /** Alias of `theme` for a named scheme (spec wording: palette colorScheme). */
    colorScheme?: 'light' | 'dark';
    /** Grouped login list: web2 methods first (default) or wallets first (issue 4). */
    loginGroupPriority?: 'web2-first' | 'web3-first';
    /** Show email and SMS as buttons instead of inputs on the landing screen. */
    hideDirectWeb2Inputs?: boolean;
    /** Wallets on the login list, in order; `detected_wallets` places EIP-6963 wallets. */
    walletList?: WalletId[];
  };
  legal?: {
    requireUsersAcceptTerms?: boolean;
    termsAndConditionsUrl?: string | null;
    privacyPolicyUrl?: string | null;
  };
  render?: {
    /**
     * Standalone: the login card is embedded in the page with `<LatchkeyLogin />` (no overlay,
     * no portal, no close button) and `login()` opens no modal.
     */
    standalone?: boolean;
    /** When `false` the modal has no close button and Escape does nothing. Default `true`. */
    closeable?: boolean;
  };
  intl?: {
    /** The phone input's first country (ISO 3166-1 alpha-2), default `'US'`. */
    defaultCountry?: string;
    /**
     * The modal's language, a BCP 47 tag (`'fr'`, `'de-CH'`, `'ja'`); default the browser's
     * languages. Matched to the shipped locales (`en`, `es`, `fr`, `de`, `ja`, `zh`), else
     * English. `messages` overrides apply on top of the locale's catalogue (issue 14, item 12).
     */
    locale?: string;
  };
  /**
   * The login list as primary items plus 'More options' (spec sections 2 and 9). Items are
   * login methods or wallet names of `walletList`. Without it the list is grouped.
   */
  loginMethodsAndOrder?: { primary: LoginListItemName[]; overflow?: LoginListItemName[] };
  /**
   * External wallets (spec section 3). WalletConnect is offered when the server app config has a
   * `wallet_connect_cloud_project_id`, `walletConnect.enabled` is not false (default true) and
   * `walletConnect.connector` is set: `walletConnect` of `@latchkey/react/walletconnect`, which
   * needs the optional peer `@walletconnect/ethereum-provider` installed (issue 12 item 6).
   */
  externalWallets?: {
    walletConnect?: { enabled?: boolean; connector?: WalletConnectConnector };
  };
  /** Embedded wallet behaviour (spec section 3, `embeddedWallets`; issue 3). */
  embeddedWallets?: EmbeddedWalletsConfig;
  /**
   * Chains the embedded wallet may sign for (viem `Chain`-compatible objects). Default: the
   * server's chain info (`GET /api/v1/chains`), else anvil (31337) on a localhost API.
   */
  supportedChains?: ChainConfig[];
  /** The wallet's starting chain; must be one of `supportedChains` (spec section 5). Default the first. */
  defaultChain?: ChainConfig;
  /**
   * The Solana clusters the embedded Solana wallet sends to (issue 22 item 2; `useSolanaWallets`):
   * `{ name, chain, rpcUrl }` each, e.g. `{ name: 'Solana Devnet', chain: 'solana:devnet',
   * rpcUrl: 'https://api.devnet.solana.com' }`. `name` is what the approval page shows, `chain`
   * the Wallet Standard chain id (`solana:mainnet`, `solana:devnet`, `solana:testnet`,
   * `solana:localnet`), `rpcUrl` the JSON-RPC endpoint. The first is the default cluster
   * (`signAndSendTransaction` without a `cluster`). Default: Solana's public mainnet-beta then
   * devnet endpoints, as Privy and the Solana wallet adapter do; they are rate limited, so give
   * your own RPC provider's URL in production.
   */
  solanaClusters?: SolanaClusterConfig[];
  /**
   * Card on-ramp (spec section 3, `fiatOnRamp`; issue 20): `enabled` (default: the app's
   * `fiat_on_ramp_enabled`) shows 'Add Funds' on the send screen and lets `useFundWallet` open
   * MoonPay; `useSandbox` (default false) uses MoonPay's sandbox and the app's sandbox keys.
   */
  fiatOnRamp?: { enabled?: boolean; useSandbox?: boolean };
  /**
   * MFA (spec section 3, `mfa`; issue 15). `methods`: the methods users may enrol, default the
   * server's `mfa_methods` (a method the server does not allow is dropped: the server refuses
   * it anyway). `noPromptOnMfaRequired`: when a wallet action needs MFA, do not open the modal's
   * prompt; the app draws its own with `useMfaRequired` and `useMfa` (default false).
   */
  mfa?: { methods?: MfaMethod[]; noPromptOnMfaRequired?: boolean };
  /** Overrides for any user-facing string (core's catalogue and the modal's). */
  messages?: MessageOverrides;
}
