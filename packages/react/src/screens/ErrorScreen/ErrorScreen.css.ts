/** Error screen: icon, title, detail, one call to action. */
export const errorScreenCss = `
.lk-error { display: flex; flex-direction: column; gap: 8px; }
.lk-error a.lk-button { text-decoration: none; box-sizing: border-box; }
`;
