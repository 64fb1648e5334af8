/** Password recovery: the title above the wallet's password frame. */
export const passwordRecoveryCss = `
.lk-wallet-recovery .lk-pwframe { margin-top: -4px; }
`;
