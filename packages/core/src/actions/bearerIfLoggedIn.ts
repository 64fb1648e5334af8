/** `bearerIfLoggedIn(store)`: the bearer of a code send or login init (issue 6). */
import type { SessionStore } from '../session/store.ts';

/**
 * The bearer token for a login init while logged in (link and update flows: the server
 * skips the captcha gate for authenticated inits); logged out, none is sent.
 * @returns `{accessToken}` to pass as a typed API method's options.
 */
export async function bearerIfLoggedIn(
  store: SessionStore,
): Promise<{ accessToken: string | null }> {
  return {
    accessToken: store.getState().status === 'authenticated' ? await store.getAccessToken() : null,
  };
}
