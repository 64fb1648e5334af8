/**
 * The wallet frame pages' locales (issue 14 item 12): the built-in catalogues and how a page
 * picks one. The host (core's `framePageUrl`) passes the modal's resolved locale as a BCP 47
 * TAG in the page URL (`?locale=de`); that tag only SELECTS one of {@link FRAME_LOCALES}.
 * Nothing from the URL or the host ever becomes a text of the page's own UI (a hostile host
 * must not relabel the approve button or soften the export warning).
 */
import { match } from '@formatjs/intl-localematcher';
import de from './de.ts';
import en, { type FrameMessages } from './en.ts';
import es from './es.ts';
import fr from './fr.ts';
import ja from './ja.ts';
import zh from './zh.ts';

export type { FrameMessages } from './en.ts';

/** The locales the frame ships (the modal's: `packages/react/src/locales`). */
export const FRAME_LOCALES = ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const;

/** One of {@link FRAME_LOCALES}. */
export type FrameLocale = (typeof FRAME_LOCALES)[number];

/** Every catalogue by locale. */
export const FRAME_CATALOGUES: Readonly<Record<FrameLocale, FrameMessages>> = {
  en,
  es,
  fr,
  de,
  ja,
  zh,
};

/** Query parameter of a frame page URL carrying the locale tag. */
export const FRAME_LOCALE_PARAM = 'locale';

/** Longest tag looked at (RFC 5646 section 4.4.1 asks for at least 35); longer ones are ignored. */
export const LOCALE_TAG_MAX = 35;

/** A syntactically plausible BCP 47 tag: letters, digits and dashes in 1-8 character subtags. */
const TAG = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i;

/** What {@link match} answers when none of {@link FRAME_LOCALES} serves a tag. */
const NO_MATCH = 'und';

/**
 * `tag` as one of {@link FRAME_LOCALES}, matched as the modal matches its locales
 * (`@formatjs/intl-localematcher`, best fit: `fr-CA` -> `fr`, `zh-CN` -> `zh`; `zh-Hant-TW`
 * and `pt-BR` match none), else null. Tags that are too long, not BCP 47
 * (`Intl.getCanonicalLocales` throws) or not strings give null.
 */
export function matchFrameLocale(tag: unknown): FrameLocale | null {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > LOCALE_TAG_MAX) return null;
  if (!TAG.test(tag)) return null;
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag)[0] ?? '';
  } catch {
    return null;
  }
  const found = match([canonical], FRAME_LOCALES, NO_MATCH);
  return found === NO_MATCH ? null : (found as FrameLocale);
}

/**
 * The locale of a frame page: the URL's `locale` tag when present (the modal's resolved
 * locale; an unknown or malformed one gives English, as the modal would), else the first of
 * the browser's `languages` that matches, else `en`.
 *
 * @param search the page URL's query string (`?locale=de&theme=dark`).
 * @param languages `navigator.languages` (most wanted first).
 */
export function frameLocaleOf(search: string, languages: readonly string[] = []): FrameLocale {
  const requested = new URLSearchParams(search).get(FRAME_LOCALE_PARAM);
  if (requested !== null) return matchFrameLocale(requested) ?? 'en';
  for (const language of languages) {
    const locale = matchFrameLocale(language);
    if (locale) return locale;
  }
  return 'en';
}

/** The page's locale and its catalogue. */
export interface FrameLocalization {
  locale: FrameLocale;
  messages: FrameMessages;
}

/**
 * Picks the page's locale ({@link frameLocaleOf} from `doc`'s URL and its window's
 * `navigator.languages`), or takes `locale` when given (tests), and sets `<html lang>`.
 */
export function localizeFrame(doc: Document, locale?: FrameLocale): FrameLocalization {
  const chosen =
    locale ??
    frameLocaleOf(doc.location?.search ?? '', doc.defaultView?.navigator?.languages ?? []);
  doc.documentElement.lang = chosen;
  return { locale: chosen, messages: FRAME_CATALOGUES[chosen] };
}

/** `template` with each `{name}` replaced by `values[name]` (unknown names are kept). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole,
  );
}
