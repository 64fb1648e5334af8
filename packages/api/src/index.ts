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
export * from './embedded-wallet.ts';
export * from './email.ts';
export * from './error-codes.ts';
export * from './errors.ts';
export * from './oauth.ts';
export * from './oauth-providers.ts';
export * from './passkey.ts';
export * from './password.ts';
export * from './routes.ts';
export * from './siwe.ts';
export * from './sms.ts';
export * from './user.ts';
export * from './wallet-frame.ts';
export * from './wallet-policy.ts';
export * from './methods/index.ts';
