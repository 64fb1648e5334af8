/**
 * The eager registry of the methods' light parts (issue 11): one line per method's `link.ts`
 * in {@link METHOD_LINKS}, one per method's `accounts.ts` in {@link METHOD_ACCOUNTS}, one per
 * method's `messages.ts` in {@link METHOD_MESSAGES}, one per
 * method's `config.ts` in {@link METHOD_CONFIGS}. Light on
 * purpose (contracts, screen names, texts): the provider (`LatchkeyProvider/linkMethod.ts`) and
 * the string catalogue (`../messages.ts`) read it eagerly, while the login list's part of each
 * method (`./index.ts`) stays in the landing chunk. Imports no module that reads the catalogue
 * (`./linkTypes.ts` is a leaf), so `../messages.ts` may import it without a cycle.
 */
import { emailAccounts } from './email/accounts.ts';
import { emailLink } from './email/link.ts';
import { emailMessages } from './email/messages.ts';
import { farcasterAccounts } from './farcaster/accounts.ts';
import { farcasterLink } from './farcaster/link.ts';
import { farcasterMessages } from './farcaster/messages.ts';
import { oauthConfig } from './oauth/config.ts';
import { oauthAccounts } from './oauth/accounts.ts';
import { oauthLink } from './oauth/link.ts';
import { passkeyAccounts } from './passkey/accounts.ts';
import { passkeyLink } from './passkey/link.ts';
import { passkeyMessages } from './passkey/messages.ts';
import { siweAccounts } from './siwe/accounts.ts';
import { siweLink } from './siwe/link.ts';
import { siweMessages } from './siwe/messages.ts';
import { smsAccounts } from './sms/accounts.ts';
import { smsLink } from './sms/link.ts';
import { smsMessages } from './sms/messages.ts';
import { telegramAccounts } from './telegram/accounts.ts';
import { telegramLink } from './telegram/link.ts';
import type { MethodLink } from './linkTypes.ts';

/** Every linkable method's link part, in the contract registry's order. */
export const METHOD_LINKS: readonly MethodLink[] = [
  emailLink,
  smsLink,
  oauthLink,
  siweLink,
  passkeyLink,
  farcasterLink,
  telegramLink,
];

/**
 * Every method's account helpers (`methods/<id>/accounts.ts`) with their literal types:
 * `useLinkAccount` and `useUnlinkAccount` merge them (`hooks/methodActions.ts`). Tree-shaken
 * out of an app that does not call those hooks.
 */
export const METHOD_ACCOUNTS = [
  emailAccounts,
  smsAccounts,
  oauthAccounts,
  siweAccounts,
  passkeyAccounts,
  farcasterAccounts,
  telegramAccounts,
] as const;

/**
 * Every method's modal texts (`methods/<id>/messages.ts`), merged into `reactMessages`
 * (`../messages.ts`): same type, keys and override behaviour as texts of the modal's chrome.
 * A key lives in one catalogue only (`../messages.test.ts`).
 */
export const METHOD_MESSAGES = {
  ...emailMessages,
  ...smsMessages,
  ...siweMessages,
  ...passkeyMessages,
  ...farcasterMessages,
} as const;

/**
 * Every method's slice of the provider config (`methods/<id>/config.ts`): `config/methodConfig.ts`
 * merges their client fields into `LatchkeyClientConfig`, their server fields into
 * `ServerConfigInput` and their resolved fields into `ResolvedConfig`.
 */
export const METHOD_CONFIGS = [oauthConfig] as const;
