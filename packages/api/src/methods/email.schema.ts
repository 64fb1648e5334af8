/**
 * Email login wire schemas (spec sections 5 and 7; issue 11): send a code, log in with it, and
 * link, unlink or update an email with a bearer token. The routes and flag are in `./email.ts`;
 * the shared `emailAddress` and `loginCode` rules stay in `../auth.ts`.
 */
import * as z from 'zod';
import { emailAddress, loginCode } from '../auth.ts';

/** `POST /api/v1/passwordless/init`: send a login code by email. `token` is a captcha token. */
export const passwordlessInitRequest = z.object({
  email: emailAddress,
  token: z.string().max(4096).optional(),
});
export type PasswordlessInitRequest = z.input<typeof passwordlessInitRequest>;

/** `POST /api/v1/passwordless/authenticate`: log in (or sign up) with the emailed code. */
export const passwordlessAuthenticateRequest = z.object({ email: emailAddress, code: loginCode });
export type PasswordlessAuthenticateRequest = z.input<typeof passwordlessAuthenticateRequest>;

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
