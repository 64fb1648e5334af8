/**
 * @latchkey/wallet-frame: the isolated wallet page's key custody (design.md, Keys).
 * This slice holds the custody primitives; the frame page and its message protocol
 * (spec section 7) come with the embedded-wallet issue.
 */
export * from './custody/errors.ts';
export * from './custody/evm-rpc.ts';
export * from './custody/password.ts';
export * from './custody/shares.ts';
export * from './custody/wallet-secret.ts';
export * from './frame/router.ts';
