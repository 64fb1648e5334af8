/** Password recovery: the title above the wallet's password frame. */
export const passwordRecoveryCss = `
.lk-wallet-recovery .lk-pwframe { margin-top: calc(-1 * var(--lk-space-1)); }
`;
