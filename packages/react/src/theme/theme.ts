/**
 * Theme tokens for the Latchkey modal: a typed set of CSS custom properties, all prefixed
 * `--lk-` so a host page can target them and they never clash with the page's own variables.
 * Themes are plain objects built by plain functions (RainbowKit style); no runtime CSS-in-JS.
 * WCAG contrast comes from colord and its a11y plugin (issue 14 item 4).
 *
 * Spacing (issue 14 item 11) is one scale of 4 px steps, {@link SPACING_SCALE}, written by
 * {@link themeToCss} next to the tokens as `--lk-space-1` (4 px) to `--lk-space-12` (48 px), the
 * step being the multiple of 4 px (Tailwind's and Radix's numbering). Every gap, margin and
 * padding in the modal's `*.css.ts` files is `var(--lk-space-N)` (`styles/spacing.test.ts` fails
 * on a raw px value). The scale is not a theme token: no option sets it and `LatchkeyTheme`
 * does not carry it.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

/** Every themeable token. Colours are any CSS colour; `radius` and `font` are CSS values. */
export interface LatchkeyTheme {
  colorScheme: 'light' | 'dark';
  /** Primary buttons, focus rings, links. */
  accent: string;
  /** Text on top of `accent`. */
  accentForeground: string;
  /** Card background. */
  background: string;
  /** Raised surfaces inside the card (inputs, secondary buttons). */
  surface: string;
  /** Main text. */
  foreground: string;
  /** Secondary text. */
  muted: string;
  /** Hairlines and input borders. */
  border: string;
  /** Error text and borders. */
  danger: string;
  /** Success marks. */
  success: string;
  /** Dimmed page behind the modal. */
  overlay: string;
  /** Card corner radius, e.g. `'16px'`. */
  radius: string;
  /** Input and button corner radius. */
  radiusControl: string;
  /** Font stack. */
  font: string;
  /** Card shadow. */
  shadow: string;
}

/** Options shared by {@link lightTheme} and {@link darkTheme}. */
export interface ThemeOptions {
  /** Accent colour (any CSS colour). Default `'#5b4bdb'`. */
  accentColor?: string;
  /**
   * Text colour on the accent. Default: white, or near-black when white would read below
   * 4.5:1 on a hex accent ({@link readableForeground}), e.g. on the dark theme's `#7c6df2`.
   */
  accentColorForeground?: string;
  /** Card radius. Default `'16px'`. */
  borderRadius?: string;
  /** Font stack. Default the system UI stack. */
  fontStack?: string;
}

const SYSTEM_FONT =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/** The accent used when neither the server nor the client config names one. */
export const DEFAULT_ACCENT = '#5b4bdb';

/** The light theme. Pure: same options, same object. */
export function lightTheme(options: ThemeOptions = {}): LatchkeyTheme {
  const accent = options.accentColor ?? DEFAULT_ACCENT;
  return {
    colorScheme: 'light',
    accent,
    accentForeground: options.accentColorForeground ?? readableForeground(accent),
    background: '#ffffff',
    surface: '#f5f5f7',
    foreground: '#15141a',
    muted: '#6b6a75',
    border: '#e3e2e8',
    danger: '#d92d20',
    // 5.0:1 on the background, 4.6:1 on the surface: 'Code sent' and 'Success!' are text.
    success: '#15803d',
    overlay: 'rgba(15, 14, 20, 0.45)',
    radius: options.borderRadius ?? '16px',
    radiusControl: '10px',
    font: options.fontStack ?? SYSTEM_FONT,
    shadow: '0 12px 40px rgba(15, 14, 20, 0.18), 0 2px 6px rgba(15, 14, 20, 0.08)',
  };
}

