import {
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  stringToHex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { displayMessage, handleEvmRpc } from './evm-rpc.ts';
import { deriveEvmAddress, deriveEvmPrivateKey, generateEntropy } from './wallet-secret.ts';

const entropy = generateEntropy();
const key = deriveEvmPrivateKey(entropy);
const address = deriveEvmAddress(entropy);

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Latchkey Test', chainId: 31337 },
  message: { to: '0x000000000000000000000000000000000000dEaD', contents: 'hello' },
} as const;

describe('handleEvmRpc', () => {
  it('personal_sign (EIP-191) of text and of hex recovers to the wallet address', async () => {
    const text = (await handleEvmRpc(key, {
      method: 'personal_sign',
      params: ['hello latchkey', address],
    })) as `0x${string}`;
    expect(await recoverMessageAddress({ message: 'hello latchkey', signature: text })).toBe(
      address,
    );
    const hex = (await handleEvmRpc(key, {
      method: 'personal_sign',
      params: [stringToHex('hi'), address],
    })) as `0x${string}`;
    expect(await recoverMessageAddress({ message: 'hi', signature: hex })).toBe(address);
  });

  it('eth_signTypedData_v4 (EIP-712) from a JSON string recovers to the wallet address', async () => {
    const signature = (await handleEvmRpc(key, {
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as `0x${string}`;
    const { EIP712Domain: _d, ...types } = typedData.types;
    expect(
      await recoverTypedDataAddress({
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature,
      }),
    ).toBe(address);
  });

  it('eth_signTransaction signs an EIP-1559 transaction from hex quantities', async () => {
    const signed = (await handleEvmRpc(key, {
      method: 'eth_signTransaction',
      params: [
        {
          from: address,
          to: '0x000000000000000000000000000000000000dEaD',
          value: '0x38d7ea4c68000',
          gas: '0x5208',
          maxFeePerGas: '0x3b9aca00',
          maxPriorityFeePerGas: '0x1',
          nonce: '0x0',
          chainId: '0x7a69',
        },
      ],
    })) as `0x${string}`;
    const tx = parseTransaction(signed);
    expect(tx.chainId).toBe(31337);
    expect(tx.value).toBe(1_000_000_000_000_000n);
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      address,
    );
  });

  it('refuses another signer, an empty message, unknown methods and a transaction without chainId', async () => {
    const other = '0x000000000000000000000000000000000000dEaD';
    await expect(
      handleEvmRpc(key, { method: 'personal_sign', params: ['hi', other] }),
    ).rejects.toThrow('Cannot request a signature with this wallet address');
    await expect(
      handleEvmRpc(key, { method: 'personal_sign', params: ['', address] }),
    ).rejects.toThrow('Message must be a non-empty string');
    await expect(
      handleEvmRpc(key, { method: 'eth_sign', params: [address, '0x00'] }),
    ).rejects.toThrow('Unsupported method eth_sign');
    await expect(
      handleEvmRpc(key, { method: 'eth_signTransaction', params: [{ to: other, value: '0x1' }] }),
    ).rejects.toThrow('chainId must be a number');
    await expect(
      handleEvmRpc(key, {
        method: 'eth_signTransaction',
        params: [{ to: other, value: 'lots', chainId: 1 }],
      }),
    ).rejects.toThrow('malformed quantity');
  });

  it('answers eth_accounts with the address only', async () => {
    expect(await handleEvmRpc(key, { method: 'eth_accounts' })).toEqual([address]);
  });
});

describe('displayMessage', () => {
  it('shows printable hex as text and keeps binary as hex', () => {
    expect(displayMessage(stringToHex('Sign in to Latchkey'))).toBe('Sign in to Latchkey');
    expect(displayMessage('0x00ff10')).toBe('0x00ff10');
    expect(displayMessage('plain')).toBe('plain');
  });
});
