import { handleEvmRpc } from '@latchkey/wallet-frame';
import {
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  http,
  parseEther,
  UserRejectedRequestError,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WalletErrorType } from '@latchkey/api';
import { ProviderRpcError, WalletError } from './errors.ts';
import { createEmbeddedEthereumProvider, type EmbeddedSignatureRequest } from './provider.ts';
import type { ChainConfig } from './types.ts';
import { startAnvil, type TestAnvil } from '../../../../../test-support/anvil.ts';

const KEY = generatePrivateKey();
const ADDRESS = privateKeyToAddress(KEY);

/**
 * A bridge whose hidden "frame" behaves like issue 24's: it signs (with the custody code,
 * the key stays in this object) only with `noPrompt` and when its policy `allows`; else it
 * answers `approval_required`, or `refuse` (a policy code).
 */
function signingBridge(policy: { allows?: boolean; refuse?: WalletErrorType } = {}) {
  const calls: { method: string; params?: unknown; noPrompt?: boolean }[] = [];
  return {
    calls,
    rpc: vi.fn(
      async ({
        request,
        noPrompt,
      }: {
        address: string;
        request: { method: string; params?: unknown };
        noPrompt?: boolean;
      }) => {
        calls.push({ ...request, ...(noPrompt ? { noPrompt } : {}) });
        if (noPrompt && policy.refuse) {
          throw new WalletError('Refused by the wallet policy', { type: policy.refuse });
        }
        if (!noPrompt || !policy.allows) {
          throw new WalletError('Approval required', { type: 'approval_required' });
        }
        return handleEvmRpc(KEY, request);
      },
    ),
  };
}

/** The approval page: signs what it is handed, as the frame does after the user's click. */
function approvalPage() {
  return vi.fn(async (request: EmbeddedSignatureRequest) =>
    handleEvmRpc(KEY, { method: request.method, params: request.params }),
  );
}

const offline = (id: number, name = `Chain ${id}`): ChainConfig => ({
  id,
  name,
  rpcUrl: 'http://127.0.0.1:9/unused',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
});

