/** Error screen: icon, title, detail, one call to action. */
export const errorScreenCss = `
.lk-error { display: flex; flex-direction: column; gap: var(--lk-space-2); }
.lk-error a.lk-button { text-decoration: none; box-sizing: border-box; }
`;
