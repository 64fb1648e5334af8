/**
 * `@latchkey/core/phone` (the package export's path): the phone input's parsing and country
 * data now live in `methods/sms/phone.ts` (issue 11).
 */
export * from '../methods/sms/phone.ts';
