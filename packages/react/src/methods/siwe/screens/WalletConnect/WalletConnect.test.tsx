import { SCREEN } from '@latchkey/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LatchkeyClientConfig } from '../../../../config/config.ts';
import { resolveConfig } from '../../../../config/resolveConfig.ts';
import type { WalletConnectConnector } from '../../../../config/walletConnect.ts';
import { APP_ID } from '../../../../test/fakeClient.ts';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import WalletConnect from './WalletConnect.tsx';

const server = { name: 'Acme', wallet_connect_cloud_project_id: 'cloud-project' };
const provider = { request: vi.fn(), on: vi.fn(), removeListener: vi.fn() };

/** Renders the WalletConnect step of AWAITING_CONNECTION with `client` over `server`. */
function renderStep(client: LatchkeyClientConfig, serverConfig: object = server) {
  return renderScreen(<WalletConnect />, {
    screen: SCREEN.AWAITING_CONNECTION,
    config: resolveConfig(APP_ID, client, serverConfig),
  });
}

describe('the WalletConnect step pairs through the host connector (issue 12 item 6)', () => {
  it('connects with the project id and chains, then hands the session to the connection flow', async () => {
    const connector: WalletConnectConnector = {
      connect: vi.fn(async () => ({ provider, walletClientType: 'metamask', name: 'MetaMask' })),
    };
    const { value } = renderStep({ externalWallets: { walletConnect: { connector } } });
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(SCREEN.AWAITING_CONNECTION, {
        externalWallet: {
          provider,
          walletClientType: 'metamask',
          name: 'MetaMask',
          connectorType: 'wallet_connect',
        },
      }),
    );
    expect(connector.connect).toHaveBeenCalledTimes(1);
    const [p] = vi.mocked(connector.connect).mock.calls[0]!;
    expect(p.projectId).toBe('cloud-project');
    expect(p.chains[0]).toBe(value.config.wallet.defaultChain.id);
    expect(p.metadata.name).toBe('Acme');
    expect(screen.getByTestId('walletconnect-qr')).toBeTruthy();
  });

  it('goes to the failed screen when the pairing fails, and logs why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const failure = new Error('relay down');
      const connector: WalletConnectConnector = {
        connect: vi.fn(async () => Promise.reject(failure)),
      };
      const { value } = renderStep({ externalWallets: { walletConnect: { connector } } });
      await waitFor(() =>
        expect(value.navigate).toHaveBeenCalledWith(SCREEN.LOGIN_FAILED_SCREEN, {
          method: 'WalletConnect',
          error: { code: 'wallet_connect_failed' },
        }),
      );
      expect(warn).toHaveBeenCalledWith('[latchkey] WalletConnect pairing failed', failure);
    } finally {
      warn.mockRestore();
    }
  });

  it('says it is not configured without a connector, turned off, or without a project id', () => {
    const connector: WalletConnectConnector = { connect: vi.fn() };
    const cases: [LatchkeyClientConfig, object][] = [
      [{}, server],
      [{ externalWallets: { walletConnect: { enabled: false, connector } } }, server],
      [{ externalWallets: { walletConnect: { connector } } }, { name: 'Acme' }],
    ];
    for (const [client, serverConfig] of cases) {
      const { unmount } = renderStep(client, serverConfig);
      expect(screen.getByText('WalletConnect is not configured for this app.')).toBeTruthy();
      expect(screen.queryByTestId('walletconnect-qr')).toBeNull();
      unmount();
    }
    expect(connector.connect).not.toHaveBeenCalled();
  });
});
