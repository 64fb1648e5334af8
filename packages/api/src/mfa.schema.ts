/** Schemas of the MFA calls (issue 15; constants and paths in `mfa.ts`). */
import * as z from 'zod';
import {
  MFA_CODE_LENGTH,
  MFA_CODE_LENGTH_MESSAGE,
  MFA_CODE_NOT_DIGITS_MESSAGE,
  MFA_METHODS,
} from './mfa.ts';
import { webauthnResponse } from './methods/passkey.schema.ts';
import { user } from './user.ts';

/**
 * An MFA code as the user typed it: a string of exactly six digits (spec section 5), surrounding
 * spaces trimmed.
 */
export const mfaCode = z
  .string()
  .trim()
  .regex(/^\d+$/, MFA_CODE_NOT_DIGITS_MESSAGE)
  .length(MFA_CODE_LENGTH, MFA_CODE_LENGTH_MESSAGE);

/** Body of the TOTP enrol and verify calls. */
export const mfaCodeRequest = z.object({ code: mfaCode });
export type MfaCodeRequest = z.infer<typeof mfaCodeRequest>;

/**
 * Answer of `POST /api/v1/mfa/totp/init` (spec section 3, "TOTP enrolment info"): the base32
 * secret and its `otpauth://totp/...` URI for a QR code.
 */
export const totpEnrollmentInitResponse = z.object({
  secret: z.string().regex(/^[A-Z2-7]+=*$/),
  auth_url: z.string().startsWith('otpauth://totp/'),
});
export type TotpEnrollmentInitResponse = z.infer<typeof totpEnrollmentInitResponse>;

/** Answer of a verification: until when the session counts as MFA-verified (seconds). */
export const mfaVerifyResponse = z.object({ verified_until: z.number().int() });
export type MfaVerifyResponse = z.infer<typeof mfaVerifyResponse>;

/** Body of `POST /api/v1/mfa/unenroll`. */
export const mfaUnenrollRequest = z.object({ method: z.enum(MFA_METHODS) });
export type MfaUnenrollRequest = z.infer<typeof mfaUnenrollRequest>;

/** Answer of an enrolment or removal: the updated user, its `mfa_methods` included. */
export const mfaUserResponse = z.object({ user });

/** Body of `POST /api/v1/mfa/passwordless_sms/init`: a code for enrolment or verification. */
export const mfaSmsInitRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('enroll'), phone_number: z.string().min(1).max(64) }),
  z.object({ action: z.literal('verify') }),
]);
export type MfaSmsInitRequest = z.infer<typeof mfaSmsInitRequest>;

/** Body of `POST /api/v1/mfa/passwordless_sms/enroll`. */
export const mfaSmsEnrollRequest = z.object({
  phone_number: z.string().min(1).max(64),
  code: mfaCode,
});
export type MfaSmsEnrollRequest = z.infer<typeof mfaSmsEnrollRequest>;

/** Body of `POST /api/v1/mfa/passkeys/enroll`: credential ids (base64url) of linked passkeys. */
export const mfaPasskeysEnrollRequest = z.object({
  credential_ids: z.array(z.string().min(1).max(1024)).min(1).max(5),
});
export type MfaPasskeysEnrollRequest = z.infer<typeof mfaPasskeysEnrollRequest>;

/** Body of `POST /api/v1/mfa/passkeys/verify`: the WebAuthn assertion (JSON form). */
export const mfaPasskeyVerifyRequest = z.object({ response: webauthnResponse });
export type MfaPasskeyVerifyRequest = z.input<typeof mfaPasskeyVerifyRequest>;
