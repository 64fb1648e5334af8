/**
 * Email login (spec section 5): a six-digit code sent by email, then link, unlink and update.
 * Zod-free; the schemas are in `./email.schema.ts`.
 */
import { type AllowlistKey, defineLoginMethod, type LinkedAccountRule } from './types.ts';

/**
 * The allowlist keys of an email address (spec section 2, allowlist): `email` (trimmed,
 * lower-case) and, when it has a domain, `email_domain`. Also counted for an OAuth profile's
 * email.
 */
export function emailAllowlistKeys(address: string): AllowlistKey[] {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const keys: AllowlistKey[] = [{ type: 'email', value: lower }];
  if (at > 0 && at < lower.length - 1)
    keys.push({ type: 'email_domain', value: lower.slice(at + 1) });
  return keys;
}

const routes = {
  passwordlessInit: '/api/v1/passwordless/init',
  passwordlessAuthenticate: '/api/v1/passwordless/authenticate',
  /** Link an email to the logged-in user with a code from `passwordlessInit` (bearer). */
  passwordlessLink: '/api/v1/passwordless/link',
  /** Remove an email from the logged-in user: `{address}` (bearer; spec section 7). */
  passwordlessUnlink: '/api/v1/passwordless/unlink',
  /** Replace the user's email: `{oldAddress, newAddress, code}`, code sent to the new one (bearer). */
  passwordlessUpdate: '/api/v1/passwordless/update',
} as const;

/** The email method's contract (issue 11). */
export const EMAIL_METHOD = defineLoginMethod({
  id: 'email',
  flags: [{ flag: 'email_auth', loginItem: 'email' }],
  accountTypes: ['email'],
  routes,
  sessionRoutes: [routes.passwordlessAuthenticate],
  captchaGatedRoutes: [routes.passwordlessInit],
});

/** The email method's account rules (server-only; issue 11): answered as `{type, address}`. */
export const EMAIL_ACCOUNTS: readonly LinkedAccountRule[] = [
  {
    type: 'email',
    subjectField: 'address',
    allowlistKeys: (subject) => emailAllowlistKeys(subject),
  },
];
