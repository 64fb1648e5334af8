/**
 * SMS code routes (spec section 7), the SMS channel of `codeRoutes`, answering like email's:
 * - `POST /api/v1/passwordless_sms/init` `{phoneNumber, token?}` -> `{success: true}` (with a
 *   bearer token: a code for linking, the allowlist does not apply)
 * - `POST /api/v1/passwordless_sms/authenticate` `{phoneNumber, code}` -> `authenticateResponse`
 * - `POST /api/v1/passwordless_sms/link` `{phoneNumber, code}` (bearer) -> `{user}`
 * - `POST /api/v1/passwordless_sms/unlink` `{phoneNumber}` (bearer) -> `{user}`
 */
import {
  passwordlessSmsAuthenticateRequest,
  passwordlessSmsInitRequest,
  passwordlessSmsLinkRequest,
  passwordlessSmsUnlinkRequest,
  SMS_METHOD,
} from '@latchkey/api';
import { readJson } from '../../middleware/request.ts';
import { type CodeRoutesChannel, codeRoutes } from '../passwordless/codeRoutes.ts';
import { SMS_CHANNEL } from './service.ts';

const { routes } = SMS_METHOD;

/** The SMS channel of `codeRoutes`: bodies name the number `phoneNumber`. */
export const SMS_CODE_ROUTES: CodeRoutesChannel = {
  channel: SMS_CHANNEL,
  paths: {
    init: routes.passwordlessSmsInit,
    authenticate: routes.passwordlessSmsAuthenticate,
    link: routes.passwordlessSmsLink,
    unlink: routes.passwordlessSmsUnlink,
  },
  readInit: async (c) => ({
    destination: (await readJson(c, passwordlessSmsInitRequest)).phoneNumber,
  }),
  readAuthenticate: async (c) => {
    const { phoneNumber, code } = await readJson(c, passwordlessSmsAuthenticateRequest);
    return { destination: phoneNumber, code };
  },
  readLink: async (c) => {
    const { phoneNumber, code } = await readJson(c, passwordlessSmsLinkRequest);
    return { destination: phoneNumber, code };
  },
  readUnlink: async (c) => ({
    destination: (await readJson(c, passwordlessSmsUnlinkRequest)).phoneNumber,
  }),
};

/** The SMS routes, mounted through the method registry. */
export const smsRoutes = codeRoutes(SMS_CODE_ROUTES);
