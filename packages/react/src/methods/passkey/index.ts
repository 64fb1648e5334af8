/**
 * The passkey method's UI (issue 11; spec section 5, WebAuthn): the login list's passkey
 * button (sign up) and "I have a passkey" link (log in), AWAITING_PASSKEY_SYSTEM_DIALOGUE and
 * LINK_PASSKEY_SCREEN. Screens: `./screens.ts`.
 */
import { KeyIcon } from '../../components/Icons/Icons.tsx';
import type { LoginMethodUi } from '../types.ts';
import { passkeyLink } from './link.ts';
import { PasskeyLoginLink } from './Button.tsx';
import { startPasskey } from './start.ts';

/** The passkey method's UI module. */
export const passkeyUi: LoginMethodUi = {
  ...passkeyLink,
  labels: { passkey: 'Passkey' },
  // A key on its button in the ordered layout, like the other methods' buttons.
  itemIcon: KeyIcon,
  start: (ctx) => startPasskey(ctx, 'signup'),
  entries: { 'passkey-link': PasskeyLoginLink },
};
