/**
 * The SMS method's public names (issue 11), re-exported by `@latchkey/core` through the
 * registry (`../index.ts`): its login and link parameters and its linked account. Its code flow
 * is the shared one of `methods/passwordless/` (channel `sms`); the phone input's parser is the
 * lazy entry `@latchkey/core/phone` (`./phone.ts`), not re-exported here so libphonenumber-js
 * stays out of the eager bundle.
 */
export type {
  LinkWithSmsCodeParameters,
  LoginWithSmsCodeParameters,
  SendSmsCodeParameters,
} from './actions.ts';
export type { PhoneAccount } from './user.ts';
