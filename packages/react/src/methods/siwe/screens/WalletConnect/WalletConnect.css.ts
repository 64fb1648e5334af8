/** The WalletConnect QR code with the logo over its middle. */
export const walletConnectCss = `
.lk-wc { display: flex; flex-direction: column; align-items: stretch; gap: var(--lk-space-3); }
.lk-wc__qr { align-self: center; }
.lk-wc__qr { position: relative; padding: var(--lk-space-3); border: 1px solid var(--lk-border); border-radius: 16px; background: #fff; }
.lk-wc__qr img { display: block; }
.lk-wc__logo { position: absolute; display: flex; align-items: center; justify-content: center; background: #fff; border-radius: 6px; color: #3b99fc; }
.lk-wc__logo svg { width: 80%; height: 80%; }
.lk-wc__placeholder { display: flex; align-items: center; justify-content: center; }
`;
