/** CAPTCHA_SCREEN: header with a spinner while the check runs, then Continue or the error. */
export const captchaScreenCss = `
.lk-captcha { display: flex; flex-direction: column; gap: var(--lk-space-3); align-items: stretch; }
.lk-captcha > .lk-spinner { align-self: center; }
`;
