import {
  LatchkeyError,
  type LatchkeyErrorParameters,
  messages as coreMessages,
} from '@latchkey/core';
import { describe, expect, it } from 'vitest';
import { resolveAllMessages } from '../../../../messages.ts';
import { passkeyErrorText } from './AwaitingPasskey.tsx';

/**
 * Every text AWAITING_PASSKEY_SYSTEM_DIALOGUE shows for a failure (spec section 8), pinned so
 * that reading core's error table instead of the local switch (issue 11) is proven identical.
 */
describe('passkeyErrorText: the passkey dialog’s error texts (spec section 8)', () => {
  const m = resolveAllMessages();
  const text = (code: NonNullable<LatchkeyErrorParameters['code']>) =>
    passkeyErrorText(new LatchkeyError('server text', { code }), m);

  it.each([
    ['passkey_not_allowed', 'Passkey request timed out or rejected by user.'],
    ['cannot_link_more_of_type', 'Cannot link more passkeys to account.'],
    ['missing_or_invalid_mfa', 'Cannot unlink a passkey enrolled in MFA'],
    ['passkey_failed', 'An unknown error occurred.'],
    ['passkey_unsupported', 'An unknown error occurred.'],
    ['unknown_error', 'An unknown error occurred.'],
    // Not logged in (a link ceremony): today the unknown-error text, not 'You must be logged in'.
    ['missing_or_invalid_token', 'An unknown error occurred.'],
    ['not_authenticated', 'An unknown error occurred.'],
    ['must_be_authenticated', 'An unknown error occurred.'],
  ] as const)('%s -> %s', (code, expected) => {
    expect(text(code)).toBe(expected);
  });

  it('reads the catalogue, so overrides apply', () => {
    const overridden = resolveAllMessages({ passkeyNotAllowed: 'Abgebrochen.' });
    const error = new LatchkeyError('x', { code: 'passkey_not_allowed' });
    expect(passkeyErrorText(error, overridden)).toBe('Abgebrochen.');
    expect(passkeyErrorText(new Error('plain'), m)).toBe(coreMessages.passkeyUnknownError);
  });
});
