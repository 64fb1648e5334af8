import { LOGIN_METHOD_FLAGS, type ServerAppConfig } from '@latchkey/api';
import type { LoginListItemName, WalletId } from '@latchkey/core';
import type { LatchkeyClientConfig, LoginMethod } from './config.ts';
import {
  WALLET_CONNECT_PACKAGE,
  WALLET_CONNECT_SUBPATH,
  type WalletConnectConnector,
} from './walletConnect.ts';

/** What the login list is built from (issue 4; spec section 3, client config and appearance). */
export interface ResolvedLoginListConfig {
  loginMethodsAndOrder: { primary: LoginListItemName[]; overflow: LoginListItemName[] } | null;
  loginGroupPriority: 'web2-first' | 'web3-first' | null;
  showWalletLoginFirst: boolean;
  hideDirectWeb2Inputs: boolean;
  walletList: WalletId[] | null;
  /** `wallet_connect_cloud_project_id` of the server; WalletConnect needs it. */
  walletConnectProjectId: string | null;
  /** The host's `externalWallets.walletConnect.connector`, or null (issue 12 item 6). */
  walletConnectConnector: WalletConnectConnector | null;
  /**
   * WalletConnect is offered: the server has a project id, the host passed a connector and
   * `externalWallets.walletConnect.enabled` is not false.
   */
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
  const walletConnect = client?.externalWallets?.walletConnect;
  const connector = walletConnect?.connector ?? null;
  return {
    loginMethodsAndOrder: order
      ? { primary: [...order.primary], overflow: [...(order.overflow ?? [])] }
      : null,
    loginGroupPriority: appearance.loginGroupPriority ?? null,
    showWalletLoginFirst: server?.show_wallet_login_first ?? false,
    hideDirectWeb2Inputs: appearance.hideDirectWeb2Inputs ?? false,
    walletList: appearance.walletList?.length ? [...appearance.walletList] : null,
    walletConnectProjectId: projectId,
    walletConnectConnector: connector,
    walletConnectEnabled: (walletConnect?.enabled ?? true) && !!projectId && connector !== null,
  };
}

/**
 * The console warning for a WalletConnect left half set up: the server app config has a
 * `wallet_connect_cloud_project_id` and the host did not turn WalletConnect off, but passed no
 * connector, so the modal does not offer it. The text names the fix (install the optional peer,
 * import the connector, one config line).
 * @returns the warning, or null when WalletConnect is offered, off, or has no project id.
 */
export function walletConnectSetupWarning(
  client: LatchkeyClientConfig | undefined,
  server: LoginListServerInput | null,
): string | null {
  const walletConnect = client?.externalWallets?.walletConnect;
  if (!server?.wallet_connect_cloud_project_id) return null;
  if (walletConnect?.enabled === false || walletConnect?.connector) return null;
  return (
    '[latchkey] WalletConnect is not offered: this app has a WalletConnect project id ' +
    '(wallet_connect_cloud_project_id) but <LatchkeyProvider> got no connector. To offer it, ' +
    `install the optional peer (npm i ${WALLET_CONNECT_PACKAGE}), then ` +
    `import { walletConnect } from '${WALLET_CONNECT_SUBPATH}' and pass ` +
    'config.externalWallets.walletConnect.connector = walletConnect. To turn WalletConnect off ' +
    'without this warning, set config.externalWallets.walletConnect.enabled = false.'
  );
}
