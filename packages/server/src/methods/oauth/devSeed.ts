/** The dev app's OAuth settings (`dev/seed.ts`, issue 11; the module's `devSeed`). */
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_CLIENT_SECRET } from './dev/oidc-client.ts';
import type { MethodDevSeed } from '../types.ts';
import { setOAuthProviderConfig } from './service.ts';

/**
 * With `LATCHKEY_DEV_OIDC_ISSUER` (the local OpenID provider, `dev/oidc.ts` here), the dev app's
 * Google button logs in there: `google_oauth` on and the dev client stored for `google`.
 */
export const devSeed: MethodDevSeed = {
  settings: ({ oidcIssuer }) => ({ google_oauth: Boolean(oidcIssuer) }),
  async seed(ctx, appId, { oidcIssuer }) {
    if (!oidcIssuer) return;
    await setOAuthProviderConfig(ctx, appId, 'google', {
      clientId: DEV_OIDC_CLIENT_ID,
      clientSecret: DEV_OIDC_CLIENT_SECRET,
      issuer: oidcIssuer,
    });
  },
};
