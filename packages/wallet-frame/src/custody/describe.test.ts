import {
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseEther,
  parseGwei,
  stringToHex,
  toHex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  describeRequest,
  erc2612PermitAbi,
  type RequestDescription,
  UNLIMITED,
  UNLIMITED_WARNING,
} from './describe.ts';
import { FRAME_CATALOGUES, FRAME_LOCALES, type FrameLocale } from '../frame/locales/index.ts';
import { CustodyError } from './errors.ts';

const WALLET = '0x1111111111111111111111111111111111111111' as const;
const OTHER = '0x2222222222222222222222222222222222222222' as const;
const SPENDER = '0x3333333333333333333333333333333333333333' as const;
const TOKEN = '0x4444444444444444444444444444444444444444' as const;
const CHAIN = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};

const rows = (d: RequestDescription, title: string) =>
  Object.fromEntries(d.sections.find((s) => s.title === title)!.rows.map((r) => [r.label, r]));

function expectInvalid(fn: () => unknown, message?: RegExp) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CustodyError);
    expect((error as CustodyError).type).toBe('invalid_request_arguments');
    if (message) expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected an invalid_request_arguments error');
}

function permit(value: bigint | string, extra: Record<string, unknown> = {}) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: TOKEN },
    message: {
      owner: WALLET,
      spender: SPENDER,
      value: value.toString(),
      nonce: '0',
      deadline: '1893456000',
    },
    ...extra,
  };
}

describe('describeRequest: personal_sign', () => {
  it('decodes printable hex to text', () => {
    const d = describeRequest(
      WALLET,
      { method: 'personal_sign', params: [stringToHex('Hello Latchkey\nline 2'), WALLET] },
      CHAIN,
    );
    expect(d.kind).toBe('message');
    expect(d.message).toBe('Hello Latchkey\nline 2');
  });

  it('keeps binary hex as hex and plain strings as given', () => {
    const binary = '0x00ff10deadbeef';
    expect(
      describeRequest(WALLET, { method: 'personal_sign', params: [binary, WALLET] }, CHAIN).message,
    ).toBe(binary);
    expect(
      describeRequest(WALLET, { method: 'personal_sign', params: ['plain', WALLET] }, CHAIN)
        .message,
    ).toBe('plain');
  });

  it('refuses a foreign signer and an empty message', () => {
    expectInvalid(
      () => describeRequest(WALLET, { method: 'personal_sign', params: ['0x68', OTHER] }, CHAIN),
      /this wallet address/,
    );
    expectInvalid(
      () => describeRequest(WALLET, { method: 'personal_sign', params: ['0x', WALLET] }, CHAIN),
      /non-empty/,
    );
    expectInvalid(() => describeRequest(WALLET, { method: 'eth_sign', params: [] }, CHAIN));
  });
});

