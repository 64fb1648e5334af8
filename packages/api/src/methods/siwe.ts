/**
 * Wallet login (Sign-In with Ethereum, EIP-4361; spec section 5), link and unlink.
 * Zod-free; the schemas are in `./siwe.schema.ts`.
 */
import { defineLoginMethod, type LinkedAccountRule } from './types.ts';

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
  accountTypes: ['wallet'],
  routes,
  sessionRoutes: [routes.siweAuthenticate],
  captchaGatedRoutes: [routes.siweInit],
});

/**
 * The SIWE method's account rules (server-only; issue 11): a wallet is allowlisted by its
 * lower-case address. The wire form of `wallet` rows is the server's (`users/service.ts`): the
 * same type also holds the embedded wallet, which is not a login method.
 */
export const SIWE_ACCOUNTS: readonly LinkedAccountRule[] = [
  {
    type: 'wallet',
    allowlistKeys: (subject) => [{ type: 'wallet', value: subject.toLowerCase() }],
  },
];