/** The dark theme. Pure: same options, same object. */
export function darkTheme(options: ThemeOptions = {}): LatchkeyTheme {
  // Links and the focus ring use the accent on the dark card too (4.6:1), so it stays light
  // and primary buttons carry dark text on it (white would be 3.9:1).
  const accent = options.accentColor ?? '#7c6df2';
  return {
    colorScheme: 'dark',
    accent,
    accentForeground: options.accentColorForeground ?? readableForeground(accent),
    background: '#17161c',
    surface: '#222128',
    foreground: '#f4f3f8',
    muted: '#a09fab',
    border: '#33323b',
    danger: '#f97066',
    success: '#32d583',
    overlay: 'rgba(0, 0, 0, 0.6)',
    radius: options.borderRadius ?? '16px',
    radiusControl: '10px',
    font: options.fontStack ?? SYSTEM_FONT,
    shadow: '0 12px 40px rgba(0, 0, 0, 0.5), 0 2px 6px rgba(0, 0, 0, 0.3)',
  };
}

/** White, and the near-black used for the light theme's text. */
const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#15141a';
/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

extend([a11yPlugin]);

/**
 * WCAG 2 contrast ratio (1 to 21, rounded down to two decimals) of two CSS colours, through
 * colord's a11y plugin; null if either is not a colour colord parses (hex, `rgb()`, `hsl()`;
 * colour keywords are not parsed: the names plugin is not loaded, to keep the eager bundle small).
 * @example contrastRatio('#767676', '#ffffff') // 4.54
 */
export function contrastRatio(a: string, b: string): number | null {
  const ca = colord(a.trim());
  const cb = colord(b.trim());
  if (!ca.isValid() || !cb.isValid()) return null;
  return ca.contrast(cb);
}

/**
 * The text colour for a `background` such as the accent: white while it reads at 4.5:1 or
 * better (colord's `isReadable`, WCAG AA), else whichever of white and near-black contrasts
 * more. Colours colord does not parse (keywords) get white.
 * @example readableForeground('#7c6df2') // '#15141a'
 */
export function readableForeground(background: string): string {
  const bg = colord(background.trim());
  if (!bg.isValid() || bg.isReadable(LIGHT_TEXT)) return LIGHT_TEXT;
  return bg.contrast(DARK_TEXT) > bg.contrast(LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * The spacing scale in px, keyed by step: step N is N x 4 px, written as `--lk-space-N`. Only the
 * steps the stylesheets use are defined (no 7, 9, 10, 11). The same on every theme; a page can
 * still set one from CSS like any `--lk-` variable (`.lk-host { --lk-space-3: 10px; }`), which
 * changes every place that step is used.
 */
export const SPACING_SCALE = {
  1: 4,
  2: 8,
  3: 12,
  4: 16,
  5: 20,
  6: 24,
  8: 32,
  12: 48,
} as const;

/** The CSS variable name of a token: `accentForeground` -> `--lk-accent-foreground`. */
export function themeVarName(token: keyof LatchkeyTheme): string {
  return `--lk-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The theme as a CSS rule that sets every `--lk-` variable on `selector`, for a constructable
 * stylesheet: the tokens, then the spacing scale ({@link SPACING_SCALE}), so whatever sees the
 * theme sees the scale (the modal's shadow root, and `<LatchkeyButton/>` in the page). The
 * default selector, `:host`, is the modal's shadow host: a rule in the host page such as
 * `.lk-host { --lk-radius: 4px; }` beats it, so any token can be overridden from plain CSS.
 */
export function themeToCss(theme: LatchkeyTheme, selector = ':host'): string {
  const decls = (Object.keys(theme) as (keyof LatchkeyTheme)[])
    .filter((k) => k !== 'colorScheme')
    .map((k) => `  ${themeVarName(k)}: ${sanitizeCssValue(theme[k])};`);
  const space = Object.entries(SPACING_SCALE).map(([step, px]) => `  --lk-space-${step}: ${px}px;`);
  return `${selector} {\n  color-scheme: ${theme.colorScheme};\n${[...decls, ...space].join('\n')}\n}`;
}

/** Drops characters that could end the declaration or the rule (`;`, `{`, `}`, `<`). */
function sanitizeCssValue(value: string): string {
  return value.replace(/[;{}<>]/g, '');
}
