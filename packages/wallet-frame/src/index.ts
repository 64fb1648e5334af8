/**
 * @latchkey/wallet-frame: the isolated wallet page (design.md, Keys; spec section 7). Key custody
 * primitives, the message router and the frame's handlers. The browser entry is
 * `src/frame/main.ts` (bundled by the server); `src/frame/frame.css` styles its pages.
 */
export * from './custody/errors.ts';
export * from './custody/evm-rpc.ts';
export * from './custody/password.ts';
export * from './custody/shares.ts';
export * from './custody/wallet-secret.ts';
export * from './frame/app.ts';
export * from './frame/config.ts';
export * from './frame/device-store.ts';
export * from './frame/export-page.ts';
export * from './frame/router.ts';
export * from './frame/share-api.ts';
export * from './frame/wallet-handlers.ts';
