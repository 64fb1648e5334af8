/** Wallet creation: header and a spinner. */
export const onAccountCreateCss = `
.lk-wallet-create .lk-spinner { margin: 8px auto 4px; }
`;
