import { describe, expect, it } from 'vitest';
import { capLoginMessage, resolveConfig } from './resolveConfig.ts';

const APP = 'latchkeytest0000000000000';

describe('resolveConfig', () => {
  it('cuts appearance.loginMessage to 100 characters', () => {
    const message = `${'a'.repeat(99)}bcdef`;
    const config = resolveConfig(APP, { appearance: { loginMessage: message } }, null);
    expect(config.loginMessage).toBe(`${'a'.repeat(99)}b`);
    expect(config.loginMessage).toHaveLength(100);
    expect(capLoginMessage('short')).toBe('short');
    expect(capLoginMessage('')).toBeNull();
  });

  it('fills defaults without any config', () => {
    const config = resolveConfig(APP, undefined, null);
    expect(config.landingHeader).toBe('Log in or sign up');
    expect(config.loginMethods).toEqual(['email']);
    expect(config.render).toEqual({ standalone: false, closeable: true });
    expect(config.theme.colorScheme).toBe('light');
    expect(config.legal.requireUsersAcceptTerms).toBe(false);
  });

  it('lets the client config win over the server config', () => {
    const server = {
      name: 'Server name',
      logo_url: 'https://server.test/logo.png',
      accent_color: '#111111',
      terms_and_conditions_url: 'https://server.test/terms',
      privacy_policy_url: 'https://server.test/privacy',
      require_users_accept_terms: true,
      email_auth: true,
      sms_auth: true,
    };
    const fromServer = resolveConfig(APP, undefined, server);
    expect(fromServer.appName).toBe('Server name');
    expect(fromServer.logo).toBe('https://server.test/logo.png');
    expect(fromServer.theme.accent).toBe('#111111');
    expect(fromServer.loginMethods).toEqual(['email', 'sms']);
    expect(fromServer.legal.requireUsersAcceptTerms).toBe(true);

    const merged = resolveConfig(
      APP,
      {
        name: 'Client name',
        loginMethods: ['email'],
        appearance: { logo: 'https://client.test/logo.png', accentColor: '#222222', theme: 'dark' },
        legal: { requireUsersAcceptTerms: false, privacyPolicyUrl: 'https://client.test/privacy' },
      },
      server,
    );
    expect(merged.appName).toBe('Client name');
    expect(merged.logo).toBe('https://client.test/logo.png');
    expect(merged.theme.accent).toBe('#222222');
    expect(merged.theme.colorScheme).toBe('dark');
    expect(merged.loginMethods).toEqual(['email']);
    expect(merged.legal).toEqual({
      requireUsersAcceptTerms: false,
      termsAndConditionsUrl: 'https://server.test/terms',
      privacyPolicyUrl: 'https://client.test/privacy',
    });
  });

  it('accepts colorScheme as an alias and a full theme object', () => {
    expect(
      resolveConfig(APP, { appearance: { colorScheme: 'dark' } }, null).theme.colorScheme,
    ).toBe('dark');
    const custom = resolveConfig(
      APP,
      { appearance: { theme: { ...resolveConfig(APP, undefined, null).theme, radius: '4px' } } },
      null,
    );
    expect(custom.theme.radius).toBe('4px');
  });

  it('merges message overrides over core and modal strings', () => {
    const config = resolveConfig(
      APP,
      { messages: { submit: 'Enviar', landingHeader: 'Hola' } },
      null,
    );
    expect(config.messages.submit).toBe('Enviar');
    expect(config.landingHeader).toBe('Hola');
    expect(config.messages.enterConfirmationCode).toBe('Enter confirmation code');
  });
});
