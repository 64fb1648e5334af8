import { describe, expect, it } from 'vitest';
import { SCREEN } from '../../screens/screens.ts';
import {
  cloudReturnPrompt,
  createRecoveryPrompt,
  offeredRecoveryMethods,
  recoveryChoice,
  recoveryScreenFor,
  setRecoveryPrompt,
} from './recoveryRoute.ts';

const login = { user: { id: 'user_1' }, isNewUser: true } as never;

describe('recovery routing (spec section 4, "Recovery choice"; issue 23)', () => {
  it('recoveryScreenFor: password, cloud, several, unknown', () => {
    expect(recoveryScreenFor(['user-passcode'])).toBe(
      SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN,
    );
    expect(recoveryScreenFor(['google-drive'])).toBe(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN);
    expect(recoveryScreenFor(['icloud'])).toBe(SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN);
    expect(recoveryScreenFor(['icloud', 'user-passcode'])).toBe(
      SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN,
    );
    expect(recoveryScreenFor(['latchkey'])).toBeNull();
  });

  it("offers the app's known methods in its order, the password when none", () => {
    expect(offeredRecoveryMethods(['icloud', 'bogus', 'user-passcode', 'icloud'])).toEqual([
      'icloud',
      'user-passcode',
    ]);
    expect(offeredRecoveryMethods([])).toEqual(['user-passcode']);
  });

  it('create: several -> selection, one cloud -> its OAuth screen, password only -> the password flow', () => {
    expect(createRecoveryPrompt(['user-passcode', 'google-drive', 'icloud'], login)).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN,
      params: {
        kind: 'set-recovery',
        action: 'create',
        methods: ['user-passcode', 'google-drive', 'icloud'],
        automatic: true,
        login,
      },
    });
    expect(createRecoveryPrompt(['icloud'])).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
      params: { kind: 'set-recovery', action: 'create', methods: ['icloud'], automatic: true },
    });
    for (const options of [['user-passcode'], []]) {
      expect(createRecoveryPrompt(options, login)).toEqual({
        screen: SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
        params: { kind: 'set-password', automatic: true, mode: 'create', login },
      });
    }
  });

  it('a choice on the selection screen: recovery, cloud backup, password create / update / change', () => {
    expect(
      recoveryChoice('icloud', { kind: 'recover', methods: ['icloud', 'user-passcode'] }),
    ).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
      params: { kind: 'recover', methods: ['icloud'] },
    });
    const backup = {
      kind: 'set-recovery' as const,
      action: 'set' as const,
      methods: ['user-passcode', 'google-drive'],
      automatic: false,
    };
    expect(recoveryChoice('google-drive', backup)).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
      params: { ...backup, methods: ['google-drive'] },
    });
    expect(recoveryChoice('user-passcode', backup, 'latchkey')).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN,
      params: { kind: 'set-password', automatic: false, mode: 'update' },
    });
    expect(recoveryChoice('user-passcode', backup, 'google-drive')?.params).toMatchObject({
      mode: 'update',
    });
    expect(recoveryChoice('user-passcode', backup, 'user-passcode')).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
      params: { kind: 'set-password', automatic: false, mode: 'set' },
    });
    expect(
      recoveryChoice('user-passcode', { ...backup, action: 'create', automatic: true, login }),
    ).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
      params: { kind: 'set-password', automatic: true, mode: 'create', login },
    });
    expect(recoveryChoice('latchkey', backup)).toBeNull();
  });

  it('setWalletRecovery: the selection, a cloud method, or the password as setWalletPassword', () => {
    const all = ['user-passcode', 'google-drive', 'icloud'];
    expect(setRecoveryPrompt(all, 'latchkey')).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN,
      params: { kind: 'set-recovery', action: 'set', methods: all, automatic: false },
    });
    expect(setRecoveryPrompt(all, 'latchkey', 'icloud')).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
      params: { kind: 'set-recovery', action: 'set', methods: ['icloud'], automatic: false },
    });
    expect(setRecoveryPrompt(all, 'latchkey', 'user-passcode').screen).toBe(
      SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN,
    );
    expect(setRecoveryPrompt(['user-passcode'], 'latchkey').screen).toBe(
      SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN,
    );
    expect(setRecoveryPrompt(all, 'user-passcode', 'user-passcode')).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
      params: { kind: 'set-password', automatic: false, mode: 'set' },
    });
    expect(setRecoveryPrompt(all, 'icloud', 'user-passcode').screen).toBe(
      SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN,
    );
    expect(() => setRecoveryPrompt(all, 'latchkey', 'latchkey')).toThrow(/Unknown recovery method/);
  });

  it('a redirect return reopens the OAuth screen with the flow and oauthReturn', () => {
    const oauthReturn = { code: 'c', state: 's' };
    expect(cloudReturnPrompt({ action: 'recover', provider: 'google-drive', oauthReturn })).toEqual(
      {
        screen: SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
        params: { kind: 'recover', methods: ['google-drive'], oauthReturn },
      },
    );
    expect(cloudReturnPrompt({ action: 'create', provider: 'google-drive', oauthReturn })).toEqual({
      screen: SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
      params: {
        kind: 'set-recovery',
        action: 'create',
        methods: ['google-drive'],
        automatic: true,
        oauthReturn,
      },
    });
    expect(
      cloudReturnPrompt({ action: 'set', provider: 'google-drive', oauthReturn }).params,
    ).toMatchObject({ kind: 'set-recovery', action: 'set', automatic: false });
  });
});
