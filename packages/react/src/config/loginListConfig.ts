import { LOGIN_METHOD_FLAGS, type ServerAppConfig } from '@latchkey/api';
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

/**
 * A login-method flag of the server app config (`email_auth`, `google_oauth`, ...): a flag of the
 * contract registry's `LOGIN_METHOD_FLAGS`.
 */
type LoginMethodFlagName = Extract<
  keyof ServerAppConfig,
  (typeof LOGIN_METHOD_FLAGS)[number]['flag']
>;

/** The server flags the login list reads (spec section 3, "Server app config"). */
export type LoginListServerInput = Partial<
  Pick<
    ServerAppConfig,
    LoginMethodFlagName | 'show_wallet_login_first' | 'wallet_connect_cloud_project_id'
  >
>;

/**
 * Each flag and the login method it enables, in the spec's order: the contract registry's
 * `LOGIN_METHOD_FLAGS` (issue 11), so a new method's flag needs no line here.
 */
const FLAGS = LOGIN_METHOD_FLAGS as readonly {
  flag: LoginMethodFlagName;
  loginItem: LoginMethod;
}[];

/** Login methods the server enables, in the spec's order (spec section 3). */
export function serverLoginMethods(server: LoginListServerInput | null): LoginMethod[] {
  return server
    ? FLAGS.filter(({ flag }) => server[flag] === true).map(({ loginItem }) => loginItem)
    : [];
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
