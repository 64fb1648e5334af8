/**
 * The social providers' logos on their login-list buttons (issue 14 item 1): each brand's
 * icon from `simple-icons` (CC0; brand marks stay their owners' trademarks), imported one by
 * name so the bundle keeps only these. Black marks (X, GitHub, Apple, TikTok) draw in
 * `currentColor` so they stay visible on a dark background. LinkedIn is not in `simple-icons`
 * (removed at LinkedIn's request): its button shows a neutral glyph. The button has a text
 * label, so the icon is decorative.
 */
import type { OAuthProvider } from '@latchkey/api';
import {
  type SimpleIcon,
  siApple,
  siDiscord,
  siGithub,
  siGoogle,
  siInstagram,
  siSpotify,
  siTiktok,
  siX,
} from 'simple-icons';
import { BrandIcon, UserIcon } from '../../components/Icons/Icons.tsx';

/** Each provider's icon and its fill: the brand colour, or `currentColor` for a black mark. */
export const PROVIDER_ICONS: Readonly<
  Partial<Record<OAuthProvider, { icon: SimpleIcon; fill: string }>>
> = {
  google: { icon: siGoogle, fill: `#${siGoogle.hex}` },
  twitter: { icon: siX, fill: 'currentColor' },
  discord: { icon: siDiscord, fill: `#${siDiscord.hex}` },
  github: { icon: siGithub, fill: 'currentColor' },
  spotify: { icon: siSpotify, fill: `#${siSpotify.hex}` },
  instagram: { icon: siInstagram, fill: `#${siInstagram.hex}` },
  tiktok: { icon: siTiktok, fill: 'currentColor' },
  apple: { icon: siApple, fill: 'currentColor' },
};

/** The provider's logo (`item` is its login-list item), a neutral glyph when there is none. */
export function ProviderIcon({ item }: { item: string }) {
  const brand = PROVIDER_ICONS[item as OAuthProvider];
  if (!brand) return <UserIcon />;
  return <BrandIcon path={brand.icon.path} slug={brand.icon.slug} fill={brand.fill} />;
}
