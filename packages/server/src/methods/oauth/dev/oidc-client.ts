/**
 * The dev app's client at the local OpenID provider (`oidc.ts`), shared by the provider and the
 * API's seed without loading `oidc-provider` into the API.
 */
export const DEV_OIDC_CLIENT_ID = 'latchkey-dev';
/** Not a secret: it only guards the local provider. */
export const DEV_OIDC_CLIENT_SECRET = 'latchkey-dev-client-secret-not-for-production';

/**
 * The Google Drive stand-in's credentials at the local OpenID provider (issue 23): a resource
 * server that checks access tokens by introspection (RFC 7662). Not a secret either.
 */
export const DEV_DRIVE_INTROSPECTION_CLIENT_ID = 'latchkey-dev-drive';
/** Not a secret: it only guards the local provider. */
export const DEV_DRIVE_INTROSPECTION_CLIENT_SECRET = 'latchkey-dev-drive-secret-not-for-production';
