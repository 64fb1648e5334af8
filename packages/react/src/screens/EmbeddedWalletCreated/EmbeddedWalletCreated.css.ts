/** Wallet created: success header and the address. */
export const walletCreatedCss = `
.lk-wallet-created__address { margin: 0 auto; padding: var(--lk-space-1) var(--lk-space-3); border-radius: 999px; background: var(--lk-surface); color: var(--lk-muted); }
`;
