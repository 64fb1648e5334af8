/**
 * The modal's theme as the host hands it to the visible frame pages (export, approve, password)
 * in their URL's query string, and how a page applies it. Shared by those pages.
 */

/** The modal's theme (query parameters of a frame page URL). */
export interface FrameTheme {
  /** `light` or `dark`; absent: the page follows `prefers-color-scheme`. */
  colorScheme?: 'light' | 'dark';
  /** Accent colour (buttons, focus ring). */
  accent?: string;
  /** Text colour on the accent. */
  accentForeground?: string;
}

/** Query parameter names of {@link FrameTheme} on a frame page URL. */
export const FRAME_THEME_PARAMS = {
  colorScheme: 'theme',
  accent: 'accent',
  accentForeground: 'accent_fg',
} as const;

/**
 * A colour the page accepts from the URL: a hex colour, `rgb()`/`hsl()` (with or without alpha)
 * or a colour keyword. Anything else (e.g. `url(...)`, `var(...)`, `;`) is dropped.
 */
const COLOR =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]*(deg)?[0-9.,%\s/+-]*\)|[a-z]{3,20})$/i;

function colorOf(value: string | null): string | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  return v.length <= 64 && COLOR.test(v) && !/^(inherit|initial|unset|revert)$/i.test(v)
    ? v
    : undefined;
}

/**
 * Reads the theme from a frame page's query string (`?theme=dark&accent=%235b4bdb&accent_fg=%23fff`).
 * Unknown or malformed values are ignored (the page keeps its defaults).
 */
export function frameThemeFromSearch(search: string): FrameTheme {
  const params = new URLSearchParams(search);
  const theme: FrameTheme = {};
  const scheme = params.get(FRAME_THEME_PARAMS.colorScheme);
  if (scheme === 'light' || scheme === 'dark') theme.colorScheme = scheme;
  const accent = colorOf(params.get(FRAME_THEME_PARAMS.accent));
  if (accent) theme.accent = accent;
  const accentForeground = colorOf(params.get(FRAME_THEME_PARAMS.accentForeground));
  if (accentForeground) theme.accentForeground = accentForeground;
  return theme;
}

/**
 * Applies `theme` to the page: `data-theme` on the root element selects frame.css's light or
 * dark palette; the accent colours are set as CSS custom properties through the CSSOM (which
 * the page's CSP, `style-src 'self'`, allows; no inline style markup is written).
 */
export function applyFrameTheme(doc: Document, theme: FrameTheme): void {
  const root = doc.documentElement;
  if (theme.colorScheme) root.setAttribute('data-theme', theme.colorScheme);
  if (theme.accent) root.style.setProperty('--lk-accent', theme.accent);
  if (theme.accentForeground) root.style.setProperty('--lk-accent-fg', theme.accentForeground);
}
