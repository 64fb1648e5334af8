/**
 * The SIWE method's login-list items (issue 11; spec sections 2 and 9), read by
 * `buildLoginList` through `loginList/methods/index.ts`.
 */
import type { LoginItemKinds } from '../../loginList/types.ts';

/** 'wallet', standing for the wallet list (EIP-6963 and the configured wallets). */
export const siweLoginItems = { wallet: 'wallets' } as const satisfies LoginItemKinds;
