/** The Farcaster login method's server module (issue 16): Sign In With Farcaster, link, unlink. */
import { FARCASTER_METHOD } from '@latchkey/api';
import { farcasterChannels, farcasterSignerApps, farcasterSigners } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { farcasterAdminRoutes } from './adminRoutes.ts';
import { farcasterRoutes } from './routes.ts';

/**
 * Sign In With Farcaster (FIP-11) through the Connect relay, verified against the Id Registry on
 * OP Mainnet (`createServer`'s `farcaster`: relay and RPC URLs). In development, stand-ins for the
 * relay, the Farcaster app and the Id Registry (`dev/`).
 */
export const farcasterMethod = defineServerMethod({
  contract: FARCASTER_METHOD,
  routes: farcasterRoutes,
  tables: [farcasterChannels, farcasterSignerApps, farcasterSigners],
  adminRoutes: farcasterAdminRoutes,
  devSeed: () => import('./devSeed.ts').then((m) => m.devSeed),
  cli: () => import('./cli.ts').then((m) => m.cli),
});
