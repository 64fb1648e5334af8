import { describe, expect, it, vi } from 'vitest';
import type { EmbeddedWalletBridge } from '../wallets/embedded/bridge.ts';
import { createWalletFrameBinding, type WalletBridgeModule } from './walletFrameBinding.ts';

const HTU = 'https://api.example/api/v1/passwordless/authenticate';

function bridgeModule(loginProof: EmbeddedWalletBridge['loginProof']) {
  const bridge = { loginProof, ready: vi.fn(async () => {}) } as unknown as EmbeddedWalletBridge;
  const createEmbeddedWalletBridge = vi.fn(() => bridge);
  return {
    module: { createEmbeddedWalletBridge } as WalletBridgeModule,
    bridge,
    createEmbeddedWalletBridge,
  };
}

function binding(load: (() => Promise<WalletBridgeModule>) | undefined, timeoutMs?: number) {
  const logger = { warn: vi.fn() };
  const b = createWalletFrameBinding({
    apiUrl: 'https://api.example',
    appId: 'clpispdty00ycl80fpueukbhl',
    load,
    getAccessToken: async () => null,
    timeoutMs,
    logger,
  });
  return { b, logger };
}

describe('wallet frame binding (issue 10)', () => {
  it('returns the frame proof for a login URL, with the configured wait', async () => {
    const loginProof = vi.fn(async () => ({ proof: 'p', jkt: 'k' }));
    const { module } = bridgeModule(loginProof);
    const { b } = binding(async () => module, 1234);
    expect(await b.proof(HTU, 1_700_000_000_000)).toBe('p');
    expect(loginProof).toHaveBeenCalledWith(HTU, 1234, 1_700_000_000_000);
  });

  it('shares one bridge between login proofs and the wallet manager', async () => {
    const { module, bridge, createEmbeddedWalletBridge } = bridgeModule(async () => ({
      proof: 'p',
      jkt: 'k',
    }));
    const { b } = binding(async () => module);
    await b.proof(HTU);
    expect(b.shared(module.createEmbeddedWalletBridge)).toBe(bridge);
    expect(createEmbeddedWalletBridge).toHaveBeenCalledTimes(1);
  });

  it('logs in unbound (null, warned) when the frame fails, and sends nothing without a loader', async () => {
    const { module } = bridgeModule(async () => {
      throw new Error('walletProxy does not exist');
    });
    const failing = binding(async () => module);
    expect(await failing.b.proof(HTU)).toBeNull();
    expect(failing.logger.warn).toHaveBeenCalledTimes(1);
    const broken = binding(async () => {
      throw new Error('chunk failed');
    });
    expect(await broken.b.proof(HTU)).toBeNull();
    const off = binding(undefined);
    expect(await off.b.proof(HTU)).toBeNull();
    expect(off.logger.warn).not.toHaveBeenCalled();
  });
});
