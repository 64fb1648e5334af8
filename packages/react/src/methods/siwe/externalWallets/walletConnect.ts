/**
 * WalletConnect's QR code (spec sections 2 and 9; issue 4): the pairing URI drawn with `qrcode`
 * (high error correction, 160 px, the WalletConnect logo over the middle 15 %), imported
 * dynamically so it loads only when a person picks WalletConnect. The pairing itself is the
 * host's connector (`config.externalWallets.walletConnect.connector`, `walletConnect` of
 * `@latchkey/react/walletconnect`): `@walletconnect/ethereum-provider` is an optional peer that
 * this entry never imports (issue 12 item 6).
 */
/** QR code settings (spec section 9). */
export const WALLET_CONNECT_QR = {
  /** 'H': about 30 % of the code can be covered (the logo takes 15 % of the width). */
  errorCorrectionLevel: 'H',
  /** Default size in CSS pixels. */
  size: 160,
  /** The logo's width as a share of the code's. */
  logoRatio: 0.15,
} as const;

/**
 * The QR code of a WalletConnect URI as a PNG data URL (`qrcode`, error correction H,
 * {@link WALLET_CONNECT_QR.size} px). The logo is laid over it by the screen.
 */
export async function walletConnectQrDataUrl(
  uri: string,
  size: number = WALLET_CONNECT_QR.size,
): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(uri, {
    errorCorrectionLevel: WALLET_CONNECT_QR.errorCorrectionLevel,
    width: size,
    margin: 1,
  });
}

/** The logo's box in pixels for a code of `size` pixels, centred. */
export function walletConnectLogoBox(size: number = WALLET_CONNECT_QR.size): {
  size: number;
  offset: number;
} {
  const logo = Math.round(size * WALLET_CONNECT_QR.logoRatio);
  return { size: logo, offset: Math.round((size - logo) / 2) };
}
