import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  darkTheme,
  lightTheme,
  MIN_TEXT_CONTRAST,
  readableForeground,
  SPACING_SCALE,
  themeToCss,
  themeVarName,
} from './theme.ts';

describe('themes', () => {
  it('light and dark are plain functions with an accent option', () => {
    expect(lightTheme().colorScheme).toBe('light');
    expect(darkTheme().colorScheme).toBe('dark');
    expect(lightTheme({ accentColor: '#0ea5e9' }).accent).toBe('#0ea5e9');
    expect(darkTheme().background).not.toBe(lightTheme().background);
  });

  it('turns tokens into --lk- variables', () => {
    expect(themeVarName('accentForeground')).toBe('--lk-accent-foreground');
    const css = themeToCss(lightTheme({ accentColor: '#0ea5e9' }));
    expect(css).toContain(':host {');
    expect(themeToCss(lightTheme(), '.lk-root')).toContain('.lk-root {');
    expect(css).toContain('--lk-accent: #0ea5e9;');
    expect(css).toContain('--lk-radius: 16px;');
    expect(css).toContain('color-scheme: light;');
  });

  it('writes the spacing scale (4 px steps) with every theme, on the same selector', () => {
    for (const selector of [':host', ':where(.lk-latchkey-button)']) {
      for (const theme of [lightTheme(), darkTheme()]) {
        const css = themeToCss(theme, selector);
        expect(css.startsWith(`${selector} {`)).toBe(true);
        expect(css).toContain('--lk-space-1: 4px;');
        expect(css).toContain('--lk-space-2: 8px;');
        expect(css).toContain('--lk-space-12: 48px;');
      }
    }
    for (const [step, px] of Object.entries(SPACING_SCALE)) expect(px).toBe(Number(step) * 4);
  });

  it('cannot break out of the declaration with a hostile value', () => {
    const css = themeToCss(lightTheme({ accentColor: 'red; } body { display: none' }));
    expect(css).not.toContain('} body {');
    expect(css.match(/\{/g)).toHaveLength(1);
  });
});

describe('contrast (WCAG 2, issue 14 item 4)', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // Known value: #767676 on white is the classic 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // colord parses rgb() and hsl() too; keywords are not parsed (no names plugin).
    expect(contrastRatio('rgb(0, 0, 0)', 'hsl(0, 0%, 100%)')).toBeCloseTo(21, 5);
    expect(contrastRatio('red', '#ffffff')).toBeNull();
    expect(contrastRatio('not a colour', '#ffffff')).toBeNull();
  });

  for (const [name, theme] of [
    ['light', lightTheme()],
    ['dark', darkTheme()],
  ] as const) {
    it(`${name}: every text colour reads at 4.5:1 or better where it is used`, () => {
      const pairs: [string, string, string][] = [
        ['primary button text', theme.accentForeground, theme.accent],
        ['text', theme.foreground, theme.background],
        ['text on surface', theme.foreground, theme.surface],
        ['muted text', theme.muted, theme.background],
        ['muted text on surface', theme.muted, theme.surface],
        ['links (accent)', theme.accent, theme.background],
        ['errors', theme.danger, theme.background],
        ["'Code sent' and 'Success!'", theme.success, theme.background],
        ["'Code sent' on surface", theme.success, theme.surface],
      ];
      for (const [what, fg, bg] of pairs) {
        const ratio = contrastRatio(fg, bg)!;
        expect(ratio, `${what}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
    });
  }

  it('picks a readable text colour for any hex accent unless one is given', () => {
    expect(readableForeground('#5b4bdb')).toBe('#ffffff');
    expect(darkTheme().accentForeground).toBe('#15141a');
    expect(lightTheme({ accentColor: '#0ea5e9' }).accentForeground).toBe('#15141a');
    expect(lightTheme({ accentColor: '#0b3d91' }).accentForeground).toBe('#ffffff');
    expect(darkTheme({ accentColorForeground: '#fff' }).accentForeground).toBe('#fff');
    // A keyword is not parsed: white as before. rgb() is computed like hex.
    expect(readableForeground('rebeccapurple')).toBe('#ffffff');
    expect(readableForeground('rgb(14, 165, 233)')).toBe('#15141a');
    for (const accent of ['#0ea5e9', '#f59e0b', '#7c6df2', '#16a34a', '#e11d48', '#111111']) {
      const fg = readableForeground(accent);
      expect(contrastRatio(fg, accent)!, `${fg} on ${accent}`).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });
});
