import { describe, expect, it, vi } from 'vitest';
import type { LatchkeyClientConfig } from './config.ts';
import { resolveLoginListConfig, walletConnectSetupWarning } from './loginListConfig.ts';
import type { WalletConnectConnector } from './walletConnect.ts';

const connector: WalletConnectConnector = { connect: vi.fn() };
const withProject = { wallet_connect_cloud_project_id: 'cloud-project' };
const host = (walletConnect?: {
  enabled?: boolean;
  connector?: WalletConnectConnector;
}): LatchkeyClientConfig => ({ externalWallets: { walletConnect } });

describe('WalletConnect in the login list (issue 12 item 6: an optional peer the host passes)', () => {
  it('is offered with a project id and a connector, enabled by default', () => {
    const list = resolveLoginListConfig(host({ connector }), withProject);
    expect(list.walletConnectEnabled).toBe(true);
    expect(list.walletConnectConnector).toBe(connector);
    expect(list.walletConnectProjectId).toBe('cloud-project');
    expect(walletConnectSetupWarning(host({ connector }), withProject)).toBeNull();
  });

  it('is not offered without a connector, and the warning names the fix', () => {
    for (const client of [undefined, {}, host(), host({ enabled: true })]) {
      const list = resolveLoginListConfig(client, withProject);
      expect(list.walletConnectEnabled).toBe(false);
      expect(list.walletConnectConnector).toBeNull();
      const warning = walletConnectSetupWarning(client, withProject);
      expect(warning).toContain('npm i @walletconnect/ethereum-provider');
      expect(warning).toContain("import { walletConnect } from '@latchkey/react/walletconnect'");
      expect(warning).toContain('config.externalWallets.walletConnect.connector = walletConnect');
    }
  });

  it('is not offered and says nothing when the host turned it off', () => {
    for (const client of [host({ enabled: false }), host({ enabled: false, connector })]) {
      expect(resolveLoginListConfig(client, withProject).walletConnectEnabled).toBe(false);
      expect(walletConnectSetupWarning(client, withProject)).toBeNull();
    }
  });

  it('is not offered and says nothing without a project id (the step says it is not configured)', () => {
    for (const server of [null, {}, { wallet_connect_cloud_project_id: null }]) {
      const list = resolveLoginListConfig(host({ connector }), server);
      expect(list.walletConnectEnabled).toBe(false);
      expect(list.walletConnectProjectId).toBeNull();
      expect(walletConnectSetupWarning(host(), server)).toBeNull();
    }
  });
});
