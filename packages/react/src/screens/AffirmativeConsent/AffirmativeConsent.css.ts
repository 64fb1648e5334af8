/** AFFIRMATIVE_CONSENT_SCREEN: header, the two policy links, then 'Accept' over 'No thanks'. */
export const affirmativeConsentCss = `
.lk-consent { display: flex; flex-direction: column; gap: var(--lk-space-3); }
.lk-consent__links { display: flex; justify-content: center; gap: var(--lk-space-4); margin: 0 0 var(--lk-space-1); }
.lk-consent__links a { color: var(--lk-accent); font-size: 14px; text-decoration: underline; }
.lk-consent__error { color: var(--lk-danger); font-size: 13px; text-align: center; margin: 0; }
`;
