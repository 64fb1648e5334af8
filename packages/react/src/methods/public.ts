/**
 * The methods' public hooks (issue 11's registry; issue 12): one line per hook file of a method
 * folder, re-exported by the package index with `export *` (every named export here is public).
 */
export * from './email/useLoginWithEmail.ts';
export * from './email/useUpdateEmail.ts';
export * from './sms/useLoginWithSms.ts';
export * from './farcaster/useFarcasterSigner.ts';
export * from './oauth/useLoginWithOAuth.ts';
export * from './passkey/useLoginWithPasskey.ts';
export * from './oauth/useCrossAppAccounts.ts';
