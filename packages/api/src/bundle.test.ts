import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

/**
 * `@latchkey/core` imports constants, `isEmailAddress`, `ROUTES` and error codes from this
 * package; they live in zod-free modules so the browser bundle does not pull zod
 * (a re-export through a module that builds schemas would drag the whole module in).
 */
describe('zod-free modules', () => {
  it('email.ts, error-codes.ts, constants.ts and routes.ts import nothing but each other', async () => {
    const { readFile } = await import('node:fs/promises');
    for (const file of [
      'email.ts',
      'error-codes.ts',
      'constants.ts',
      'routes.ts',
      'password.ts',
      'oauth-providers.ts',
      'methods/index.ts',
      'methods/types.ts',
      'methods/email.ts',
      'methods/sms.ts',
      'methods/siwe.ts',
      'methods/oauth.ts',
      'methods/passkey.ts',
      'methods/planned.ts',
    ]) {
      const source = await readFile(new URL(file, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const spec of imports)
        expect(spec, `${file} imports ${spec}`).toMatch(
          /^\.\.?\/(constants|email|error-codes|oauth-providers|methods\/index|types|email|sms|siwe|oauth|passkey|planned)\.ts$/,
        );
    }
  });

  it('the index still exports them', () => {
    expect(contract.isEmailAddress('alice@example.com')).toBe(true);
    expect(contract.isErrorCode('too_many_requests')).toBe(true);
    expect(contract.ERROR_STATUS.invalid_credentials).toBe(422);
  });
});
