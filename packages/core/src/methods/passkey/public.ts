/**
 * The passkey method's public names (issue 11), re-exported by `@latchkey/core` through the
 * registry (`../index.ts`). Apart from `./index.ts`, which is the lazy `@latchkey/core/passkey`
 * entry (the WebAuthn ceremonies on @simplewebauthn/browser).
 */
export type { PasskeyLoginOptions } from './actions.ts';
export type { PasskeyCeremonies } from './types.ts';
export { type PasskeyAccount, passkeyDisplayName } from './user.ts';
