import { siTelegram } from 'simple-icons';

/**
 * Telegram's logo on its login-list button (issue 14 item 1): `simple-icons`' mark in the
 * brand colour, decorative (the button has its text label).
 */
export function TelegramIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="lk-brand-icon"
      data-brand={siTelegram.slug}
    >
      <path d={siTelegram.path} fill={`#${siTelegram.hex}`} />
    </svg>
  );
}