describe('describeRequest: eth_signTypedData_v4', () => {
  it('spells out an unlimited EIP-2612 Permit and flags it', () => {
    const d = describeRequest(
      WALLET,
      { method: 'eth_signTypedData_v4', params: [WALLET, JSON.stringify(permit(maxUint256))] },
      CHAIN,
    );
    expect(d.kind).toBe('typed-data');
    expect(d.title).toBe('Token permit');
    const p = rows(d, 'Permit');
    expect(p.Spender!.value).toBe(SPENDER);
    expect(p.Amount).toEqual({ label: 'Amount', value: UNLIMITED, tone: 'danger' });
    // In the run's time zone (the date may be the day before); the seconds follow the date.
    expect(p.Expires!.value).toMatch(/^(Jan 1, 2030|Dec 31, 2029), .*\(1893456000\)$/);
    expect(d.warnings).toContain(UNLIMITED_WARNING);
    const domain = rows(d, 'Domain');
    expect(domain.Name!.value).toBe('USD Coin');
    expect(domain.Version!.value).toBe('2');
    expect(domain.Chain!.value).toBe('Anvil (31337)');
    expect(domain.Contract!.value).toBe(TOKEN);
    const fields = rows(d, 'Permit fields');
    expect(fields.owner!.value).toBe(WALLET);
    expect(fields.nonce!.value).toBe('0');
  });

  it('flags amounts >= 2^255 as unlimited, but not a bounded amount', () => {
    const big = describeRequest(
      WALLET,
      { method: 'eth_signTypedData_v4', params: [WALLET, permit(2n ** 255n)] },
      CHAIN,
    );
    expect(rows(big, 'Permit').Amount!.value).toBe(UNLIMITED);
    const small = describeRequest(
      WALLET,
      { method: 'eth_signTypedData_v4', params: [WALLET, permit(1_000_000n)] },
      CHAIN,
    );
    expect(rows(small, 'Permit').Amount!.value).toBe('1,000,000 (base units)');
    expect(small.warnings).toEqual([]);
  });

  it('flattens nested structs and arrays readably', () => {
    const typed = {
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person[]' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId: 1 },
      message: {
        from: { name: 'Cow', wallet: WALLET },
        to: [{ name: 'Bob', wallet: OTHER }],
        contents: 'Hello, Bob!',
      },
    };
    const d = describeRequest(
      WALLET,
      { method: 'eth_signTypedData_v4', params: [WALLET, typed] },
      CHAIN,
    );
    expect(d.title).toBe('Mail');
    const fields = rows(d, 'Mail fields');
    expect(fields['from.name']!.value).toBe('Cow');
    expect(fields['from.wallet']).toEqual({ label: 'from.wallet', value: WALLET, tone: 'mono' });
    expect(fields['to[0].name']!.value).toBe('Bob');
    expect(fields.contents!.value).toBe('Hello, Bob!');
    // Domain chain 1 is not the chain shown: said, not hidden.
    expect(rows(d, 'Domain').Chain!.value).toBe('1');
    expect(d.warnings.join(' ')).toMatch(/another chain/);
  });

  it('spells out a Permit2 PermitSingle', () => {
    const typed = {
      types: {
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitSingle',
      domain: { name: 'Permit2', chainId: 31337, verifyingContract: OTHER },
      message: {
        details: { token: TOKEN, amount: '5000', expiration: '1893456000', nonce: '0' },
        spender: SPENDER,
        sigDeadline: '1893456000',
      },
    };
    const d = describeRequest(
      WALLET,
      { method: 'eth_signTypedData_v4', params: [WALLET, typed] },
      CHAIN,
    );
    const p = rows(d, 'Permit');
    expect(p.Token!.value).toBe(TOKEN);
    expect(p.Spender!.value).toBe(SPENDER);
    expect(p.Amount!.value).toBe('5,000 (base units)');
  });

  it('refuses malformed typed data and a foreign signer', () => {
    expectInvalid(
      () =>
        describeRequest(WALLET, { method: 'eth_signTypedData_v4', params: [WALLET, '{'] }, CHAIN),
      /valid JSON/,
    );
    expectInvalid(() =>
      describeRequest(
        WALLET,
        {
          method: 'eth_signTypedData_v4',
          params: [WALLET, { ...permit(1n), primaryType: 'Nope' }],
        },
        CHAIN,
      ),
    );
    expectInvalid(() =>
      describeRequest(
        WALLET,
        { method: 'eth_signTypedData_v4', params: [OTHER, permit(1n)] },
        CHAIN,
      ),
    );
  });
});

describe('describeRequest: eth_signTransaction', () => {
  const base = {
    from: WALLET,
    chainId: toHex(31337),
    gas: toHex(21000),
    maxFeePerGas: toHex(parseGwei('2')),
    maxPriorityFeePerGas: toHex(parseGwei('1')),
    nonce: '0x0',
  };

  it('a plain send: network, recipient, value and max fee', () => {
    const d = describeRequest(
      WALLET,
      {
        method: 'eth_signTransaction',
        params: [{ ...base, to: OTHER, value: toHex(parseEther('1.5')) }],
      },
      CHAIN,
    );
    expect(d.kind).toBe('transaction');
    expect(d.title).toBe('Send');
    const t = rows(d, 'Transaction');
    expect(t.Network!.value).toBe('Anvil (31337)');
    expect(t.To!.value).toBe(OTHER);
    expect(t.Amount!.value).toBe('1.5 ETH');
    // 21000 × 2 gwei
    expect(t['Max network fee']!.value).toBe('0.000042 ETH');
  });

  it('a legacy fee uses gasPrice; other decimals and symbols', () => {
    const chain = {
      id: 137,
      name: 'Polygon',
      nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    };
    const d = describeRequest(
      WALLET,
      {
        method: 'eth_signTransaction',
        params: [
          {
            to: OTHER,
            value: '0x1',
            chainId: 137,
            gasLimit: '0x5208',
            gasPrice: toHex(parseGwei('100')),
          },
        ],
      },
      chain,
    );
    const t = rows(d, 'Transaction');
    expect(t.Amount!.value).toBe('0.000000000000000001 POL');
    expect(t['Max network fee']!.value).toBe('0.0021 POL');
  });

  it('decodes an ERC-20 transfer', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [OTHER, 2500n],
    });
    const d = describeRequest(
      WALLET,
      { method: 'eth_signTransaction', params: [{ ...base, to: TOKEN, data }] },
      CHAIN,
    );
    expect(d.title).toBe('Token transfer');
    expect(rows(d, 'Transaction').To!.value).toBe(TOKEN);
    expect(rows(d, 'Transaction').Amount!.value).toBe('0 ETH');
    const call = rows(d, 'Token transfer');
    expect(call.To!.value).toBe(OTHER);
    expect(call.Amount!.value).toBe('2,500 (base units)');
    expect(d.warnings).toEqual([]);
  });

  it('decodes an unlimited ERC-20 approve and flags it', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [SPENDER, maxUint256],
    });
    const d = describeRequest(
      WALLET,
      { method: 'eth_signTransaction', params: [{ ...base, to: TOKEN, data }] },
      CHAIN,
    );
    expect(d.title).toBe('Token approval');
    const call = rows(d, 'Token approval');
    expect(call.Spender!.value).toBe(SPENDER);
    expect(call.Amount).toEqual({ label: 'Amount', value: UNLIMITED, tone: 'danger' });
    expect(d.warnings).toContain(UNLIMITED_WARNING);
  });

  it('decodes transferFrom and an EIP-2612 permit call', () => {
    const transferFrom = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [OTHER, SPENDER, 7n],
    });
    const a = describeRequest(
      WALLET,
      { method: 'eth_signTransaction', params: [{ ...base, to: TOKEN, data: transferFrom }] },
      CHAIN,
    );
    expect(rows(a, 'Token transfer').From!.value).toBe(OTHER);
    const permitCall = encodeFunctionData({
      abi: erc2612PermitAbi,
      functionName: 'permit',
      args: [
        WALLET,
        SPENDER,
        maxUint256,
        1893456000n,
        27,
        `0x${'11'.repeat(32)}`,
        `0x${'22'.repeat(32)}`,
      ],
    });
    const b = describeRequest(
      WALLET,
      { method: 'eth_signTransaction', params: [{ ...base, to: TOKEN, data: permitCall }] },
      CHAIN,
    );
    expect(b.title).toBe('Token permit');
    expect(rows(b, 'Token permit').Amount!.value).toBe(UNLIMITED);
    expect(b.warnings).toContain(UNLIMITED_WARNING);
  });

  it('an unknown call shows its selector and size; a deployment says so', () => {
    const d = describeRequest(
      WALLET,
      { method: 'eth_signTransaction', params: [{ ...base, to: TOKEN, data: '0xdeadbeef0102' }] },
      CHAIN,
    );
    expect(d.title).toBe('Contract call');
    expect(rows(d, 'Contract call').Function!.value).toBe('0xdeadbeef');
    expect(rows(d, 'Contract call').Data!.value).toBe('6 bytes');
    const deploy = describeRequest(
      WALLET,
      { method: 'eth_signTransaction', params: [{ ...base, data: '0x6080' }] },
      CHAIN,
    );
    expect(rows(deploy, 'Transaction').To!.value).toBe('Contract deployment');
  });

  it('refuses a missing or other chainId, a foreign from and malformed quantities', () => {
    const sign = (tx: Record<string, unknown>) =>
      describeRequest(WALLET, { method: 'eth_signTransaction', params: [tx] }, CHAIN);
    expectInvalid(() => sign({ to: OTHER, value: '0x1' }), /chainId/);
    expectInvalid(() => sign({ ...base, chainId: 1, to: OTHER }), /chainId/);
    expectInvalid(() => sign({ ...base, from: OTHER, to: OTHER }), /this wallet address/);
    expectInvalid(() => sign({ ...base, to: OTHER, value: 'lots' }), /'value'/);
    expectInvalid(() => sign({ ...base, to: 'nobody' }));
    expectInvalid(() =>
      describeRequest(WALLET, { method: 'eth_signTransaction', params: ['0x'] }, CHAIN),
    );
  });
});

