/**
 * Linking, unlinking and terms (spec sections 5, 6 and 7; issue 6). Every call needs a bearer
 * access token and answers the updated user.
 */
import { z } from 'zod';
import { emailAddress, loginCode } from './auth.ts';
import { phoneNumberInput } from './sms.ts';
import { user } from './user.ts';

/**
 * `POST /api/v1/passwordless/link`: links the email whose code `passwordless/init` sent.
 * @throws `linked_to_another_user` (409), `cannot_link_more_of_type` (409), 422 for a bad code.
 */
export const passwordlessLinkRequest = z.object({ email: emailAddress, code: loginCode });
export type PasswordlessLinkRequest = z.input<typeof passwordlessLinkRequest>;

/** `POST /api/v1/passwordless/unlink` (spec section 7). */
export const passwordlessUnlinkRequest = z.object({ address: emailAddress });
export type PasswordlessUnlinkRequest = z.input<typeof passwordlessUnlinkRequest>;

/**
 * `POST /api/v1/passwordless/update`: replaces the user's email `oldAddress` with `newAddress`,
 * proven by the code sent to `newAddress` (spec section 7, "update email (old, new, token)").
 * @throws `email_required_to_update` when the user has no email ('User is required to have an
 *   email address to update it.'), `account_not_linked` when `oldAddress` is not theirs.
 */
export const passwordlessUpdateRequest = z.object({
  oldAddress: emailAddress,
  newAddress: emailAddress,
  code: loginCode,
});
export type PasswordlessUpdateRequest = z.input<typeof passwordlessUpdateRequest>;

/** `POST /api/v1/passwordless_sms/link`: links the number whose code `passwordless_sms/init` sent. */
export const passwordlessSmsLinkRequest = z.object({
  phoneNumber: phoneNumberInput,
  code: loginCode,
});
export type PasswordlessSmsLinkRequest = z.input<typeof passwordlessSmsLinkRequest>;

/** `POST /api/v1/passwordless_sms/unlink` (spec section 7). */
export const passwordlessSmsUnlinkRequest = z.object({ phoneNumber: phoneNumberInput });
export type PasswordlessSmsUnlinkRequest = z.input<typeof passwordlessSmsUnlinkRequest>;

/** `POST /api/v1/users/me/accept_terms`: empty body. */
export const acceptTermsRequest = z.object({});
export type AcceptTermsRequest = z.input<typeof acceptTermsRequest>;

/** Answer of every link, unlink, update and accept_terms call: the updated user. */
export const accountUpdateResponse = z.object({ user });
export type AccountUpdateResponse = z.infer<typeof accountUpdateResponse>;
