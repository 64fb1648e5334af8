import { describe, expect, it } from 'vitest';
import {
  generatePassword,
  passwordConfirmationError,
  passwordError,
  passwordStrength,
  recoveryFileName,
} from './password.ts';
import {
  hasSufficientFunds,
  TransactionRequestError,
  toQuantity,
  transactionType,
  validateTransactionRequest,
} from './transaction.ts';

describe('password rules (spec section 5)', () => {
  it('needs 6 characters', () => {
    expect(passwordError('abc12')).toBe('Password must be at least 6 characters');
    expect(passwordError('abc123')).toBeNull();
  });
  it('lists invalid characters once each, in order', () => {
    expect(passwordError('pass word~~=')).toBe('Invalid characters used (   ~ = )');
    expect(passwordError('Ab1!@#$%^&*()-_+')).toBeNull();
  });
  it('confirms', () => {
    expect(passwordConfirmationError('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(passwordConfirmationError('abcdef', 'abcdef')).toBeNull();
  });
});

describe('passwordStrength (spec section 5)', () => {
  it('is 0 under 8 characters', () => {
    expect(passwordStrength('Ab1!xyz')).toEqual({ value: 0, label: 'Weak' });
  });
  it('follows the formula', () => {
    // 8 lowercase letters: score 0.25, entropy 8*log2(26) = 37.6; (0.075 + 0.396) / 2 = 0.2355
    expect(passwordStrength('abcdefgh').value).toBeCloseTo(
      (0.3 * 0.25 + (8 * Math.log2(26)) / 95) / 2,
      10,
    );
    expect(passwordStrength('abcdefgh').label).toBe('Weak');
  });
  it('grades Medium and Strong at the thresholds 0.5 and 0.9', () => {
    expect(passwordStrength('Abcdefgh1234!').label).toBe('Medium');
    expect(passwordStrength('Correct-Horse-Battery-Staple-42!').label).toBe('Strong');
  });
});

describe('recovery file and generated password', () => {
  it('names the file from the app name', () => {
    expect(recoveryFileName('My App 2')).toBe('my-app-latchkey-wallet-recovery.txt');
    expect(recoveryFileName('Zörg & Co.')).toBe('z-rg-co-latchkey-wallet-recovery.txt');
    expect(recoveryFileName('123')).toBe('latchkey-wallet-recovery.txt');
  });
  it('generates 4 words that pass the rules', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta'];
    const password = generatePassword(words);
    expect(password).toMatch(/^[A-Z][a-z]+-[a-z]+-[a-z]+-[a-z]+[0-9]$/);
    expect(passwordError(password)).toBeNull();
  });
});

describe('transaction requests (spec section 5)', () => {
  const chains = [31337, 1];
  it('accepts number, bigint and hex quantities', () => {
    expect(
      validateTransactionRequest(
        { value: 1, gasLimit: 21000n, maxFeePerGas: '0x3b9aca00', chainId: 31337 },
        chains,
      ),
    ).toEqual({
      value: 1n,
      gasLimit: 21000n,
      maxFeePerGas: 1_000_000_000n,
      chainId: 31337,
    });
  });
  it.each([
    ['value', '1000'],
    ['gasPrice', -1],
    ['gasLimit', 1.5],
    ['maxFeePerGas', '0xzz'],
  ])('refuses %s = %j with the spec text', (field, bad) => {
    expect(() => validateTransactionRequest({ [field]: bad, chainId: 1 } as never, chains)).toThrow(
      `Transaction request property '${field}' must be a valid number, bigint, or hex string representing a quantity`,
    );
  });
  it('needs a numeric, configured chain id', () => {
    expect(() => validateTransactionRequest({ chainId: '1' as never }, chains)).toThrow(
      'chainId must be a number',
    );
    expect(() => validateTransactionRequest({ chainId: 10 }, chains)).toThrow(
      new TransactionRequestError(
        'Chain ID 10 is not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.',
      ),
    );
  });
  it('classifies', () => {
    expect(transactionType({ to: '0x1', data: '0xabcd' })).toBe('CONTRACT_CALL');
    expect(transactionType({ to: '0x1', value: 1 })).toBe('SEND');
    expect(transactionType({ data: '0xabcd' })).toBe('UNKNOWN');
  });
  it('checks funds: balance - value - gas >= 0', () => {
    expect(
      hasSufficientFunds({
        balance: 21000n * 10n + 5n,
        value: 5n,
        gasLimit: 21000n,
        feePerGas: 10n,
      }),
    ).toBe(true);
    expect(
      hasSufficientFunds({
        balance: 21000n * 10n + 4n,
        value: 5n,
        gasLimit: 21000n,
        feePerGas: 10n,
      }),
    ).toBe(false);
    expect(toQuantity('0x')).toBeNull();
  });
});
