/** Landing: the list of login methods. */
export const landingCss = `
.lk-landing__methods { display: flex; flex-direction: column; gap: 10px; margin: 0; padding: 0; list-style: none; }
`;
