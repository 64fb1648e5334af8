/**
 * The SMS method's part of the client `User` (issue 11; spec section 3): phone accounts,
 * `user.phone` and the `sms` MFA method. Joined through the wire registry (`api/methods/index.ts`).
 */
import type { MethodUserPart, Verification, WireAccountOf } from '../../session/methodUser.ts';

/** A phone number (E.164) linked to a user. */
export type PhoneAccount = { type: 'phone'; number: string } & Verification;

/** The SMS method's fields of `User`. */
export type SmsUserFields = {
  /** The first linked phone, if any. */
  phone?: { number: string };
};

/** Reads the wire `phone` accounts; `user.phone` is the first one. */
export const smsUser: MethodUserPart<PhoneAccount, SmsUserFields> = {
  reads: (type) => type === 'phone',
  toAccount: (wire, verification) => ({
    type: 'phone',
    number: (wire as WireAccountOf<'phone'>).number,
    ...verification,
  }),
  userFields: (accounts) => {
    const first = accounts.find((a): a is PhoneAccount => a.type === 'phone');
    return first ? { phone: { number: first.number } } : {};
  },
  mfaMethod: 'sms',
};
