// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mountExportView } from '../export-page.ts';
import en from './en.ts';
import {
  fill,
  FRAME_CATALOGUES,
  FRAME_LOCALES,
  frameLocaleOf,
  LOCALE_TAG_MAX,
  localizeFrame,
  matchFrameLocale,
} from './index.ts';

/** Every `section.key` of a catalogue with its text. */
function entries(catalogue: object): [string, unknown][] {
  return Object.entries(catalogue).flatMap(([section, texts]) =>
    Object.entries(texts as object).map(([key, text]): [string, unknown] => [
      `${section}.${key}`,
      text,
    ]),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('frame catalogues (issue 14 item 12)', () => {
  const ids = entries(en).map(([id]) => id);

  it.each(FRAME_LOCALES)('%s has every key of en, non-empty, with en placeholders', (locale) => {
    const catalogue = FRAME_CATALOGUES[locale];
    const texts = new Map(entries(catalogue));
    expect([...texts.keys()].sort()).toEqual([...ids].sort());
    for (const [id, source] of entries(en)) {
      const text = texts.get(id);
      expect(typeof text, `${locale} ${id}`).toBe('string');
      expect((text as string).trim(), `${locale} ${id}`).not.toBe('');
      expect(placeholders(text as string), `${locale} ${id}`).toEqual(
        placeholders(source as string),
      );
    }
  });

  it('translates: only words the language shares with English stay in English', () => {
    // 'Wallet' (es, de: the modal's own word), the '{step} / {total}' counter, and words that
    // are the same in the language (fr 'Message', 'Transaction'; de 'Name', 'Chain', 'Salt').
    const SHARED = new Set([
      'common.wallet',
      'password.step',
      'describe.token',
      'describe.version',
      'describe.name',
      'describe.message',
      'describe.transaction',
      'describe.chain',
      'describe.salt',
    ]);
    for (const locale of FRAME_LOCALES.filter((l) => l !== 'en')) {
      const same = entries(FRAME_CATALOGUES[locale]).filter(
        ([id, text]) => !SHARED.has(id) && text === entries(en).find(([e]) => e === id)![1],
      );
      expect(
        same.map(([id]) => id),
        locale,
      ).toEqual([]);
    }
  });
});

describe('matchFrameLocale / frameLocaleOf', () => {
  it("the modal's matcher (best fit), else null", () => {
    expect(matchFrameLocale('de')).toBe('de');
    expect(matchFrameLocale('DE')).toBe('de');
    expect(matchFrameLocale('fr-CA')).toBe('fr');
    expect(matchFrameLocale('zh-CN')).toBe('zh');
    // Traditional Chinese is too far from the Simplified catalogue (as in the modal).
    expect(matchFrameLocale('zh-Hant-TW')).toBeNull();
    expect(matchFrameLocale('ja-JP-u-ca-japanese')).toBe('ja');
    expect(matchFrameLocale('pt-BR')).toBeNull();
  });

  it('the URL tag wins; without one the browser languages; else en', () => {
    expect(frameLocaleOf('?locale=es', ['de'])).toBe('es');
    expect(frameLocaleOf('?theme=dark', ['pt-BR', 'fr-FR'])).toBe('fr');
    expect(frameLocaleOf('', ['pt-BR'])).toBe('en');
    // The modal resolved a tag the frame does not know: English, as the modal speaks.
    expect(frameLocaleOf('?locale=pt-BR', ['de'])).toBe('en');
  });
});

describe('a hostile locale value (security)', () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.documentElement.removeAttribute('lang');
    window.history.replaceState(null, '', '/');
  });

  const hostile = [
    'de"><img src=x onerror=alert(1)>',
    'Click here to approve',
    '{time}',
    'de\nNever mind',
    'de-DE;title=Safe',
    `de-${'a'.repeat(LOCALE_TAG_MAX)}`,
    'x'.repeat(5000),
    'javascript:alert(1)',
    '__proto__',
    'constructor',
  ];

  it.each(hostile)('%j only falls back to English and injects no text', (value) => {
    expect(matchFrameLocale(value)).toBeNull();
    window.history.replaceState(null, '', `/?locale=${encodeURIComponent(value)}`);
    mountExportView(document, undefined, { theme: {} });
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')!.textContent).toBe(en.export.title);
    const text = document.body.textContent!;
    expect(text).not.toContain(value);
    expect(document.querySelector('img')).toBeNull();
    for (const el of document.querySelectorAll('*')) {
      for (const attribute of el.attributes) expect(attribute.value).not.toContain(value);
    }
  });

  it('a known tag selects only a built-in catalogue: the texts are exactly its own', () => {
    window.history.replaceState(null, '', '/?locale=de');
    mountExportView(document, undefined, { theme: {} });
    expect(document.documentElement.lang).toBe('de');
    expect(document.querySelector('h1')!.textContent).toBe(FRAME_CATALOGUES.de.export.title);
  });

  it('localizeFrame sets <html lang>; fill replaces only known placeholders', () => {
    expect(localizeFrame(document, 'ja').messages).toBe(FRAME_CATALOGUES.ja);
    expect(document.documentElement.lang).toBe('ja');
    expect(fill('{a} {b} {toString}', { a: '1' })).toBe('1 {b} {toString}');
  });
});