describe('describeRequest in the page locale (issue 14 item 12)', () => {
  const transfer = (locale: FrameLocale) =>
    describeRequest(
      WALLET,
      {
        method: 'eth_signTransaction',
        params: [
          {
            chainId: '0x7a69',
            to: TOKEN,
            value: toHex(parseEther('1234.5')),
            gas: '0x5208',
            maxFeePerGas: toHex(parseGwei('2')),
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [OTHER, 2500n],
            }),
          },
        ],
      },
      CHAIN,
      locale,
    );

  it('German: headings and labels from de, amounts with de digits, exact', () => {
    const d = transfer('de');
    expect(d.title).toBe('Token-Überweisung');
    const t = rows(d, 'Transaktion');
    expect(t.Netzwerk!.value).toBe('Anvil (31337)');
    expect(t.Betrag!.value).toBe('1.234,5 ETH');
    expect(t['Max. Netzwerkgebühr']!.value).toBe('0,000042 ETH');
    expect(rows(d, 'Token-Überweisung').Betrag!.value).toBe('2.500 (Basiseinheiten)');
  });

  it('Japanese: an unlimited approve, its warning and a contract call size', () => {
    const approve = describeRequest(
      WALLET,
      {
        method: 'eth_signTransaction',
        params: [
          {
            chainId: 31337,
            to: TOKEN,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [SPENDER, maxUint256],
            }),
          },
        ],
      },
      CHAIN,
      'ja',
    );
    expect(rows(approve, 'トークンの承認').金額).toEqual({
      label: '金額',
      value: '無制限',
      tone: 'danger',
    });
    expect(approve.warnings).toEqual([FRAME_CATALOGUES.ja.describe.unlimitedWarning]);
    expect(rows(approve, 'トランザクション').最大ネットワーク手数料!.value).toBe('不明');
  });

  it('every locale: no English heading or label left in a transfer but shared words', () => {
    for (const locale of FRAME_LOCALES.filter((l) => l !== 'en')) {
      const d = transfer(locale);
      const words = d.sections.flatMap((s) => [s.title, ...s.rows.map((r) => r.label)]);
      for (const word of ['Network', 'Amount', 'Max network fee', 'Function'])
        expect(words, locale).not.toContain(word);
    }
  });
});
