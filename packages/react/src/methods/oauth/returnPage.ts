import { SCREEN } from '@latchkey/core';
import type * as OAuthModule from '@latchkey/core/oauth';
import type { ProviderMountContext } from '../linkTypes.ts';

/** The cloud recovery methods (spec section 1), whose returns are not logins. */
const CLOUD_RETURN_PROVIDERS: readonly string[] = ['google-drive', 'icloud'];

/**
 * The OAuth return page (issue 5), a lazy chunk `oauthLink.onProviderMount` (`./link.ts`)
 * loads, with `@latchkey/core/oauth`, only when the page URL carries `latchkey_oauth_*`: the
 * parameters are read and stripped from the URL. In the provider's popup they go to the opener
 * and the popup closes; after a full-page redirect the login (or a link that fell back to a
 * redirect, issue 6) completes in the modal, opened on AWAITING_OAUTH_SCREEN. A return whose
 * `latchkey_oauth_provider` is a cloud recovery method (`google-drive`, `icloud`; issue 23) is
 * left alone, URL included: the wallet's cloud recovery takes it.
 *
 * @param context - The provider's app id, client and modal flow.
 * @param oauth - The loaded `@latchkey/core/oauth` module.
 */
export function handleOAuthReturn(
  { appId, client, flow }: ProviderMountContext,
  oauth: typeof OAuthModule,
): void {
  const returned = oauth.readOAuthReturn(window.location.href);
  if (!returned) return;
  // Issue 23: a cloud recovery redirect comes back with the same names; it is the wallet's
  // (`useCloudRecoveryReturn`), not a login: leave it, and the URL, alone.
  if (CLOUD_RETURN_PROVIDERS.includes(returned.provider)) return;
  const clean = oauth.stripOAuthReturn(window.location.href);
  window.history.replaceState(window.history.state, '', clean);
  if (oauth.forwardOAuthReturnToOpener(appId, returned)) return;
  const oauthParams = { oauth: { provider: returned.provider, returned } };
  const screen = SCREEN.AWAITING_OAUTH_SCREEN;
  if (oauth.readPendingOAuth(appId)?.purpose === 'link') {
    const method = returned.provider ?? 'oauth';
    flow.openLink(
      { screen, params: { mode: 'link', ...oauthParams } },
      { method, before: client.getState().user },
    );
  } else flow.openLogin({ screen, params: oauthParams });
}
