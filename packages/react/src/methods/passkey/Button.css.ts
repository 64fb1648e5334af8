/** The login list's "I have a passkey" link: centred under the list. */
export const passkeyLoginLinkCss = `
.lk-login-list__passkey { text-align: center; }
`;
