/** Password recovery: one field and a button. */
export const passwordRecoveryCss = `
.lk-wallet-recovery form { display: flex; flex-direction: column; gap: 6px; }
`;
