/**
 * The SIWE method of the client (issues 4 and 11): its actions (log in, link, unlink), the
 * wallet connection flow, EIP-6963 discovery, the in-app browser check and the wallet catalogue.
 */
export * from './actions.ts';
export * from './createWalletConnectionFlow.ts';
export * from './eip6963.ts';
export * from './inAppBrowser.ts';
export * from './walletCatalog.ts';
