/** Wallet created: success header and the address. */
export const walletCreatedCss = `
.lk-wallet-created__address { margin: 0 auto; padding: 6px 12px; border-radius: 999px; background: var(--lk-surface); color: var(--lk-muted); }
`;
