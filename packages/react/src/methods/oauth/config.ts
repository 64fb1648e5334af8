/**
 * The OAuth method's slice of the provider config (issue 11; spec section 3, "Client app config"
 * `loginConfig`, and "Server app config"): merged into `LatchkeyClientConfig`,
 * `ServerConfigInput` and `ResolvedConfig` through `METHOD_CONFIGS` (`../links.ts`).
 */
import type { ServerAppConfig } from '@latchkey/api';
import type { MethodConfig } from '../linkTypes.ts';

/** What a host may set for OAuth in `<LatchkeyProvider config>`. */
export interface OAuthClientConfig {
  /** Login settings (spec section 3): Twitter login on mobile only when enabled (issue 5). */
  loginConfig?: { twitterOAuthOnMobileEnabled?: boolean };
}

/** What OAuth reads of the server app config. */
export type OAuthServerInput = Partial<Pick<ServerAppConfig, 'twitter_oauth_on_mobile_enabled'>>;

/** What OAuth adds to the resolved config. */
export interface OAuthResolvedConfig {
  /** Twitter login on mobile (spec section 5; issue 5). */
  twitterOAuthOnMobileEnabled: boolean;
}

/** Client `loginConfig.twitterOAuthOnMobileEnabled` over the server flag; default false. */
export const oauthConfig: MethodConfig<OAuthClientConfig, OAuthServerInput, OAuthResolvedConfig> = {
  resolve: (client, server) => ({
    twitterOAuthOnMobileEnabled:
      client?.loginConfig?.twitterOAuthOnMobileEnabled ??
      server?.twitter_oauth_on_mobile_enabled ??
      false,
  }),
};
