import type { LatchkeyClient } from '@latchkey/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LatchkeyClientConfig } from '../config/config.ts';
import { ANVIL_CHAIN } from '../config/walletConfig.ts';
import type { WalletConnectConnector } from '../config/walletConnect.ts';
import { useResolvedConfig } from './useResolvedConfig.ts';

const APP_ID = 'clpispdty00ycl80fpueukbhl';
const API_URL = 'http://localhost:4000';

/** A client whose `GET /api/v1/chains` answers when the test says so. */
function clientWithChains() {
  let answer!: (value: unknown) => void;
  let fail!: (error: unknown) => void;
  const chains = new Promise((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const client = {
    initialize: async () => {},
    getAppConfig: async () => ({}),
    api: { request: () => chains },
  } as unknown as LatchkeyClient;
  return { client, answer, fail };
}

const wire = {
  id: 31337,
  name: 'Anvil',
  native_currency: { symbol: 'ETH', decimals: 18 },
  rpc_url: 'http://127.0.0.1:40001',
};

describe('useResolvedConfig chainsReady (the wallet waits for the final chains)', () => {
  it("settles only after the render that holds the server's chains", async () => {
    const { client, answer } = clientWithChains();
    const { result } = renderHook(() => useResolvedConfig(APP_ID, API_URL, undefined, client));
    let settled = false;
    void result.current.chainsReady().then(() => {
      settled = true;
    });
    await act(async () => {});
    expect(settled).toBe(false);
    expect(result.current.latest.current.wallet.supportedChains).toEqual([ANVIL_CHAIN]);
    await act(async () => answer({ chains: [wire] }));
    await result.current.chainsReady();
    expect(settled).toBe(true);
    expect(result.current.latest.current.wallet.defaultChain.rpcUrls.default.http).toEqual([
      'http://127.0.0.1:40001',
    ]);
  });

  it('settles when the chain info fails (the client config is used alone)', async () => {
    const { client, fail } = clientWithChains();
    const { result } = renderHook(() => useResolvedConfig(APP_ID, API_URL, undefined, client));
    await act(async () => fail(new Error('offline')));
    await result.current.chainsReady();
    expect(result.current.latest.current.wallet.supportedChains).toEqual([ANVIL_CHAIN]);
  });

  it('is ready at once when the host passes supportedChains', async () => {
    const { client } = clientWithChains();
    const { result } = renderHook(() =>
      useResolvedConfig(APP_ID, API_URL, { supportedChains: [ANVIL_CHAIN] }, client),
    );
    await act(async () => {});
    await result.current.chainsReady();
    expect(result.current.latest.current.wallet.supportedChains).toEqual([ANVIL_CHAIN]);
  });
});

describe('useResolvedConfig WalletConnect warning (issue 12 item 6)', () => {
  /** A client whose app config has a WalletConnect project id. */
  const clientWithProject = () =>
    ({
      initialize: async () => {},
      getAppConfig: async () => ({ wallet_connect_cloud_project_id: 'cloud-project' }),
      api: { request: async () => ({ chains: [] }) },
    }) as unknown as LatchkeyClient;

  it('warns once, with the fix, when the app has a project id and the host passed no connector', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const client = clientWithProject();
      const { result, rerender } = renderHook(
        ({ config }: { config: LatchkeyClientConfig }) =>
          useResolvedConfig(APP_ID, API_URL, config, client),
        { initialProps: { config: {} as LatchkeyClientConfig } },
      );
      await act(async () => {});
      expect(result.current.resolved.loginList.walletConnectProjectId).toBe('cloud-project');
      rerender({ config: { appearance: { theme: 'dark' } } });
      // Turned off, then on again without a connector: still the one warning.
      rerender({ config: { externalWallets: { walletConnect: { enabled: false } } } });
      rerender({ config: {} });
      await act(async () => {});
      const calls = warn.mock.calls.filter(([m]) => String(m).includes('WalletConnect'));
      expect(calls).toHaveLength(1);
      expect(calls[0]![0]).toContain('npm i @walletconnect/ethereum-provider');
    } finally {
      warn.mockRestore();
    }
  });

  it('says nothing when the host passed a connector', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const connector: WalletConnectConnector = { connect: vi.fn() };
      const client = clientWithProject();
      const { result } = renderHook(() =>
        useResolvedConfig(
          APP_ID,
          API_URL,
          { externalWallets: { walletConnect: { connector } } },
          client,
        ),
      );
      await act(async () => {});
      expect(result.current.resolved.loginList.walletConnectEnabled).toBe(true);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
