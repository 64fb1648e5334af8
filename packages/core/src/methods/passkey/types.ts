/**
 * What `createLatchkeyClient` needs from the lazily loaded `@latchkey/core/passkey` entry.
 * Kept apart so the eager client can name the type without importing the WebAuthn library.
 */
export type PasskeyCeremonies = {
  /** `navigator.credentials.create()` with registration options JSON; the response JSON. */
  createPasskey(options: Record<string, unknown>): Promise<unknown>;
  /** `navigator.credentials.get()` with authentication options JSON; the response JSON. */
  getPasskey(options: Record<string, unknown>): Promise<unknown>;
};
