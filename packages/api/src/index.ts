/**
 * @latchkey/api: the wire contract between the Latchkey client and server.
 * Schemas are zod; types are inferred from them. snake_case on the wire.
 */
export * from './accounts.ts';
export * from './admin.ts';
export * from './analytics.ts';
export * from './app-config.ts';
export * from './auth.ts';
export * from './captcha.ts';
export * from './chains.ts';
export * from './constants.ts';
export * from './cross-app.ts';
export * from './cross-app-routes.ts';
export * from './embedded-wallet.ts';
export * from './email.ts';
export * from './error-codes.ts';
export * from './errors.ts';
export * from './funding.ts';
export * from './mfa.ts';
export * from './mfa.schema.ts';
export * from './oauth-providers.ts';
export * from './password.ts';
export * from './recovery-oauth.ts';
export * from './routes.ts';
export * from './user.ts';
export * from './wallet-frame.ts';
export * from './wallet-policy.ts';
export * from './methods/index.ts';
export * from './methods/email.schema.ts';
export * from './methods/oauth.schema.ts';
export * from './methods/passkey.schema.ts';
export * from './methods/siwe.schema.ts';
export * from './methods/sms.schema.ts';
export * from './methods/farcaster.schema.ts';
export * from './methods/telegram.schema.ts';
