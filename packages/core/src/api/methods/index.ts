/**
 * The API registry (issue 11): each login method's typed calls, from `methods/<id>/api.ts`,
 * one line per method. `createApiClient` spreads {@link methodApis} into the `ApiClient`, so
 * `api.sendEmailCode(...)`, `api.siweInit(...)`... keep their names. Apart from the client's
 * method registry (`methods/index.ts`) because the session store types its `api` with it, and
 * that registry imports the actions, which import the store.
 *
 * A new method `<id>` adds `methods/<id>/api.ts` (`<id>Api(request)`, one `postTo` per route)
 * and its line here (see `docs/adding-a-login-method.md`, section 3).
 */
import { type EmailApi, emailApi } from '../../methods/email/api.ts';
import { type OAuthApi, oauthApi } from '../../methods/oauth/api.ts';
import { type PasskeyApi, passkeyApi } from '../../methods/passkey/api.ts';
import { type SiweApi, siweApi } from '../../methods/siwe/api.ts';
import { type SmsApi, smsApi } from '../../methods/sms/api.ts';
import type { ApiRequest } from '../request.ts';

/** Every login method's typed calls: the method-specific part of `ApiClient`. */
export type MethodApis = EmailApi & SmsApi & OAuthApi & SiweApi & PasskeyApi;

/**
 * Builds every login method's typed calls on the client's request primitive.
 * @param request - `ApiClient.request` (timeouts, retries, bearer and DPoP headers included).
 * @returns The calls, keyed by name (`sendEmailCode`, `siweInit`, ...).
 */
export function methodApis(request: ApiRequest): MethodApis {
  return {
    ...emailApi(request),
    ...smsApi(request),
    ...oauthApi(request),
    ...siweApi(request),
    ...passkeyApi(request),
  };
}
