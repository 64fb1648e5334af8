/**
 * `@latchkey/core/passkey`: the browser half of passkeys, on @simplewebauthn/browser. Loaded
 * lazily (`() => import('@latchkey/core/passkey')`, passed to `createLatchkeyClient` as
 * `passkeys`) so the WebAuthn library stays out of the eager bundle.
 *
 * Every failure becomes a `LatchkeyError`: the user cancelling, the dialog timing out or the
 * browser refusing (`NotAllowedError`, also SimpleWebAuthn's `ERROR_CEREMONY_ABORTED`) is
 * `passkey_not_allowed`; a browser without WebAuthn is `passkey_unsupported`; anything else
 * `passkey_failed`.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { LatchkeyError } from '../../errors/base.ts';
import { messages } from '../../messages.ts';

/** The two ceremonies the client needs (see `PasskeyCeremonies` in the client). */
export type { PasskeyCeremonies } from './types.ts';

function toPasskeyError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  const name = error instanceof Error ? error.name : '';
  const code = error instanceof WebAuthnError ? error.code : undefined;
  const details = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new LatchkeyError(messages.passkeyNotAllowed, {
      code: 'passkey_not_allowed',
      details,
      cause: error,
    });
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new LatchkeyError(messages.passkeyNotAllowed, {
      code: 'passkey_not_allowed',
      details,
      cause: error,
    });
  }
  return new LatchkeyError(messages.passkeyUnknownError, {
    code: 'passkey_failed',
    details,
    cause: error,
  });
}

function assertSupported(): void {
  if (!browserSupportsWebAuthn()) {
    throw new LatchkeyError(messages.passkeyUnknownError, {
      code: 'passkey_unsupported',
      details: 'This browser does not support WebAuthn',
    });
  }
}

/**
 * Runs `navigator.credentials.create()` with the server's registration options.
 * @returns the registration response JSON to post back.
 */
export async function createPasskey(options: Record<string, unknown>): Promise<unknown> {
  assertSupported();
  try {
    return await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    throw toPasskeyError(error);
  }
}

/**
 * Runs `navigator.credentials.get()` with the server's authentication options (discoverable
 * credentials: the browser lists the passkeys it has for this site).
 * @returns the authentication response JSON to post back.
 */
export async function getPasskey(options: Record<string, unknown>): Promise<unknown> {
  assertSupported();
  try {
    return await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    throw toPasskeyError(error);
  }
}

export { toPasskeyError };
