/** Connecting: header and spinner. */
export const connectingCss = `
.lk-wallet-connecting .lk-spinner { margin: 4px auto; }
`;
