/** Wallet creation: header and a spinner. */
export const onAccountCreateCss = `
.lk-wallet-create .lk-spinner { margin: var(--lk-space-2) auto var(--lk-space-1); }
`;
