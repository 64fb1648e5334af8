/**
 * The link tables' registry (issue 11): one line per method's `link.ts`. Light on purpose (the
 * contracts and screen names only): `LatchkeyProvider/linkMethod.ts` reads it eagerly, while
 * the login list's part of each method (`./index.ts`) stays in the landing chunk.
 */
import { emailLink } from './email/link.ts';
import { oauthLink } from './oauth/link.ts';
import { passkeyLink } from './passkey/link.ts';
import { siweLink } from './siwe/link.ts';
import { smsLink } from './sms/link.ts';
import type { MethodLink } from './types.ts';

/** Every linkable method's link part, in the contract registry's order. */
export const METHOD_LINKS: readonly MethodLink[] = [
  emailLink,
  smsLink,
  oauthLink,
  siweLink,
  passkeyLink,
];
