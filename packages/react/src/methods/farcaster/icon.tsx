import { siFarcaster } from 'simple-icons';
import { BrandIcon } from '../../components/Icons/Icons.tsx';

/** Farcaster's brand colour (`simple-icons`), e.g. for the mark over the QR code. */
export const FARCASTER_COLOR = `#${siFarcaster.hex}`;

/**
 * Farcaster's logo on its login-list button and over its QR code (issue 16): `simple-icons`'
 * mark in the brand colour, decorative (the button has its text label, the code its own).
 */
export function FarcasterIcon() {
  return <BrandIcon path={siFarcaster.path} slug={siFarcaster.slug} fill={FARCASTER_COLOR} />;
}
