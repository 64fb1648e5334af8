/**
 * The wire registry (issue 11): what each login method reads and sends on the wire, one line
 * per method in each list.
 * - Its typed calls (`methods/<id>/api.ts`: the calls' types and the route of each):
 *   `createApiClient` spreads {@link methodApis} (a `postTo` for each route of
 *   {@link METHOD_API_ROUTES}) into the `ApiClient`, so `api.sendEmailCode(...)`,
 *   `api.siweInit(...)`... keep their names.
 * - Its reading of the API's user (`methods/<id>/user.ts`, a `MethodUserPart`): `toUser` maps
 *   each wire linked account with the part that reads it ({@link METHOD_USER_PARTS}) and merges
 *   the parts' `User` fields.
 *
 * Apart from the client's method registry (`methods/index.ts`) because the session store types
 * its `api` and its user with it, and that registry imports the actions, which import the store.
 * A new method `<id>` adds `methods/<id>/api.ts` and `methods/<id>/user.ts` and its lines here
 * (see `docs/adding-a-login-method.md`, section 3).
 */
import { type EmailApi, emailApiRoutes } from '../../methods/email/api.ts';
import { type EmailAccount, type EmailUserFields, emailUser } from '../../methods/email/user.ts';
import { type FarcasterApi, farcasterApiRoutes } from '../../methods/farcaster/api.ts';
import {
  type FarcasterAccount,
  type FarcasterUserFields,
  farcasterUser,
} from '../../methods/farcaster/user.ts';
import { type OAuthApi, oauthApiRoutes } from '../../methods/oauth/api.ts';
import {
  type CrossAppAccount,
  type OAuthAccount,
  type OAuthAuthenticateFields,
  oauthUser,
} from '../../methods/oauth/user.ts';
import { type PasskeyApi, passkeyApiRoutes } from '../../methods/passkey/api.ts';
import { type PasskeyAccount, passkeyUser } from '../../methods/passkey/user.ts';
import { type SiweApi, siweApiRoutes } from '../../methods/siwe/api.ts';
import { type SmsApi, smsApiRoutes } from '../../methods/sms/api.ts';
import { type PhoneAccount, type SmsUserFields, smsUser } from '../../methods/sms/user.ts';
import { type TelegramApi, telegramApiRoutes } from '../../methods/telegram/api.ts';
import { type TelegramAccount, telegramUser } from '../../methods/telegram/user.ts';
import type { MethodUserPart } from '../../session/methodUser.ts';
import { type ApiRequest, type ApiRoutes, postTo } from '../request.ts';

/** Every login method's typed calls: the method-specific part of `ApiClient`. */
export type MethodApis = EmailApi &
  SmsApi &
  OAuthApi &
  SiweApi &
  PasskeyApi &
  FarcasterApi &
  TelegramApi;

/**
 * Builds every login method's typed calls on the client's request primitive.
 * @param request - `ApiClient.request` (timeouts, retries, bearer and DPoP headers included).
 * @returns The calls, keyed by name (`sendEmailCode`, `siweInit`, ...).
 */
export function methodApis(request: ApiRequest): MethodApis {
  return Object.fromEntries(
    Object.entries(METHOD_API_ROUTES).map(([name, path]) => [name, postTo(request, path)]),
  ) as MethodApis;
}

/** Every login method's typed calls, each name to the path it posts to. */
export const METHOD_API_ROUTES: ApiRoutes<MethodApis> = {
  ...emailApiRoutes,
  ...smsApiRoutes,
  ...oauthApiRoutes,
  ...siweApiRoutes,
  ...passkeyApiRoutes,
  ...farcasterApiRoutes,
  ...telegramApiRoutes,
};

/** The login methods' linked accounts (the wallet, shared with the embedded wallet, is `User`'s own). */
export type MethodAccount =
  | EmailAccount
  | PhoneAccount
  | OAuthAccount
  | CrossAppAccount
  | PasskeyAccount
  | FarcasterAccount
  | TelegramAccount;

/** The login methods' own fields of `User` (`email`, `phone`, `farcaster`). */
export type MethodUserFields = EmailUserFields & SmsUserFields & FarcasterUserFields;

/** The login methods' own fields of a login result (`oAuthTokens`). */
export type MethodAuthenticateFields = OAuthAuthenticateFields;

/**
 * Each method's reading of the API's user, in the order its `User` fields are set. A wire
 * account that no part `reads` (from a newer server) is skipped.
 */
export const METHOD_USER_PARTS: readonly MethodUserPart<
  MethodAccount,
  Partial<MethodUserFields>
>[] = [emailUser, smsUser, oauthUser, passkeyUser, farcasterUser, telegramUser];
