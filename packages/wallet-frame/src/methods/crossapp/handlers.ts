/**
 * The cross-app method's frame event (issue 21 item 2; spec sections 2 CROSS_APP_AUTH_SCREEN and
 * 7): the provider app user's consent to a pending cross-app sign-in. The consent call needs the
 * session's access token AND a DPoP proof by this frame's key, which a host page cannot produce;
 * and the frame makes it only for the provider's own sign-in page, served on the frame's origin
 * (the API origin), never for a host page on one of the app's origins: an app's page that holds
 * a stolen token cannot sign its user in to another app.
 */
import { CROSS_APP_ROUTES, FRAME_EVENTS, type FramePayloads } from '@latchkey/api';
import { CustodyError } from '../../custody/errors.ts';
import { invalid, record } from '../../frame/request-data.ts';
import type { FrameHandler } from '../../frame/router.ts';
import type { FrameMethodHandlers } from '../types.ts';

type ConfirmOut = FramePayloads['latchkey:crossapp:confirm']['out'];

/** The most characters of an interaction id (`oidc-provider` makes 21). */
export const CROSS_APP_UID_MAX_LENGTH = 64;

/** What a parent that is not the provider's sign-in page hears. */
export const CROSS_APP_CONFIRM_REFUSED_MESSAGE =
  "Only the provider app's sign-in page can confirm a cross-app sign-in";

/**
 * The `redirect_to` of the server's answer, checked: an absolute URL on the frame's own origin
 * (the provider resumes the authorization there, then redirects to the requester itself).
 * @throws CustodyError `error` for any other answer.
 */
function redirectOf(answer: unknown, origin: string): ConfirmOut {
  const to = (answer as { redirect_to?: unknown } | undefined)?.redirect_to;
  let url: URL | undefined;
  try {
    url = typeof to === 'string' ? new URL(to, origin) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== origin) {
    throw new CustodyError('error', 'The sign-in service did not answer the consent');
  }
  return { redirect_to: url.href };
}

/**
 * The cross-app handler:
 * - `crossapp:confirm` `{accessToken, userId, uid}`: only when the request comes from the
 *   frame's own origin (the provider's sign-in page); posts `confirm` for interaction `uid` of
 *   this frame's app with the frame's DPoP key and this origin's cookies (the pending
 *   authorization's), and answers `{redirect_to}`. The server checks the interaction's cookie,
 *   the token's app and its binding to this frame's key.
 */
export const crossAppFrameHandlers: FrameMethodHandlers = ({
  api,
  authorize,
  appId,
  apiOrigin,
}) => {
  const confirm: FrameHandler = async (input, { origin }) => {
    if (origin !== apiOrigin) throw invalid(CROSS_APP_CONFIRM_REFUSED_MESSAGE);
    const data = record(input);
    const { token } = authorize(data);
    const { uid } = data;
    if (
      typeof uid !== 'string' ||
      uid.length === 0 ||
      uid.length > CROSS_APP_UID_MAX_LENGTH ||
      !/^[A-Za-z0-9_-]+$/.test(uid)
    ) {
      throw invalid('uid must be an interaction id');
    }
    const answer = await api.methodCall(
      token,
      CROSS_APP_ROUTES.interactionConfirm(appId, uid),
      {},
      { cookies: true },
    );
    return redirectOf(answer, apiOrigin);
  };
  return { [FRAME_EVENTS.crossAppConfirm]: confirm };
};
