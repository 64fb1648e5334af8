/** Password flow: the screen's header above the wallet's password frame. */
export const passwordCreateCss = `
.lk-pw .lk-pwframe { margin-top: calc(-1 * var(--lk-space-1)); }
`;
