/**
 * The SIWE method's modal texts (issue 11): LINK_WALLET_SCREEN (issue 6). Merged into
 * `reactMessages` through `METHOD_MESSAGES` (`../links.ts`); overridden through
 * `config.messages`.
 */
export const siweMessages = {
  linkWalletTitle: 'Link a wallet',
  linkWalletDetail: 'Sign a message to prove you own it.',
} as const;
