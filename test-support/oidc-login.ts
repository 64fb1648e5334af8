/**
 * The browser's half of an authorization code flow at the local OpenID provider
 * (`packages/server/src/methods/oauth/dev/oidc.ts`) for tests (issue 23): opens the
 * authorization URL, fills its login form with a username, follows the provider's redirects with
 * a cookie jar, and stops at the first redirect to `redirectUri` (never requested).
 */
import * as oauth from 'oauth4webapi';

/**
 * Signs `username` in at the provider and returns where the provider sends the browser back.
 * @param authorizationUrl the full authorization URL (as the API's init answers it).
 * @param redirectUri the client's redirect URI the walk stops at.
 * @returns the redirect URL, with `code` and `state` (or `error`).
 * @throws Error when the provider's pages do not lead there in a few hops.
 */
export async function signInAtDevProvider(
  authorizationUrl: string,
  redirectUri: string,
  username: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const next = (res: Response, base: string) => {
    const location = res.headers.get('location');
    if (!location) throw new Error(`The provider answered ${res.status} without a redirect`);
    return new URL(location, base).href;
  };
  const toLogin = await go(authorizationUrl);
  const loginUrl = next(toLogin, authorizationUrl);
  if (loginUrl.startsWith(redirectUri)) return new URL(loginUrl);
  await go(loginUrl);
  const submitted = await go(`${loginUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username }).toString(),
  });
  let location = next(submitted, loginUrl);
  for (let i = 0; i < 5 && !location.startsWith(redirectUri); i++) {
    location = next(await go(location), location);
  }
  if (!location.startsWith(redirectUri))
    throw new Error(`The provider did not return: ${location}`);
  return new URL(location);
}

/**
 * A real access token from the local OpenID provider for tests (issue 23): the authorization
 * code flow with PKCE and state by oauth4webapi, the browser's half by
 * {@link signInAtDevProvider}, the code redeemed with `client_secret_basic`.
 * @param options.issuer the provider's issuer URL (`http://127.0.0.1:{port}`).
 * @param options.client a confidential client registered at the provider with `redirectUri`.
 * @param options.scope space-separated scopes, e.g. the Drive `drive.appdata` scope.
 * @returns the access token.
 * @throws when the provider refuses a step.
 */
export async function devAccessToken(options: {
  issuer: string;
  client: { clientId: string; clientSecret: string };
  redirectUri: string;
  username: string;
  scope: string;
}): Promise<string> {
  const { client, redirectUri } = options;
  const issuer = new URL(options.issuer);
  const http = { [oauth.allowInsecureRequests]: true };
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...http }),
  );
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  for (const [name, value] of Object.entries({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: options.scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })) {
    url.searchParams.set(name, value);
  }
  const back = await signInAtDevProvider(url.href, redirectUri, options.username);
  const c = { client_id: client.clientId };
  const params = oauth.validateAuthResponse(as, c, back.searchParams, state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    c,
    oauth.ClientSecretBasic(client.clientSecret),
    params,
    redirectUri,
    verifier,
    http,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, c, response, {
    requireIdToken: false,
  });
  return tokens.access_token;
}
