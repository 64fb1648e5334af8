import { siTelegram } from 'simple-icons';
import { BrandIcon } from '../../components/Icons/Icons.tsx';

/**
 * Telegram's logo on its login-list button (issue 14 item 1): `simple-icons`' mark in the
 * brand colour, decorative (the button has its text label).
 */
export function TelegramIcon() {
  return <BrandIcon path={siTelegram.path} slug={siTelegram.slug} fill={`#${siTelegram.hex}`} />;
}
