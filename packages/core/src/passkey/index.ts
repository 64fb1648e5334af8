/**
 * `@latchkey/core/passkey` (the package export's path): the passkey method's lazy browser half
 * now lives in `methods/passkey/index.ts` (issue 11).
 */
export * from '../methods/passkey/index.ts';
