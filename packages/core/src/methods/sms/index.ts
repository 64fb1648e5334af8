/**
 * The SMS method of the client (issue 11): its actions (text a code, log in, link, unlink).
 * Its code flow is the shared one of `methods/passwordless/` (channel `sms`); the phone input's
 * parser is the lazy entry `@latchkey/core/phone` (`./phone.ts`), not re-exported here so
 * libphonenumber-js stays out of the eager bundle.
 */
export * from './actions.ts';
