/**
 * Methods the app config has flags for but no client flow yet (Farcaster; issue 16):
 * their login-list button opens a 'not configured' screen naming them. Screens: `./screens.ts`.
 */
import { FARCASTER_METHOD } from '@latchkey/api';
import { SCREEN, type ScreenName } from '@latchkey/core';
import type { LoginMethodUi } from '../types.ts';

/** A planned method: its button opens `screen`, which says it is not configured. */
function planned(
  contract: LoginMethodUi['contract'],
  label: string,
  screen: ScreenName,
): LoginMethodUi {
  const item = contract.flags[0]!.loginItem;
  return {
    contract,
    labels: { [item]: label },
    start: ({ navigate }) => navigate(screen, { method: label }),
  };
}

/** Farcaster (Sign In With Farcaster): not built yet. */
export const farcasterUi = planned(
  FARCASTER_METHOD,
  'Farcaster',
  SCREEN.AWAITING_FARCASTER_CONNECTION,
);
