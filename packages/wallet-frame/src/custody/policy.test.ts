import { WALLET_POLICY_OFF, type WalletPolicy, type WalletPolicyResponse } from '@latchkey/api';
import { encodeFunctionData, erc20Abi, toHex } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { evaluateWalletPolicy } from './policy.ts';
import { createPolicyCheck, createPolicyClient, POLICY_CACHE_MS } from './policy-client.ts';

const ETH = 10n ** 18n;
const ME = '0x9999999999999999999999999999999999999999';
const TOKEN = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 1n] });
const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, 1n] });

const policy = (p: Partial<WalletPolicy> = {}): WalletPolicy => ({
  ...WALLET_POLICY_OFF,
  no_prompt_on_signature: true,
  allowed_chain_ids: [31337],
  allowed_contracts: [{ address: TOKEN, methods: ['transfer(address,uint256)'] }],
  allow_typed_data: true,
  max_value_wei_per_tx: ETH.toString(),
  max_value_wei_per_24h: null,
  ...p,
});
const tx = (fields: Record<string, unknown> = {}) => ({
  method: 'eth_signTransaction',
  params: [{ from: ME, to: OTHER, value: toHex(ETH), chainId: toHex(31337), ...fields }],
});
const typed = (domain: Record<string, unknown>) => ({
  method: 'eth_signTypedData_v4',
  params: [ME, JSON.stringify({ domain, types: {}, primaryType: 'Permit', message: {} })],
});
const personal = { method: 'personal_sign', params: ['0x68', ME] };

describe('evaluateWalletPolicy', () => {
  it('allows what is inside the policy', () => {
    const p = policy();
    expect(evaluateWalletPolicy(p, personal)).toEqual({ verdict: 'allow' });
    // Exactly the per-transaction cap; a plain transfer needs no contract entry.
    expect(evaluateWalletPolicy(p, tx())).toEqual({ verdict: 'allow' });
    expect(evaluateWalletPolicy(p, tx({ to: TOKEN, value: '0x0', data: transfer }))).toEqual({
      verdict: 'allow',
    });
    expect(
      evaluateWalletPolicy(
        p,
        typed({ chainId: 31337, verifyingContract: TOKEN.toUpperCase().replace('0X', '0x') }),
      ),
    ).toEqual({ verdict: 'allow' });
    // A 4-byte selector, and `*`.
    const bySelector = policy({ allowed_contracts: [{ address: TOKEN, methods: ['0x095EA7B3'] }] });
    expect(
      evaluateWalletPolicy(bySelector, tx({ to: TOKEN, data: approve, value: '0x0' })).verdict,
    ).toBe('allow');
    const any = policy({ allowed_contracts: [{ address: TOKEN, methods: ['*'] }] });
    expect(evaluateWalletPolicy(any, tx({ to: TOKEN, data: approve, value: '0x0' })).verdict).toBe(
      'allow',
    );
  });

  it.each([
    [
      'value one wei over the per-tx cap',
      tx({ value: toHex(ETH + 1n) }),
      'policy_value_cap_exceeded',
    ],
    ['chain not allowed', tx({ chainId: '0x1' }), 'policy_chain_not_allowed'],
    [
      'call to an unlisted contract',
      tx({ to: OTHER, data: transfer, value: '0x0' }),
      'policy_contract_not_allowed',
    ],
    [
      'unlisted method',
      tx({ to: TOKEN, data: approve, value: '0x0' }),
      'policy_contract_not_allowed',
    ],
    [
      'call data shorter than a selector',
      tx({ to: TOKEN, data: '0x12', value: '0x0' }),
      'policy_contract_not_allowed',
    ],
    [
      'typed data for an unlisted contract',
      typed({ chainId: 31337, verifyingContract: OTHER }),
      'policy_contract_not_allowed',
    ],
    [
      'typed data on another chain',
      typed({ chainId: 1, verifyingContract: TOKEN }),
      'policy_chain_not_allowed',
    ],
  ])('%s: asked under ask, refused under refuse', (_label, request, code) => {
    expect(evaluateWalletPolicy(policy(), request)).toMatchObject({ verdict: 'ask', code });
    expect(evaluateWalletPolicy(policy({ outside_policy: 'refuse' }), request)).toMatchObject({
      verdict: 'refuse',
      code,
    });
  });

  it.each([
    ['no-prompt off', policy({ no_prompt_on_signature: false }), personal],
    ['no-prompt off (transaction)', policy({ no_prompt_on_signature: false }), tx()],
    ['contract deployment', policy(), tx({ to: undefined, data: '0x6000', value: '0x0' })],
    [
      'call data while allowed_contracts is null',
      policy({ allowed_contracts: null }),
      tx({ to: TOKEN, data: transfer, value: '0x0' }),
    ],
    [
      'typed data not allowed',
      policy({ allow_typed_data: false }),
      typed({ chainId: 31337, verifyingContract: TOKEN }),
    ],
    ['typed data without verifyingContract', policy(), typed({ chainId: 31337 })],
    ['typed data without chainId', policy(), typed({ verifyingContract: TOKEN })],
    ['a transaction without chainId', policy(), tx({ chainId: undefined })],
    ['a malformed value', policy(), tx({ value: 'lots' })],
    ['the off default', WALLET_POLICY_OFF, personal],
  ])('%s: always asked (approval_required), never refused', (_label, p, request) => {
    for (const outside_policy of ['ask', 'refuse'] as const) {
      expect(evaluateWalletPolicy({ ...p, outside_policy }, request)).toMatchObject({
        verdict: 'ask',
        code: 'approval_required',
      });
    }
  });

  it('allowed_chain_ids null means the served chains (any when none are published)', () => {
    const p = policy({ allowed_chain_ids: null, outside_policy: 'refuse' });
    expect(evaluateWalletPolicy(p, tx({ chainId: '0x1' })).verdict).toBe('allow');
    expect(
      evaluateWalletPolicy(p, tx({ chainId: '0x1' }), { servedChainIds: [31337] }),
    ).toMatchObject({
      verdict: 'refuse',
      code: 'policy_chain_not_allowed',
    });
    expect(evaluateWalletPolicy(p, tx(), { servedChainIds: [31337] }).verdict).toBe('allow');
  });

  it('a transaction without chainId takes the context chain (the approval page)', () => {
    const p = policy({ outside_policy: 'refuse' });
    expect(evaluateWalletPolicy(p, tx({ chainId: undefined }), { chainId: 1 })).toMatchObject({
      verdict: 'refuse',
      code: 'policy_chain_not_allowed',
    });
  });
});

