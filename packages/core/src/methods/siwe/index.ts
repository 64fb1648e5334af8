/**
 * The SIWE method's public names (issues 4 and 11), re-exported by `@latchkey/core` through the
 * registry (`../index.ts`): the wallet connection flow, EIP-6963 discovery, the in-app browser
 * check and the wallet catalogue. viem-free: the SIWE message builder (`createSiweMessage` from
 * `viem/siwe`) is passed in by the lazily loaded screen.
 */
export * from './createWalletConnectionFlow.ts';
export * from './eip6963.ts';
export * from './inAppBrowser.ts';
export * from './walletCatalog.ts';
