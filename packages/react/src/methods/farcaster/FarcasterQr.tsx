/**
 * The Farcaster method's QR code (issue 16), shared by its screens: the login's connect URI
 * (AWAITING_FARCASTER_CONNECTION) and the signer's approval link (AWAITING_FARCASTER_SIGNER).
 * Its look is `farcasterConnectCss` (`.lk-farcaster__qr`, `__placeholder`, `__logo`), which both
 * screens load.
 */
import { useEffect, useState } from 'react';
import { FarcasterIcon } from './icon.tsx';

/** The QR code (spec section 9: high error correction, default size 160, logo 15 %). */
export const FARCASTER_QR = {
  /** 'H': about 30 % of the code may be covered; the logo covers far less. */
  errorCorrectionLevel: 'H',
  /** Size in CSS pixels (drawn at twice that for sharp screens). */
  size: 160,
  /** The logo's width as a share of the code's. */
  logoRatio: 0.15,
} as const;

/** Props of {@link FarcasterQr}. */
export interface FarcasterQrProps {
  /** What the code holds (a phone's camera opens it). */
  uri: string;
  /** The image's text alternative. */
  alt: string;
  /** The element's `data-testid`. */
  testId: string;
  /** The data attribute that carries `uri` on the element (what e2e tests read). */
  uriAttribute: 'data-connect-uri' | 'data-approval-url';
}

/**
 * The QR code of `uri` (dark on white, error correction H) with the Farcaster mark over its
 * middle; a spinner while `qrcode` (lazy) draws it.
 */
export function FarcasterQr({ uri, alt, testId, uriAttribute }: FarcasterQrProps) {
  const [qr, setQr] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(uri, {
          errorCorrectionLevel: FARCASTER_QR.errorCorrectionLevel,
          width: FARCASTER_QR.size * 2,
          margin: 1,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then(
        (src) => live && setQr({ uri, src }),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [uri]);
  const { size } = FARCASTER_QR;
  const logo = Math.round(size * FARCASTER_QR.logoRatio);
  return (
    <div className="lk-farcaster__qr" data-testid={testId} {...{ [uriAttribute]: uri }}>
      {qr?.uri === uri ? (
        <img src={qr.src} width={size} height={size} alt={alt} />
      ) : (
        <div className="lk-farcaster__placeholder" style={{ width: size, height: size }}>
          <span className="lk-spinner" aria-hidden="true" />
        </div>
      )}
      <span className="lk-farcaster__logo" style={{ width: logo, height: logo }}>
        <FarcasterIcon />
      </span>
    </div>
  );
}
