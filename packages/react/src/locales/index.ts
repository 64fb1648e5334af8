/**
 * The modal's locales (issue 14, item 12). English is built in (the catalogues of
 * `messages.ts`); each other locale is a complete catalogue of its own (`<locale>.ts`, every
 * key of {@link Messages}), loaded on demand in its own chunk, so a host page pays only for
 * the language it shows. The locale is `config.intl.locale` when set, else the browser's
 * languages (`navigator.languages`), matched to {@link LOCALES} by
 * `@formatjs/intl-localematcher` (best fit, e.g. `fr-CA` -> `fr`); English when none match.
 */
import type { Messages } from '../messages.ts';

/** The locales the modal ships, as BCP 47 language tags: English and five more. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const;

/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

/** The locale used when nothing requested matches. */
export const DEFAULT_LOCALE: Locale = 'en';

const CATALOGUES: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
  de: () => import('./de.ts'),
  ja: () => import('./ja.ts'),
  zh: () => import('./zh.ts'),
};

/**
 * The languages to match, most wanted first: `configured` (the host's `config.intl.locale`)
 * alone when set, else the browser's `navigator.languages` (or `navigator.language`); empty
 * without a browser (server rendering: English).
 */
export function requestedLocales(configured?: string | null): string[] {
  if (configured) return [configured];
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}

/** The requested tags that are valid BCP 47, canonicalised (an invalid one is skipped). */
function validTags(requested: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of requested) {
    try {
      out.push(...Intl.getCanonicalLocales(tag));
    } catch {
      // Not a language tag (a typo in config.intl.locale): ignored, as browsers ignore one.
    }
  }
  return out;
}

/**
 * Which of {@link LOCALES} serves `requested` best (`@formatjs/intl-localematcher`'s `match`,
 * loaded with this call), or {@link DEFAULT_LOCALE}.
 */
export async function matchLocale(requested: readonly string[]): Promise<Locale> {
  const tags = validTags(requested);
  // Nothing asked for, or English first: no matcher to load.
  if (tags.length === 0 || new Intl.Locale(tags[0]!).language === 'en') return DEFAULT_LOCALE;
  const { match } = await import('@formatjs/intl-localematcher');
  return match(tags, LOCALES, DEFAULT_LOCALE) as Locale;
}

/**
 * The catalogue of `locale` (its own chunk), or null for English (the built-in catalogue).
 * @throws what the chunk's import throws (offline): the caller keeps English.
 */
export async function loadCatalogue(locale: Locale): Promise<Messages | null> {
  if (locale === 'en') return null;
  return (await CATALOGUES[locale]()).default;
}
