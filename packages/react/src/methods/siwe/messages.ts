/**
 * The SIWE method's modal texts (issue 11): LINK_WALLET_SCREEN (issue 6), LOGIN_FAILED_SCREEN's
 * install link (issue 14). Merged into
 * `reactMessages` through `METHOD_MESSAGES` (`../links.ts`); overridden through
 * `config.messages`.
 */
export const siweMessages = {
  linkWalletTitle: 'Link a wallet',
  linkWalletDetail: 'Sign a message to prove you own it.',
  /** LOGIN_FAILED_SCREEN, a known wallet that is not installed; `{wallet}` is its name. */
  installWallet: 'Install {wallet}',
} as const;
