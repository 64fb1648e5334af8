/**
 * The email method's login-list items (issue 11; spec sections 2 and 9), read by
 * `buildLoginList` through `loginList/methods/index.ts`.
 */
import type { LoginItemKinds } from '../../loginList/types.ts';

/** The email input (a code by email). */
export const emailLoginItems = { email: 'code-input' } as const satisfies LoginItemKinds;
