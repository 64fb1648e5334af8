/**
 * Wallet login (Sign-In with Ethereum, EIP-4361; spec section 5), link and unlink.
 * Zod-free; the schemas are in `./siwe.schema.ts`.
 */
import { defineLoginMethod } from './types.ts';

const routes = {
  siweInit: '/api/v1/siwe/init',
  siweAuthenticate: '/api/v1/siwe/authenticate',
  siweLink: '/api/v1/siwe/link',
  siweUnlink: '/api/v1/siwe/unlink',
} as const;

/** The SIWE method's contract (issue 11). Its login-list entry is `wallet`. */
export const SIWE_METHOD = defineLoginMethod({
  id: 'siwe',
  flags: [{ flag: 'wallet_auth', loginItem: 'wallet' }],
  accountTypes: [
    // The wire form of `wallet` rows is the server's (it also holds the embedded wallet).
    {
      type: 'wallet',
      allowlistKeys: (subject) => [{ type: 'wallet', value: subject.toLowerCase() }],
    },
  ],
  routes,
  sessionRoutes: [routes.siweAuthenticate],
  captchaGatedRoutes: [routes.siweInit],
});
