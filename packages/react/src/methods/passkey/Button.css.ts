/** The login list's passkey links ('I have a passkey', 'Sign up with a passkey'): centred under the list, side by side, wrapping on a narrow card. */
export const passkeyLoginLinkCss = `
.lk-login-list__passkey { display: flex; flex-wrap: wrap; justify-content: center; column-gap: var(--lk-space-4); }
`;