describe('policy client and policyCheck', () => {
  const answer = (p: WalletPolicy): WalletPolicyResponse => ({
    policy: p,
    configured: true,
    served_chain_ids: [],
  });

  it(`caches the policy for ${POLICY_CACHE_MS} ms, sharing concurrent fetches`, async () => {
    let t = 0;
    const source = { policy: vi.fn(async () => answer(policy())) };
    const client = createPolicyClient(source, { now: () => t });
    await Promise.all([client.get(), client.get()]);
    expect(source.policy).toHaveBeenCalledTimes(1);
    t += POLICY_CACHE_MS - 1;
    await client.get();
    expect(source.policy).toHaveBeenCalledTimes(1);
    t += 1;
    await client.get();
    expect(source.policy).toHaveBeenCalledTimes(2);
  });

  it('a failed fetch is not cached', async () => {
    const source = {
      policy: vi
        .fn<() => Promise<WalletPolicyResponse>>()
        .mockRejectedValueOnce(new Error('down'))
        .mockResolvedValue(answer(policy())),
    };
    const client = createPolicyClient(source);
    await expect(client.get()).rejects.toThrow('down');
    await expect(client.get()).resolves.toMatchObject({ configured: true });
  });

  it('policyCheck throws the refusal code under refuse, lets asked requests through, fails closed', async () => {
    const check = createPolicyCheck({
      policy: async () => answer(policy({ outside_policy: 'refuse' })),
    });
    await expect(check(tx({ value: toHex(2n * ETH) }), { id: 31337 })).rejects.toMatchObject({
      type: 'policy_value_cap_exceeded',
    });
    await expect(check(tx({ chainId: undefined }), { id: 5 })).rejects.toMatchObject({
      type: 'policy_chain_not_allowed',
    });
    await expect(
      check(tx({ to: undefined, data: '0x60' }), { id: 31337 }),
    ).resolves.toBeUndefined();
    const asking = createPolicyCheck({ policy: async () => answer(policy()) });
    await expect(asking(tx({ value: toHex(2n * ETH) }), { id: 31337 })).resolves.toBeUndefined();
    const down = createPolicyCheck({
      policy: async () => {
        throw new Error('down');
      },
    });
    await expect(down(personal, { id: 31337 })).rejects.toThrow('down');
  });
});
