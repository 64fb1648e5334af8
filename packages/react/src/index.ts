/**
 * @latchkey/react: `LatchkeyProvider`, hooks, the login modal and theming.
 *
 * The eager entry is small: the modal and every screen are separate chunks loaded on the
 * first `login()` (bundle budget, user-needs theme 5). SSR-safe (theme 1).
 */
export type { LatchkeyClientConfig, LoginMethod } from './config/config.ts';
// WalletConnect's connector contract (issue 12 item 6): the connector itself is the
// `@latchkey/react/walletconnect` subpath, so this entry never imports the optional peer.
export type {
  WalletConnectConnection,
  WalletConnectConnector,
  WalletConnectConnectParameters,
} from './config/walletConnect.ts';
export { capLoginMessage, type ResolvedConfig, resolveConfig } from './config/resolveConfig.ts';
export { type UseConnectWalletReturnType, useConnectWallet } from './hooks/useConnectWallet.ts';
export { LatchkeyProviderMissingError } from './hooks/useInternalLatchkey.ts';
export { type UseLatchkeyReturnType, useLatchkey } from './hooks/useLatchkey.ts';
export { type UseLoginParameters, type UseLoginReturnType, useLogin } from './hooks/useLogin.ts';
export { LatchkeyLogin, type LatchkeyLoginProps } from './LatchkeyLogin/LatchkeyLogin.tsx';
export {
  LatchkeyButton,
  type LatchkeyButtonProps,
} from './components/LatchkeyButton/LatchkeyButton.tsx';
export type { LinkSuccess } from './LatchkeyProvider/context.ts';
export type { LoginFailure } from './Modal/types.ts';
export {
  LatchkeyProvider,
  type LatchkeyProviderProps,
} from './LatchkeyProvider/LatchkeyProvider.tsx';
export { type MessageOverrides, type Messages, reactMessages } from './messages.ts';
export {
  DEFAULT_ACCENT,
  darkTheme,
  type LatchkeyTheme,
  lightTheme,
  type ThemeOptions,
  themeToCss,
} from './theme/theme.ts';
// Embedded wallet (issue 3)
export type {
  ChainConfig,
  CreateOnLogin,
  EmbeddedWalletsConfig,
  SolanaClusterConfig,
  UserOwnedRecoveryOption,
} from './config/walletConfig.ts';
export {
  ANVIL_CHAIN,
  DEFAULT_SOLANA_CLUSTERS,
  InvalidChainConfigError,
} from './config/walletConfig.ts';
export { type UseCreateWalletReturnType, useCreateWallet } from './hooks/useCreateWallet.ts';
export {
  type ExportWalletOptions,
  type UseExportWalletReturnType,
  useExportWallet,
} from './hooks/useExportWallet.ts';
export {
  type ImportWalletOptions,
  type UseImportWalletReturnType,
  useImportWallet,
} from './hooks/useImportWallet.ts';
export {
  type FundWalletResult,
  type UseFundWalletReturnType,
  useFundWallet,
} from './hooks/useFundWallet.ts';
export {
  type UseSendTransactionReturnType,
  useSendTransaction,
} from './hooks/useSendTransaction.ts';
export {
  type SignMessageOptions,
  type UseSignMessageReturnType,
  useSignMessage,
} from './hooks/useSignMessage.ts';
export {
  type TypedData,
  type UseSignTypedDataReturnType,
  useSignTypedData,
} from './hooks/useSignTypedData.ts';
export {
  type UseSetWalletPasswordReturnType,
  useSetWalletPassword,
} from './hooks/useSetWalletPassword.ts';
export {
  type SetWalletRecoveryOptions,
  type UseSetWalletRecoveryReturnType,
  useSetWalletRecovery,
} from './hooks/useSetWalletRecovery.ts';
export { type UseWalletsReturnType, useWallets } from './hooks/useWallets.ts';
export {
  type EmbeddedSolanaWallet,
  type UseSolanaWalletsReturnType,
  useSolanaWallets,
} from './hooks/useSolanaWallets.ts';
// MFA (issue 15)
export {
  type UseMfaEnrollmentReturnType,
  type UseMfaRequiredParameters,
  type UseMfaReturnType,
  useMfa,
  useMfaEnrollment,
  useMfaRequired,
} from './mfa/hooks.ts';
export type { MfaMethod } from '@latchkey/api';
export type {
  SendTransactionUiOptions,
  SignMessageUiOptions,
  TransactionReceipt,
} from '@latchkey/core';
export { InvalidMessageError, USER_REJECTED } from '@latchkey/core';
// Accounts: linking, unlinking and updating the email (issue 6)
export type { LinkedAccount, User } from '@latchkey/core';
export {
  type UseLinkAccountParameters,
  type UseLinkAccountReturnType,
  useLinkAccount,
} from './hooks/useLinkAccount.ts';
export { type UseUnlinkAccountReturnType, useUnlinkAccount } from './hooks/useUnlinkAccount.ts';
// Headless login (issue 12): method-neutral hooks here, each method's in its folder.
export {
  type UseLogoutParameters,
  type UseLogoutReturnType,
  useLogout,
} from './hooks/useLogout.ts';
export { type UseModalStatusReturnType, useModalStatus } from './hooks/useModalStatus.ts';
// Each login method's public hooks (the registry `methods/public.ts`).
export * from './methods/public.ts';
