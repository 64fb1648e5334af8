/** Recovery selection: one button per method. */
export const recoverySelectionCss = `
.lk-wallet-select ul { display: flex; flex-direction: column; gap: var(--lk-space-2); margin: 0; padding: 0; list-style: none; }
`;
