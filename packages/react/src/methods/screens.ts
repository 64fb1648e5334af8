/**
 * The login methods' screens (issue 11): one line per method folder, merged into the modal's
 * screen registry (`screens/registry.ts`). Kept apart from `./index.ts` so the login list's
 * registry does not reach the lazy screens (LINK_WALLET_SCREEN renders the login list).
 */
import { emailScreens } from './email/screens.ts';
import { farcasterScreens } from './farcaster/screens.ts';
import { oauthScreens } from './oauth/screens.ts';
import { passkeyScreens } from './passkey/screens.ts';
import { passwordlessScreens } from './passwordless/screens.ts';
import { siweScreens } from './siwe/screens.ts';
import { smsScreens } from './sms/screens.ts';
import { telegramScreens } from './telegram/screens.ts';
import type { ScreenEntries } from './types.ts';

/** Every method's screen-registry entries. */
export const METHOD_SCREENS: ScreenEntries = {
  ...passwordlessScreens,
  ...emailScreens,
  ...smsScreens,
  ...oauthScreens,
  ...siweScreens,
  ...passkeyScreens,
  ...farcasterScreens,
  ...telegramScreens,
};
