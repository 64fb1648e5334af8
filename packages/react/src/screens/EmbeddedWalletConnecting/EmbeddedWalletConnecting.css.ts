/** Connecting: header and spinner. */
export const connectingCss = `
.lk-wallet-connecting .lk-spinner { margin: var(--lk-space-1) auto; }
`;
