import { describe, expect, it } from 'vitest';
import { InvalidAppIdError } from './errors/session.ts';
import { validateAppId } from './validateAppId.ts';

describe('validateAppId (spec section 5)', () => {
  it('accepts a 25-character string', () => {
    expect(() => validateAppId('clpispdty00ycl80fpueukbhl')).not.toThrow();
  });

  it.each([undefined, null, 42, '', 'short', 'a'.repeat(24), 'a'.repeat(26), { id: 'x' }])(
    'refuses %j',
    (appId) => {
      const error = (() => {
        try {
          validateAppId(appId);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(InvalidAppIdError);
      expect((error as InvalidAppIdError).shortMessage).toBe(
        'Cannot initialize the Latchkey provider with an invalid Latchkey app ID',
      );
      expect((error as InvalidAppIdError).code).toBe('invalid_app_id');
    },
  );
});
