import type { ServerAppConfig } from '@latchkey/api';
import type { LoginListItemName, WalletId } from '@latchkey/core';
import type { LatchkeyClientConfig, LoginMethod } from './config.ts';

/** What the login list is built from (issue 4; spec section 3, client config and appearance). */
export interface ResolvedLoginListConfig {
  loginMethodsAndOrder: { primary: LoginListItemName[]; overflow: LoginListItemName[] } | null;
  loginGroupPriority: 'web2-first' | 'web3-first' | null;
  showWalletLoginFirst: boolean;
  hideDirectWeb2Inputs: boolean;
  walletList: WalletId[] | null;
  /** `wallet_connect_cloud_project_id` of the server; WalletConnect needs it. */
  walletConnectProjectId: string | null;
  /** `externalWallets.walletConnect.enabled` (default true when a project id exists). */
  walletConnectEnabled: boolean;
}

/** The server flags the login list reads (spec section 3, "Server app config"). */
export type LoginListServerInput = Partial<
  Pick<
    ServerAppConfig,
    | 'email_auth'
    | 'sms_auth'
    | 'wallet_auth'
    | 'google_oauth'
    | 'twitter_oauth'
    | 'discord_oauth'
    | 'github_oauth'
    | 'spotify_oauth'
    | 'instagram_oauth'
    | 'tiktok_oauth'
    | 'linkedin_oauth'
    | 'apple_oauth'
    | 'farcaster_auth'
    | 'passkey_auth'
    | 'telegram_auth'
    | 'show_wallet_login_first'
    | 'wallet_connect_cloud_project_id'
  >
>;

const FLAGS: [keyof LoginListServerInput, LoginMethod][] = [
  ['email_auth', 'email'],
  ['sms_auth', 'sms'],
  ['google_oauth', 'google'],
  ['twitter_oauth', 'twitter'],
  ['discord_oauth', 'discord'],
  ['github_oauth', 'github'],
  ['spotify_oauth', 'spotify'],
  ['instagram_oauth', 'instagram'],
  ['tiktok_oauth', 'tiktok'],
  ['linkedin_oauth', 'linkedin'],
  ['apple_oauth', 'apple'],
  ['wallet_auth', 'wallet'],
  ['farcaster_auth', 'farcaster'],
  ['passkey_auth', 'passkey'],
  ['telegram_auth', 'telegram'],
];

/** Login methods the server enables, in the spec's order (spec section 3). */
export function serverLoginMethods(server: LoginListServerInput | null): LoginMethod[] {
  return server ? FLAGS.filter(([flag]) => server[flag] === true).map(([, m]) => m) : [];
}

/** Resolves the login list settings: client config over the server's. */
export function resolveLoginListConfig(
  client: LatchkeyClientConfig | undefined,
  server: LoginListServerInput | null,
): ResolvedLoginListConfig {
  const appearance = client?.appearance ?? {};
  const order = client?.loginMethodsAndOrder;
  const projectId = server?.wallet_connect_cloud_project_id ?? null;
  return {
    loginMethodsAndOrder: order
      ? { primary: [...order.primary], overflow: [...(order.overflow ?? [])] }
      : null,
    loginGroupPriority: appearance.loginGroupPriority ?? null,
    showWalletLoginFirst: server?.show_wallet_login_first ?? false,
    hideDirectWeb2Inputs: appearance.hideDirectWeb2Inputs ?? false,
    walletList: appearance.walletList?.length ? [...appearance.walletList] : null,
    walletConnectProjectId: projectId,
    walletConnectEnabled: (client?.externalWallets?.walletConnect?.enabled ?? true) && !!projectId,
  };
}
