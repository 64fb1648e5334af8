/**
 * Issue 15: the MFA prompt's store (one pending request, settled once) and the texts the
 * screens show for codes and failures (spec sections 5 and 8).
 */
import { MFA_CODE_LENGTH_MESSAGE, MFA_INVALID_CODE_MESSAGE } from '@latchkey/api';
import { WalletError } from '@latchkey/core';
import { MFA_CANCELED_MESSAGE } from '@latchkey/core/embedded-wallet';
import { describe, expect, it, vi } from 'vitest';
import { resolveAllMessages } from '../messages.ts';
import { mfaCodeProblem, mfaErrorText } from './mfaText.ts';
import { createMfaPromptStore } from './promptStore.ts';

const m = resolveAllMessages();

describe('the MFA prompt store', () => {
  it('holds one request until it is settled, then resolves or rejects it once', async () => {
    const store = createMfaPromptStore();
    const changes = vi.fn();
    store.subscribe(changes);
    expect(store.get()).toBeNull();
    const verified = store.ask({ methods: ['totp', 'sms'], attempt: 1 });
    expect(store.get()).toEqual({ id: 1, methods: ['totp', 'sms'], attempt: 1 });
    store.settle();
    await expect(verified).resolves.toBeUndefined();
    expect(store.get()).toBeNull();
    store.settle(new Error('late'));
    expect(changes).toHaveBeenCalledTimes(2);

    const given = store.ask({ methods: ['passkey'], attempt: 2 });
    const closed = new Error('The modal was closed');
    store.settle(closed);
    await expect(given).rejects.toBe(closed);
  });

  it('a newer request replaces a pending one, which is rejected', async () => {
    const store = createMfaPromptStore();
    const first = store.ask({ methods: ['totp'], attempt: 1 });
    const second = store.ask({ methods: ['sms'], attempt: 2 });
    await expect(first).rejects.toThrow('Replaced');
    expect(store.get()?.methods).toEqual(['sms']);
    store.settle();
    await expect(second).resolves.toBeUndefined();
  });
});

describe('MFA texts', () => {
  it.each([
    ['12345', false, null],
    ['12345', true, m.mfaCodeLength],
    ['123456', true, null],
    ['1234567', false, m.mfaCodeLength],
    ['12a', false, m.mfaCodeNotDigits],
    ['12 34', false, m.mfaCodeNotDigits],
  ])('code %j (complete %s) -> %j', (code, complete, expected) => {
    expect(mfaCodeProblem(code, m, complete)).toBe(expected);
  });

  it('maps the frame and server answers to the spec texts', () => {
    const wallet = (message: string, type: WalletError['type']) =>
      new WalletError(message, { type });
    expect(mfaErrorText(wallet(MFA_INVALID_CODE_MESSAGE, 'missing_or_invalid_mfa'), m)).toBe(
      'The code you entered is not valid',
    );
    expect(mfaErrorText(wallet('Max', 'mfa_verification_max_attempts_reached'), m)).toBe(
      m.mfaMaxAttempts,
    );
    expect(mfaErrorText(wallet('Timed out', 'mfa_timeout'), m)).toBe(m.mfaTimeoutError);
    expect(
      mfaErrorText(new WalletError(MFA_CANCELED_MESSAGE, { code: 'missing_or_invalid_mfa' }), m),
    ).toBe('Verification canceled');
    expect(mfaErrorText(wallet(MFA_CODE_LENGTH_MESSAGE, 'invalid_request_arguments'), m)).toBe(
      'Passcode must be exactly 6 numbers',
    );
    expect(
      mfaErrorText(Object.assign(new Error('NotAllowedError'), { code: 'passkey_not_allowed' }), m),
    ).toBe(m.passkeyNotAllowed);
    expect(
      mfaErrorText(wallet('Request failed with code 429: Too many requests', 'error'), m),
    ).toBe('Too many attempts.');
    expect(mfaErrorText(new Error('boom'), m)).toBe('Something went wrong.');
  });
});
