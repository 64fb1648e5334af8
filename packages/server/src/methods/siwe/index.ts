/** The wallet (SIWE, EIP-4361) login method's server module (issue 11). */
import { SIWE_METHOD } from '@latchkey/api';
import { siweNonces } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { siweRoutes } from './routes.ts';

/** Sign-In with Ethereum; reads `options.chains` (the chains a message may name). */
export const siweMethod = defineServerMethod({
  contract: SIWE_METHOD,
  routes: (ctx, options) => siweRoutes(ctx, { chains: options.chains }),
  tables: [siweNonces],
  devSeed: () => import('./devSeed.ts').then((m) => m.devSeed),
});