const typedData = {
  domain: { name: 'Latchkey', version: '1', chainId: 31337 },
  types: {
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail' as const,
  message: { from: ADDRESS, contents: 'hello' },
};

describe('embedded EIP-1193 provider', () => {
  it('answers accounts and chain id locally', async () => {
    const provider = createEmbeddedEthereumProvider({
      bridge: signingBridge(),
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
    });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
  });

  it('works as a viem custom transport: signMessage and signTypedData verify (approval page)', async () => {
    const bridge = signingBridge({ allows: true });
    const confirm = approvalPage();
    const provider = createEmbeddedEthereumProvider({
      bridge,
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
      approve: confirm,
    });
    const wallet = createWalletClient({
      account: ADDRESS,
      chain: anvilChain,
      transport: custom(provider),
    });
    const [account] = await wallet.getAddresses();
    expect(account).toBe(ADDRESS);
    const signature = await wallet.signMessage({ account: ADDRESS, message: 'hello latchkey' });
    expect(await verifyMessage({ address: ADDRESS, message: 'hello latchkey', signature })).toBe(
      true,
    );
    const typedSignature = await wallet.signTypedData({ account: ADDRESS, ...typedData });
    expect(
      await verifyTypedData({ address: ADDRESS, signature: typedSignature, ...typedData }),
    ).toBe(true);
    expect(confirm.mock.calls.map(([r]) => r.method)).toEqual([
      'personal_sign',
      'eth_signTypedData_v4',
    ]);
    // Without noPrompt the hidden frame is not even asked: the approval page signs.
    expect(bridge.rpc).not.toHaveBeenCalled();
    expect(confirm.mock.calls[0]![0]).toMatchObject({
      method: 'personal_sign',
      params: ['0x68656c6c6f206c617463686b6579', ADDRESS],
      chain: { id: 31337 },
    });
  });

  it('noPrompt asks the hidden frame first: signed there when the policy allows, no approval page', async () => {
    const bridge = signingBridge({ allows: true });
    const approve = approvalPage();
    const provider = createEmbeddedEthereumProvider({
      bridge,
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
      approve,
      noPrompt: () => true,
    });
    const signature = (await provider.request({
      method: 'personal_sign',
      params: ['0x6869', ADDRESS],
    })) as Hex;
    expect(await verifyMessage({ address: ADDRESS, message: 'hi', signature })).toBe(true);
    expect(bridge.calls).toEqual([
      { method: 'personal_sign', params: ['0x6869', ADDRESS], noPrompt: true },
    ]);
    expect(approve).not.toHaveBeenCalled();
  });

  it("noPrompt falls back to the approval page on 'approval_required'", async () => {
    const bridge = signingBridge({ allows: false });
    const approve = approvalPage();
    const provider = createEmbeddedEthereumProvider({
      bridge,
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
      approve,
      noPrompt: () => true,
    });
    const signature = (await provider.request({
      method: 'personal_sign',
      params: ['0x6869', ADDRESS],
    })) as Hex;
    expect(await verifyMessage({ address: ADDRESS, message: 'hi', signature })).toBe(true);
    expect(bridge.rpc).toHaveBeenCalledTimes(1);
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('a policy refusal is 4100 carrying the code, with no approval page', async () => {
    const bridge = signingBridge({ refuse: 'policy_value_cap_exceeded' });
    const approve = approvalPage();
    const provider = createEmbeddedEthereumProvider({
      bridge,
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
      approve,
      noPrompt: () => true,
    });
    const error = await provider
      .request({
        method: 'eth_signTransaction',
        params: [{ to: ADDRESS, value: '0x1', nonce: '0x0', gas: '0x5208', gasPrice: '0x1' }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error).toMatchObject({ code: 4100, data: { type: 'policy_value_cap_exceeded' } });
    expect(approve).not.toHaveBeenCalled();
  });

  it("without an approval hook signing fails with 4100 'Signing needs the approval screen'", async () => {
    const bridge = signingBridge({ allows: true });
    const provider = createEmbeddedEthereumProvider({
      bridge,
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
    });
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x6869', ADDRESS] }),
    ).rejects.toMatchObject({ code: 4100, message: 'Signing needs the approval screen' });
    expect(bridge.rpc).not.toHaveBeenCalled();
  });

  it('a frame error of the approval page keeps its mapping (-32603 with its type)', async () => {
    const provider = createEmbeddedEthereumProvider({
      bridge: signingBridge(),
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
      approve: async () => {
        throw new WalletError('gone', { type: 'session_not_bound' });
      },
    });
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x6869', ADDRESS] }),
    ).rejects.toMatchObject({ code: -32603, data: { type: 'session_not_bound' } });
  });

  it('a rejected approval (screen closed) is EIP-1193 4001 and nothing is signed', async () => {
    const bridge = signingBridge({ allows: true });
    const provider = createEmbeddedEthereumProvider({
      bridge,
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
      approve: async () => {
        throw new Error('closed');
      },
    });
    const error = await provider
      .request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(bridge.rpc).not.toHaveBeenCalled();
    // viem sees it as UserRejectedRequestError.
    const wallet = createWalletClient({ account: ADDRESS, transport: custom(provider) });
    await expect(wallet.signMessage({ account: ADDRESS, message: 'x' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    );
  });

  it('switches only to configured chains (4902 otherwise) and emits chainChanged', async () => {
    const provider = createEmbeddedEthereumProvider({
      bridge: signingBridge(),
      address: ADDRESS,
      chains: [offline(31337), offline(1, 'Ethereum')],
      chainId: 31337,
    });
    const changed = vi.fn();
    provider.on('chainChanged', changed);
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    ).rejects.toMatchObject({ code: 4902 });
    expect(
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x1' }],
      }),
    ).toBeNull();
    expect(changed).toHaveBeenCalledWith('0x1');
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    provider.removeListener('chainChanged', changed);
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    });
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('refuses eth_sign and a foreign from address', async () => {
    const provider = createEmbeddedEthereumProvider({
      bridge: signingBridge(),
      address: ADDRESS,
      chains: [offline(31337)],
      chainId: 31337,
    });
    await expect(
      provider.request({ method: 'eth_sign', params: [ADDRESS, '0x00'] }),
    ).rejects.toMatchObject({
      code: 4200,
    });
    await expect(
      provider.request({
        method: 'eth_signTransaction',
        params: [{ from: privateKeyToAddress(generatePrivateKey()), to: ADDRESS, value: '0x1' }],
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});

describe('embedded provider on a real anvil chain', () => {
  let anvil: TestAnvil | undefined;
  let rpcUrl = '';

  beforeAll(async () => {
    anvil = await startAnvil();
    rpcUrl = anvil.rpcUrl;
  }, 30_000);

  afterAll(() => anvil?.stop());

  it('fills, gets the approval page to sign, and broadcasts a transaction', async () => {
    const chain: ChainConfig = {
      id: 31337,
      name: 'Anvil',
      rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    };
    const publicClient = createPublicClient({ chain: anvilChain, transport: http(rpcUrl) });
    await publicClient.request({
      method: 'anvil_setBalance' as 'eth_chainId',
      params: [ADDRESS, '0xde0b6b3a7640000'] as unknown as undefined,
    });
    const bridge = signingBridge();
    const confirm = approvalPage();
    const provider = createEmbeddedEthereumProvider({
      bridge,
      address: ADDRESS,
      chains: [chain],
      chainId: 31337,
      approve: confirm,
    });
    const to = privateKeyToAddress(generatePrivateKey());
    // Reads are forwarded to the chain RPC.
    expect(await provider.request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] })).toBe(
      '0xde0b6b3a7640000',
    );
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: ADDRESS, to, value: '0x38d7ea4c68000' }],
    })) as Hex;
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther('0.001'));
    // The approval page got the filled transaction to sign; the host broadcast its answer.
    const request = confirm.mock.calls[0]![0] as EmbeddedSignatureRequest & {
      params: [Record<string, string>];
    };
    expect(request.method).toBe('eth_signTransaction');
    expect(request.broadcast).toBe(true);
    expect(request.params[0]).toMatchObject({ nonce: '0x0', chainId: '0x7a69', type: '0x2' });
    expect(request.params[0].gas).toBeDefined();
    expect(request.params[0].maxFeePerGas).toBeDefined();
    expect(bridge.rpc).not.toHaveBeenCalled();
    // fillTransaction gives the same filled transaction (next nonce) for the send screen.
    const filled = await provider.fillTransaction({ to, value: '0x1' });
    expect(filled).toMatchObject({ from: ADDRESS, to, chainId: '0x7a69', nonce: '0x1' });

    // Through a viem wallet client too; the nonce follows the pending count.
    const wallet = createWalletClient({
      account: ADDRESS,
      chain: anvilChain,
      transport: custom(provider),
    });
    const hash2 = await wallet.sendTransaction({
      account: ADDRESS,
      to,
      value: parseEther('0.002'),
      chain: anvilChain,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: hash2 })).status).toBe('success');
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther('0.003'));
  }, 30_000);
});
