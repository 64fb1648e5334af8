/**
 * The eager registry of the methods' light parts (issue 11), as react's `methods/links.ts`:
 * one line per method's `messages.ts` in {@link METHOD_MESSAGES} and per method's `errors.ts`
 * in {@link METHOD_ERRORS} (and {@link METHOD_CLIENT_ERROR_CODES} when it has client codes). Data only, and a leaf on purpose (its modules import nothing but
 * types of `../errors/methodErrors.ts`): the catalogue (`../messages.ts`), the client codes
 * (`../errors/codes.ts`) and the error table (`../errors/table.ts`) read it without a cycle,
 * which `./index.ts` (the actions, that read the catalogue) cannot give them.
 */
import { emailErrors } from './email/errors.ts';
import { emailMessages } from './email/messages.ts';
import { farcasterClientErrorCodes, farcasterErrors } from './farcaster/errors.ts';
import { farcasterMessages } from './farcaster/messages.ts';
import { oauthClientErrorCodes, oauthErrors } from './oauth/errors.ts';
import { oauthMessages } from './oauth/messages.ts';
import { passkeyClientErrorCodes, passkeyErrors } from './passkey/errors.ts';
import { passkeyMessages } from './passkey/messages.ts';
import { passwordlessMessages } from './passwordless/messages.ts';
import { siweClientErrorCodes, siweErrors } from './siwe/errors.ts';
import { siweMessages } from './siwe/messages.ts';
import { smsErrors } from './sms/errors.ts';
import { smsMessages } from './sms/messages.ts';

/**
 * Every method's texts, merged into core's one catalogue (`messages` of `../messages.ts`):
 * same type, keys and override behaviour as the shared texts. A key lives in one place only
 * (`../messages.test.ts`).
 */
export const METHOD_MESSAGES = {
  ...emailMessages,
  ...smsMessages,
  ...passwordlessMessages,
  ...siweMessages,
  ...oauthMessages,
  ...passkeyMessages,
  ...farcasterMessages,
} as const;

/**
 * Every method's error rows and one-line texts (`MethodErrors`, spec section 8), merged into
 * `ERROR_TABLE` (`../errors/table.ts`).
 */
export const METHOD_ERRORS = [
  emailErrors,
  smsErrors,
  siweErrors,
  oauthErrors,
  passkeyErrors,
  farcasterErrors,
] as const;

/**
 * Every method's client-only error codes (`<id>ClientErrorCodes`), in `CLIENT_ERROR_CODES` and
 * the `LatchkeyErrorCode` union (`../errors/codes.ts`). A list of lists, so a bundler drops it
 * with `CLIENT_ERROR_CODES` when nothing reads them.
 */
export const METHOD_CLIENT_ERROR_CODES = [
  siweClientErrorCodes,
  oauthClientErrorCodes,
  passkeyClientErrorCodes,
  farcasterClientErrorCodes,
] as const;
