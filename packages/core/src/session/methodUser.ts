/**
 * What a login method contributes to the client's `User` (issue 11): the shape of
 * `methods/<id>/user.ts`, read by `toUser` (`./user.ts`) through the wire registry
 * (`api/methods/index.ts`). A leaf: method folders import it without importing `./user.ts`.
 */
import type { LinkedAccountWire, MFA_METHODS } from '@latchkey/api';

/** An MFA method (spec section 3). */
export type MfaMethod = (typeof MFA_METHODS)[number];

/** Verification times every linked account carries (spec section 3), as `Date`s. */
export type Verification = {
  verifiedAt: Date;
  firstVerifiedAt: Date;
  latestVerifiedAt: Date;
};

/**
 * One login method's reading of the API's user (spec section 3): which wire linked accounts
 * are its own, how each becomes a client account, and the method's own `User` fields.
 *
 * @typeParam A - The client account, e.g. `{ type: 'email'; address: string } & Verification`.
 * @typeParam F - The method's `User` fields, e.g. `{ email?: { address: string } }`.
 */
export type MethodUserPart<A extends { type: string }, F extends object = object> = {
  /** True when a wire linked account of this `type` is the method's (`'email'`, `'<provider>_oauth'`). */
  reads(type: string): boolean;
  /** The client account of one of the method's wire accounts (camelCase, times as `Date`). */
  toAccount(wire: LinkedAccountWire, verification: Verification): A;
  /**
   * The method's own `User` fields from the user's client accounts (all methods'), e.g. the
   * first email; `{}` when it has none (the keys are then absent, not undefined).
   */
  userFields?(accounts: readonly { type: string }[]): F;
  /** The `mfa_methods` entry this method enrols as (`'sms'`, `'passkey'`), if any. */
  mfaMethod?: MfaMethod;
};

/** The wire account of type `T` (a member of the API's `LinkedAccountWire` union). */
export type WireAccountOf<T extends LinkedAccountWire['type']> = Extract<
  LinkedAccountWire,
  { type: T }
>;
