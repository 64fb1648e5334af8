/**
 * SMS login wire schemas (spec sections 5 and 7; issue 11): send a code by text, log in with it,
 * and link or unlink a phone number with a bearer token. The routes and flag are in `./sms.ts`.
 */
import * as z from 'zod';
import { loginCode } from '../auth.ts';

/** Longest phone number string the API accepts before parsing (formatting characters included). */
export const MAX_PHONE_INPUT_LENGTH = 64;

/**
 * A phone number as sent by the client: E.164 (`+14155552671`) or `'+callingcode number'`
 * (`+1 4155552671`, the phone input's `qualifiedPhoneNumber`); formatting characters allowed.
 * The server parses it with libphonenumber-js and stores E.164; an unparsable number is 400
 * `invalid_data` (spec section 5).
 */
export const phoneNumberInput = z.string().trim().min(1).max(MAX_PHONE_INPUT_LENGTH);

/** `POST /api/v1/passwordless_sms/init`: send a login code by SMS. `token` is a captcha token. */
export const passwordlessSmsInitRequest = z.object({
  phoneNumber: phoneNumberInput,
  token: z.string().max(4096).optional(),
});
export type PasswordlessSmsInitRequest = z.input<typeof passwordlessSmsInitRequest>;

/** `POST /api/v1/passwordless_sms/authenticate`: log in (or sign up) with the texted code. */
export const passwordlessSmsAuthenticateRequest = z.object({
  phoneNumber: phoneNumberInput,
  code: loginCode,
});
export type PasswordlessSmsAuthenticateRequest = z.input<typeof passwordlessSmsAuthenticateRequest>;

/** `POST /api/v1/passwordless_sms/link`: links the number whose code `passwordless_sms/init` sent. */
export const passwordlessSmsLinkRequest = z.object({
  phoneNumber: phoneNumberInput,
  code: loginCode,
});
export type PasswordlessSmsLinkRequest = z.input<typeof passwordlessSmsLinkRequest>;

/** `POST /api/v1/passwordless_sms/unlink` (spec section 7). */
export const passwordlessSmsUnlinkRequest = z.object({ phoneNumber: phoneNumberInput });
export type PasswordlessSmsUnlinkRequest = z.input<typeof passwordlessSmsUnlinkRequest>;
