/**
 * SMS login (spec section 5): a six-digit code sent by text message, then link and unlink.
 * Zod-free; the schemas are in `./sms.schema.ts`.
 */
import { defineLoginMethod, type LinkedAccountRule } from './types.ts';

const routes = {
  passwordlessSmsInit: '/api/v1/passwordless_sms/init',
  passwordlessSmsAuthenticate: '/api/v1/passwordless_sms/authenticate',
  passwordlessSmsLink: '/api/v1/passwordless_sms/link',
  /** `{phoneNumber}` (bearer; spec section 7). */
  passwordlessSmsUnlink: '/api/v1/passwordless_sms/unlink',
} as const;

/** The SMS method's contract (issue 11). */
export const SMS_METHOD = defineLoginMethod({
  id: 'sms',
  flags: [{ flag: 'sms_auth', loginItem: 'sms' }],
  accountTypes: ['phone'],
  routes,
  sessionRoutes: [routes.passwordlessSmsAuthenticate],
  captchaGatedRoutes: [routes.passwordlessSmsInit],
});

/** The SMS method's account rules (server-only; issue 11): answered as `{type, number}` (E.164). */
export const SMS_ACCOUNTS: readonly LinkedAccountRule[] = [
  {
    type: 'phone',
    subjectField: 'number',
    allowlistKeys: (subject) => [{ type: 'phone', value: subject }],
  },
];
