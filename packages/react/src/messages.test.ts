import { messages as coreMessages } from '@latchkey/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { reactMessages, resolveAllMessages } from './messages.ts';
import { emailMessages } from './methods/email/messages.ts';
import { farcasterMessages } from './methods/farcaster/messages.ts';
import { METHOD_MESSAGES } from './methods/links.ts';
import { passkeyMessages } from './methods/passkey/messages.ts';
import { siweMessages } from './methods/siwe/messages.ts';
import { smsMessages } from './methods/sms/messages.ts';

/** Keys in both catalogues; `never` while they are disjoint (issue 11). */
type SharedKeys = keyof typeof coreMessages & keyof typeof reactMessages;

/**
 * Fails to compile (`true` is not assignable to `false`) as soon as a key is in both
 * catalogues: the typecheck covers test files (`tsconfig.json` includes `packages/*\/src`).
 */
const disjoint: [SharedKeys] extends [never] ? true : false = true;

describe('string catalogues (issue 11)', () => {
  it('core and react share no key', () => {
    expect(disjoint).toBe(true);
    expectTypeOf<SharedKeys>().toEqualTypeOf<never>();
    const shared = Object.keys(reactMessages).filter((key) => key in coreMessages);
    expect(shared).toEqual([]);
  });

  it('the merged catalogue holds both, overrides on top', () => {
    const m = resolveAllMessages({ done: 'Fini', close: undefined });
    expect(m.done).toBe('Fini');
    expect(m.close).toBe(reactMessages.close);
    expect(m.consentTitle).toBe(coreMessages.consentTitle);
    expect(m.walletGenericError).toBe(coreMessages.walletGenericError);
  });

  it("each method's texts come in through METHOD_MESSAGES (methods/links.ts), overridable", () => {
    const m = resolveAllMessages({ passkeyRetry: 'Nochmal' });
    for (const [key, value] of Object.entries(METHOD_MESSAGES)) {
      expect(reactMessages[key as keyof typeof reactMessages]).toBe(value);
      if (key !== 'passkeyRetry') expect(m[key as keyof typeof m]).toBe(value);
    }
    expect(m.passkeyRetry).toBe('Nochmal');
    expect(m.linkEmailTitle).toBe(emailMessages.linkEmailTitle);
    expect(m.linkWalletTitle).toBe(siweMessages.linkWalletTitle);
  });

  it('no two methods (nor a method and core) share a text key', () => {
    const perMethod = [
      emailMessages,
      smsMessages,
      siweMessages,
      passkeyMessages,
      farcasterMessages,
    ].flatMap((m) => Object.keys(m));
    expect(new Set(perMethod).size).toBe(perMethod.length);
    expect(Object.keys(METHOD_MESSAGES).sort()).toEqual([...perMethod].sort());
    expect(perMethod.filter((key) => key in coreMessages)).toEqual([]);
  });
});
