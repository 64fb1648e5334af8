/**
 * The email method's part of the client `User` (issue 11; spec section 3): email accounts and
 * `user.email`. Joined through the wire registry (`api/methods/index.ts`).
 */
import type { MethodUserPart, Verification, WireAccountOf } from '../../session/methodUser.ts';

/** An email address linked to a user. */
export type EmailAccount = { type: 'email'; address: string } & Verification;

/** The email method's fields of `User`. */
export type EmailUserFields = {
  /** The first linked email, if any. */
  email?: { address: string };
};

/** Reads the wire `email` accounts; `user.email` is the first one. */
export const emailUser: MethodUserPart<EmailAccount, EmailUserFields> = {
  reads: (type) => type === 'email',
  toAccount: (wire, verification) => ({
    type: 'email',
    address: (wire as WireAccountOf<'email'>).address,
    ...verification,
  }),
  userFields: (accounts) => {
    const first = accounts.find((a): a is EmailAccount => a.type === 'email');
    return first ? { email: { address: first.address } } : {};
  },
};
