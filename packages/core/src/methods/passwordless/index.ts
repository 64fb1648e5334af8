/**
 * The one-time-code flow shared by the email and SMS methods (spec section 4, "Email or SMS
 * login" and "Code entry"; issue 11), re-exported by `@latchkey/core` through the registry
 * (`../index.ts`): the code-box model and the send / verify / resend flow, by channel.
 */
export * from './codeInput.ts';
export * from './flow.ts';
