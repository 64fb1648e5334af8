/**
 * The passkey method's login-list items (issue 11; spec sections 2 and 9), read by
 * `buildLoginList` through `loginList/methods/index.ts`.
 */
import type { LoginItemKinds } from '../../loginList/types.ts';

/** 'passkey': a button in the ordered layout, the 'I have a passkey' link (`passkey-link`) in the grouped one. */
export const passkeyLoginItems = { passkey: 'link' } as const satisfies LoginItemKinds;
