import { messages as coreMessages } from '@latchkey/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { reactMessages, resolveAllMessages } from './messages.ts';

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
});
