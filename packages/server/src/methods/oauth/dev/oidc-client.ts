/**
 * The dev app's client at the local OpenID provider (`oidc.ts`), shared by the provider and the
 * API's seed without loading `oidc-provider` into the API.
 */
export const DEV_OIDC_CLIENT_ID = 'latchkey-dev';
/** Not a secret: it only guards the local provider. */
export const DEV_OIDC_CLIENT_SECRET = 'latchkey-dev-client-secret-not-for-production';
