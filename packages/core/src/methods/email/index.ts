/**
 * The email method's public names (issue 11), re-exported by `@latchkey/core` through the
 * registry (`../index.ts`): its login, link and update parameters, its linked account and the
 * address check. Its code flow is the shared one of `methods/passwordless/` (channel `email`).
 */
export { isEmailAddress } from '@latchkey/api';
export type {
  LinkWithEmailCodeParameters,
  LoginWithEmailCodeParameters,
  SendEmailCodeParameters,
  UpdateEmailWithCodeParameters,
} from './actions.ts';
export type { EmailAccount } from './user.ts';
