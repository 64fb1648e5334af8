import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme, themeToCss, themeVarName } from './theme.ts';

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

  it('cannot break out of the declaration with a hostile value', () => {
    const css = themeToCss(lightTheme({ accentColor: 'red; } body { display: none' }));
    expect(css).not.toContain('} body {');
    expect(css.match(/\{/g)).toHaveLength(1);
  });
});
