import * as z from 'zod';
import { user } from '../user.ts';

/**
 * Passkey (WebAuthn) calls (spec sections 4 and 7; security catalogue 36-37). The server issues
 * options with a single-use challenge; the browser answers through `navigator.credentials`; the
 * server checks origin, RP ID, challenge, flags and counter with @simplewebauthn/server.
 */

/** A passkey challenge is valid this long after it is issued (catalogue 36). */
export const PASSKEY_CHALLENGE_TTL_S = 60;
/** Random bytes in a passkey challenge (catalogue 36). */
export const PASSKEY_CHALLENGE_BYTES = 32;
export {
  MAX_PASSKEYS_PER_USER,
  MFA_PASSKEY_UNLINK_MESSAGE,
  TOO_MANY_PASSKEYS_MESSAGE,
} from './passkey.ts';

/**
 * A WebAuthn response as JSON (base64url fields), as @simplewebauthn/browser produces it.
 * The server's verifier checks the inner fields; here only the envelope and its size.
 */
export const webauthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .passthrough();

/** `POST /api/v1/passkeys/register/init` and `/authenticate/init`: no body fields. */
export const passkeyInitRequest = z.object({}).passthrough();

/** Answer of the init calls: options for `startRegistration` / `startAuthentication`. */
export const passkeyOptionsResponse = z.object({
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>;

/** `POST /api/v1/passkeys/register/authenticate` and `/register/link`: a registration. */
export const passkeyRegisterRequest = z.object({
  response: webauthnResponse,
  authenticator_name: z.string().max(100).nullish(),
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequest>;

/** `POST /api/v1/passkeys/authenticate`: an assertion. */
export const passkeyAuthenticateRequest = z.object({ response: webauthnResponse });
export type PasskeyAuthenticateRequest = z.input<typeof passkeyAuthenticateRequest>;

/** `POST /api/v1/passkeys/unlink`: removes one passkey from the logged-in user. */
export const passkeyUnlinkRequest = z.object({ credential_id: z.string().min(1).max(1024) });
export type PasskeyUnlinkRequest = z.input<typeof passkeyUnlinkRequest>;

/** Answer of link and unlink: the updated user. */
export const passkeyLinkResponse = z.object({ user });
export type PasskeyLinkResponse = z.infer<typeof passkeyLinkResponse>;
