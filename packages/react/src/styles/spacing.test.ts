// @vitest-environment node
/**
 * One spacing scale (issue 14 item 11): every gap, margin and padding in the React package's
 * stylesheets (`*.css.ts` under `src/`) is a step of the scale, `var(--lk-space-N)`, which
 * `themeToCss` defines (`theme/theme.ts`, {@link SPACING_SCALE}). The stylesheets are imported,
 * so interpolated values (`${X}px`) are checked as the browser gets them.
 *
 * Allowed besides the scale: `0`, `auto`, percentages, and hairlines of 1 px and 2 px (a
 * visually hidden element's `margin: -1px`, room for a focus ring). Not checked: `scroll-padding`
 * and `scroll-margin` (scroll offsets tied to a fade's height, not layout), and positions such as
 * `top` and `inset`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPACING_SCALE } from '../theme/theme.ts';

const srcDir = path.resolve(import.meta.dirname, '..');

/** Spacing properties: gap, row-gap, column-gap, margin*, padding* (not scroll-*, not custom). */
const SPACING_DECL =
  /(?:^|[\s;{])((?:row-|column-)?gap|margin(?:-[a-z-]+)?|padding(?:-[a-z-]+)?)\s*:\s*([^;{}]+)/g;
/** A length: a number and a unit (px, rem, em, …); `0`, percentages and bare numbers excluded. */
const LENGTH = /(-?\d*\.?\d+)(px|r?em|ch|ex|vw|vh|vmin|vmax|dvh|svh|lvh)\b/g;
const HAIRLINES = new Set(['1px', '-1px', '2px', '-2px']);
const SPACE_VAR = /var\(\s*--lk-space-([^\s,)]+)/g;

/** A gap, margin or padding declaration that is off the scale. */
interface SpacingViolation {
  property: string;
  value: string;
  /** What is wrong: the raw length, or the unknown `--lk-space-` step. */
  offending: string;
}

/**
 * The off-scale gap/margin/padding declarations of a stylesheet: a raw length other than a
 * hairline, or a `--lk-space-` step the scale does not define.
 */
function spacingViolations(css: string): SpacingViolation[] {
  const out: SpacingViolation[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, property, rawValue] of text.matchAll(SPACING_DECL)) {
    const value = rawValue!.trim();
    for (const [length, number] of value.matchAll(LENGTH)) {
      if (Number(number) === 0 || HAIRLINES.has(length)) continue;
      out.push({ property: property!, value, offending: length });
    }
    for (const [, step] of value.matchAll(SPACE_VAR)) {
      if (!Object.hasOwn(SPACING_SCALE, step!)) {
        out.push({ property: property!, value, offending: `--lk-space-${step}` });
      }
    }
  }
  return out;
}

/** Every `*.css.ts` under `src/`, as paths relative to it with `/` separators, sorted. */
function stylesheetFiles(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.css.ts'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** The CSS strings a stylesheet module exports, joined. */
async function stylesheetText(file: string): Promise<string> {
  const mod = (await import(pathToFileURL(path.join(srcDir, file)).href)) as Record<
    string,
    unknown
  >;
  return Object.values(mod)
    .filter((v): v is string => typeof v === 'string')
    .join('\n');
}

describe('spacing scale (issue 14 item 11)', () => {
  it('finds the stylesheets', () => {
    const files = stylesheetFiles();
    expect(files).toContain('Modal/Modal.css.ts');
    expect(files.length).toBeGreaterThan(20);
  });

  it('flags raw lengths and unknown steps, and allows the scale, 0 and hairlines', () => {
    expect(spacingViolations('.a { gap: 10px; margin: 0 0 6px; padding-left: 1.5rem; }')).toEqual([
      { property: 'gap', value: '10px', offending: '10px' },
      { property: 'margin', value: '0 0 6px', offending: '6px' },
      { property: 'padding-left', value: '1.5rem', offending: '1.5rem' },
    ]);
    expect(
      spacingViolations(
        '.a { margin: calc(-1 * var(--lk-space-7)) auto; padding: max(16px, 1%); }',
      ),
    ).toEqual([
      { property: 'margin', value: 'calc(-1 * var(--lk-space-7)) auto', offending: '--lk-space-7' },
      { property: 'padding', value: 'max(16px, 1%)', offending: '16px' },
    ]);
    expect(
      spacingViolations(
        '.a { gap: var(--lk-space-2); margin: -1px; padding: 2px var(--lk-space-1) 0 0px; }' +
          '.b { margin: 0 auto; padding: 0; column-gap: 50%; width: 50px; top: 6px; }' +
          '.c { scroll-padding-block: 32px 60px; --lk-gap: 10px; border-radius: 10px; }' +
          '/* gap: 10px */',
      ),
    ).toEqual([]);
  });

  it('every gap, margin and padding in a *.css.ts is a step of the scale', async () => {
    const offenders: string[] = [];
    for (const file of stylesheetFiles()) {
      for (const v of spacingViolations(await stylesheetText(file))) {
        offenders.push(`${file}: ${v.property}: ${v.value} (${v.offending})`);
      }
    }
    expect(offenders, 'use var(--lk-space-N) from theme.ts SPACING_SCALE').toEqual([]);
  });
});
