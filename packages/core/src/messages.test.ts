import { describe, expect, it } from 'vitest';
import { formatMessage, messages, resolveMessages } from './messages.ts';

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
});
