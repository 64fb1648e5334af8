/**
 * Social login (OAuth 2.0 authorization code with PKCE; spec section 5, issue 5), link and
 * unlink. One method, one flag and one account type per provider. Zod-free; the schemas are in
 * `./oauth.schema.ts`.
 */
import { OAUTH_PROVIDERS } from '../oauth-providers.ts';
import { emailAllowlistKeys } from './email.ts';
import { defineLoginMethod, type LinkedAccountRule } from './types.ts';

const routes = {
  oauthInit: '/api/v1/oauth/init',
  oauthAuthenticate: '/api/v1/oauth/authenticate',
  oauthCallback: '/api/v1/oauth/callback',
  oauthLink: '/api/v1/oauth/link',
  oauthUnlink: '/api/v1/oauth/unlink',
} as const;

/**
 * The OAuth method's contract (issue 11): flags `<provider>_oauth`, accounts of the same type,
 * and `cross_app`: the same routes log in with another Latchkey app's account when the provider
 * is `latchkey:{appId}` (issue 21).
 */
export const OAUTH_METHOD = defineLoginMethod({
  id: 'oauth',
  flags: OAUTH_PROVIDERS.map((provider) => ({
    flag: `${provider}_oauth` as const,
    loginItem: provider,
  })),
  settingFlags: ['twitter_oauth_on_mobile_enabled'],
  accountTypes: [...OAUTH_PROVIDERS.map((provider) => `${provider}_oauth`), 'cross_app'],
  routes,
  sessionRoutes: [routes.oauthAuthenticate],
  captchaGatedRoutes: [routes.oauthInit],
});

/**
 * The OAuth method's account rules (server-only; issue 11), one per provider: the profile is the
 * account's details, answered as `{type, subject, email, name, username}`; its email counts for
 * the allowlist.
 */
export const OAUTH_ACCOUNTS: readonly LinkedAccountRule[] = /* @__PURE__ */ (() => [
  ...OAUTH_PROVIDERS.map((provider) => ({
    type: `${provider}_oauth`,
    subjectField: 'subject',
    detailFields: { email: 'string', name: 'string', username: 'string' } as const,
    allowlistKeys: (_subject: string, details: Readonly<Record<string, unknown>>) =>
      typeof details.email === 'string' && details.email ? emailAllowlistKeys(details.email) : [],
  })),
  /**
   * `cross_app` (spec section 3: `subject`, `providerApp {id}`, `embeddedWallets`): another
   * Latchkey app's account, keyed by that app's user id; one per provider app, up to 10 per user.
   */
  {
    type: 'cross_app',
    maxPerUser: 10,
    subjectField: 'subject',
    detailFields: { provider_app: 'json', embedded_wallets: 'json', smart_wallets: 'json' },
  },
])();
