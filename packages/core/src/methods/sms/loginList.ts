/**
 * The SMS method's login-list items (issue 11; spec sections 2 and 9), read by
 * `buildLoginList` through `loginList/methods/index.ts`.
 */
import type { LoginItemKinds } from '../../loginList/types.ts';

/** The phone input (a code by SMS). */
export const smsLoginItems = { sms: 'code-input' } as const satisfies LoginItemKinds;
