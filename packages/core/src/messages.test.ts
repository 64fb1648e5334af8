import { describe, expect, it } from 'vitest';
import { formatMessage, messages, resolveMessages, sharedMessages } from './messages.ts';
import { METHOD_MESSAGES } from './methods/links.ts';
import { passkeyMessages } from './methods/passkey/messages.ts';
import { siweMessages } from './methods/siwe/messages.ts';

describe('messages', () => {
  it('holds only non-empty strings', () => {
    for (const value of Object.values(messages)) {
      expect(typeof value).toBe('string');
      expect(value.length).toBeGreaterThan(0);
    }
  });

  it('says Latchkey, never Privy', () => {
    expect(JSON.stringify(messages)).not.toMatch(/privy/i);
  });

  it('merges overrides and ignores undefined ones', () => {
    const m = resolveMessages({ codeSent: 'Envoyé', resendCode: undefined });
    expect(m.codeSent).toBe('Envoyé');
    expect(m.resendCode).toBe(messages.resendCode);
    expect(messages.codeSent).toBe('Code sent');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('Go to {app} ({other})', { app: 'Acme' })).toBe('Go to Acme ({other})');
  });

  it("holds each method's texts (METHOD_MESSAGES, methods/links.ts), overridable", () => {
    expect(Object.keys(messages)).toHaveLength(
      Object.keys(sharedMessages).length + Object.keys(METHOD_MESSAGES).length,
    );
    for (const [key, value] of Object.entries(METHOD_MESSAGES)) {
      expect(key in sharedMessages, `${key} is shared and a method's`).toBe(false);
      expect(messages[key as keyof typeof messages]).toBe(value);
    }
    expect(messages.passkeyNotAllowed).toBe(passkeyMessages.passkeyNotAllowed);
    const m = resolveMessages({ walletTimedOut: 'Zu langsam' });
    expect(m.walletTimedOut).toBe('Zu langsam');
    expect(m.siweStatement).toBe(siweMessages.siweStatement);
  });
});
