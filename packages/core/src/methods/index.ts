/**
 * The client's login-method registry (issue 11): each method's public names, one line per
 * method, which the package index (`src/index.ts`) re-exports with `export *` (so every named
 * export here is public). The other registries of core: `actions/methods/index.ts` (each
 * method's actions in the client), `api/methods/index.ts` (its typed API calls and its part of
 * `User`), `loginList/methods/index.ts` (its login-list items) and `methods/links.ts` (its
 * texts and error codes). A new method adds its folder and one line in each (see
 * `docs/adding-a-login-method.md`).
 */
export type { AccountMethods, MethodActions, MethodLoaders } from '../actions/methods/index.ts';
export * from './email/index.ts';
export * from './farcaster/index.ts';
export * from './oauth/public.ts';
export * from './passkey/public.ts';
export * from './passwordless/index.ts';
export * from './siwe/index.ts';
export * from './sms/index.ts';
export * from './telegram/index.ts';
