/**
 * Issue 14, item 12: every shipped locale is complete (every key of the English catalogues,
 * no other), keeps each message's placeholders, and is really translated; the locale is
 * matched from `config.intl.locale` or the browser; host overrides win over the locale.
 */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolveConfig.ts';
import { type Messages, resolveAllMessages } from '../messages.ts';
import { DEFAULT_LOCALE, LOCALES, loadCatalogue, matchLocale, requestedLocales } from './index.ts';

const english = resolveAllMessages();
const keys = Object.keys(english).sort();
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe.each(LOCALES.filter((l) => l !== 'en'))('the %s catalogue', (locale) => {
  it('has every key of the English catalogues and no other, none empty', async () => {
    const catalogue = (await loadCatalogue(locale))!;
    expect(Object.keys(catalogue).sort()).toEqual(keys);
    for (const [key, text] of Object.entries(catalogue)) {
      expect(typeof text, key).toBe('string');
      expect(text.trim(), key).not.toBe('');
    }
  });

  it("keeps each message's placeholders ({app}, {email}, ...)", async () => {
    const catalogue = (await loadCatalogue(locale))!;
    for (const key of keys) {
      const k = key as keyof Messages;
      expect(placeholders(catalogue[k]), `${locale}.${key}`).toEqual(placeholders(english[k]));
    }
  });

  it('is translated: most messages differ from English', async () => {
    const catalogue = (await loadCatalogue(locale))!;
    const same = keys.filter(
      (key) => catalogue[key as keyof Messages] === english[key as keyof Messages],
    );
    // Names and symbols ('Latchkey', 'OK', 'Passkey', '{seconds}s') may stay as they are.
    expect(same.length / keys.length).toBeLessThan(0.1);
  });
});

describe('matchLocale', () => {
  it.each([
    [['fr'], 'fr'],
    [['fr-CA'], 'fr'],
    [['de-CH', 'en'], 'de'],
    [['es-419'], 'es'],
    [['ja-JP'], 'ja'],
    [['zh-CN'], 'zh'],
    [['en-GB', 'fr'], 'en'],
    [['pt-BR'], 'en'],
    [['not a tag', 'fr'], 'fr'],
    [[], 'en'],
  ])('%j -> %s', async (requested, expected) => {
    expect(await matchLocale(requested)).toBe(expected);
  });

  it('prefers config.intl.locale over the browser', () => {
    expect(requestedLocales('ja')).toEqual(['ja']);
    expect(requestedLocales(undefined)).toEqual([...navigator.languages]);
  });

  it('English is built in: no catalogue to load', async () => {
    expect(DEFAULT_LOCALE).toBe('en');
    expect(await loadCatalogue('en')).toBeNull();
  });
});

describe('a locale in the resolved config', () => {
  it("uses the locale's messages, with the host's overrides on top", async () => {
    const fr = (await loadCatalogue('fr'))!;
    const config = resolveConfig(
      'latchkeytest0000000000000',
      { messages: { close: 'Fermer la fenêtre' } },
      null,
      undefined,
      { locale: 'fr', catalogue: fr },
    );
    expect(config.intl.locale).toBe('fr');
    expect(config.messages.landingHeader).toBe(fr.landingHeader);
    expect(config.landingHeader).toBe(fr.landingHeader);
    expect(config.messages.close).toBe('Fermer la fenêtre');
    expect(config.messages.landingHeader).not.toBe(english.landingHeader);
  });
});
