/**
 * Methods the app config already has flags for (spec section 3) but the server does not serve
 * yet: the login list shows their entries and the modal answers 'not configured'. Each moves to
 * its own contract module when it is built (issue 16).
 */
import { defineLoginMethod } from './types.ts';

/** Farcaster (Sign In With Farcaster; issue 16): flag only. */
export const FARCASTER_METHOD = defineLoginMethod({
  id: 'farcaster',
  flags: [{ flag: 'farcaster_auth', loginItem: 'farcaster' }],
  accountTypes: [],
  routes: {},
  sessionRoutes: [],
  captchaGatedRoutes: [],
});
