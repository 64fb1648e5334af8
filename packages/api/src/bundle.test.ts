import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

/**
 * `@latchkey/core` imports constants, `isEmailAddress`, `ROUTES` and error codes from this
 * package; they live in zod-free modules so the browser bundle does not pull zod
 * (a re-export through a module that builds schemas would drag the whole module in).
 */
describe('zod-free modules', () => {
  it('the modules core reads, and every method contract, import only each other', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    // Every `methods/<id>.ts` (a method's contract) is zod-free; its schemas are `<id>.schema.ts`.
    const contracts = (await readdir(new URL('methods/', import.meta.url)))
      .filter((f) => f.endsWith('.ts') && !/\.(schema|test)\.ts$/.test(f))
      .map((f) => `methods/${f}`);
    expect(contracts).toEqual(expect.arrayContaining(['methods/index.ts', 'methods/email.ts']));
    const zodFree = new Set([
      'email.ts',
      'error-codes.ts',
      'constants.ts',
      'routes.ts',
      'mfa.ts',
      'password.ts',
      'oauth-providers.ts',
      ...contracts,
    ]);
    for (const file of zodFree) {
      const source = await readFile(new URL(file, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports) {
        const target = spec.startsWith('.')
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
          : spec;
        expect(zodFree.has(target), `${file} imports ${spec}`).toBe(true);
      }
    }
  });

  it('the index still exports them', () => {
    expect(contract.isEmailAddress('alice@example.com')).toBe(true);
    expect(contract.isErrorCode('too_many_requests')).toBe(true);
    expect(contract.ERROR_STATUS.invalid_credentials).toBe(422);
  });
});
