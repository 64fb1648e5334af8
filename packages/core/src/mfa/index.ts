/**
 * MFA on the host side (issue 15, "Client"): the constants, the frame calls, the verification
 * prompt's actions and the MFA-required retry. Exported by the lazy
 * `@latchkey/core/embedded-wallet` entry (it talks to the wallet frame); its types also by
 * `@latchkey/core`.
 */
export * from './constants.ts';
export * from './client.ts';
export type * from './types.ts';
