import { SCREEN } from '@latchkey/core';
import { describe, expect, it } from 'vitest';
import { likelyNext } from './registry.ts';

describe('likelyNext (issue 14 item 2: preloading)', () => {
  it("the landing preloads every method's awaiting screen, each of those what follows a login", () => {
    const steps = [
      SCREEN.AWAITING_PASSWORDLESS_CODE,
      SCREEN.AWAITING_OAUTH_SCREEN,
      SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE,
      SCREEN.AWAITING_CONNECTION,
    ];
    expect(likelyNext(SCREEN.LANDING)).toEqual(expect.arrayContaining(steps));
    for (const step of steps) {
      expect(likelyNext(step), step).toContain(SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN);
      expect(likelyNext(step), step).toContain(SCREEN.AFFIRMATIVE_CONSENT_SCREEN);
    }
    // A screen that is not a login step preloads nothing of a login.
    expect(likelyNext(SCREEN.LINK_EMAIL_SCREEN)).toEqual([]);
  });

  it('the recovery selection preloads the cloud page and the password flow (issue 23)', () => {
    expect(likelyNext(SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN)).toEqual([
      SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
      SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
    ]);
  });
});
