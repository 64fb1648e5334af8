/** The dev app's OAuth settings (`dev/seed.ts`, issue 11; the module's `devSeed`). */
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_CLIENT_SECRET } from './dev/oidc-client.ts';
import { setRecoveryCloudConfig } from '../../recovery/config.ts';
import type { MethodDevSeed } from '../types.ts';
import { setOAuthProviderConfig } from './service.ts';

/**
 * With `LATCHKEY_DEV_OIDC_ISSUER` (the local OpenID provider, `dev/oidc.ts` here), the dev app's
 * Google button logs in there: `google_oauth` on and the dev client stored for `google`. With
 * `LATCHKEY_DEV_DRIVE_URL` too (issue 23), the same client is the app's Google Drive recovery
 * client, against the Drive stand-in (as at Google, one client asks for the Drive scope later).
 */
export const devSeed: MethodDevSeed = {
  settings: ({ oidcIssuer }) => ({ google_oauth: Boolean(oidcIssuer) }),
  async seed(ctx, appId, { oidcIssuer, driveApiUrl }) {
    if (!oidcIssuer) return;
    if (driveApiUrl) {
      await setRecoveryCloudConfig(ctx, appId, {
        google: {
          clientId: DEV_OIDC_CLIENT_ID,
          clientSecret: DEV_OIDC_CLIENT_SECRET,
          issuer: oidcIssuer,
          driveApiUrl,
        },
      });
    }
    await setOAuthProviderConfig(ctx, appId, 'google', {
      clientId: DEV_OIDC_CLIENT_ID,
      clientSecret: DEV_OIDC_CLIENT_SECRET,
      issuer: oidcIssuer,
    });
  },
};
