import { SCREEN } from '@latchkey/core';
import type { ProviderMountContext } from '../linkTypes.ts';

/**
 * The OAuth return page (issue 5), run by `LatchkeyProvider` on mount (`onProviderMount` of
 * `./link.ts`): `latchkey_oauth_*` are read on load and stripped from the URL. In the
 * provider's popup they go to the opener and the popup closes; after a full-page redirect the
 * login (or a link that fell back to a redirect, issue 6) completes in the modal, opened on
 * AWAITING_OAUTH_SCREEN. `@latchkey/core/oauth` loads only when the URL carries them.
 *
 * @returns The cleanup: a return read after it ran is ignored.
 */
export function handleOAuthReturn({ appId, client, flow }: ProviderMountContext): () => void {
  let live = true;
  if (typeof window === 'undefined' || !window.location.search.includes('latchkey_oauth_'))
    return () => {};
  void import('@latchkey/core/oauth').then((oauth) => {
    const returned = oauth.readOAuthReturn(window.location.href);
    if (!live || !returned) return;
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
  });
  return () => {
    live = false;
  };
}
