/**
 * Accessibility checks for e2e specs (issue 14 item 4): axe-core, through @axe-core/playwright,
 * on the modal. AxeBuilder walks open shadow roots (the modal's) and follows iframes, same- or
 * cross-origin (the wallet and export frames), injecting axe into each frame it meets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { artifactsDir } from './harness.ts';

/** The modal's shadow host (ShadowHost.tsx): axe analyses what is inside it, frames included. */
export const MODAL_HOST = '.lk-host';

export interface AxeCheckOptions {
  /** CSS selector of the part of the page to analyse; default the modal's host. */
  include?: string;
  /** Rule ids to skip, each with the reason it is a false positive there (kept in the JSON). */
  disableRules?: Record<string, string>;
}

/** One violation as a readable line: rule, impact, where, and what axe says is wrong. */
export interface AxeViolationLine {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe (WCAG 2.0/2.1/2.2 A and AA rules and best practices) on the modal of `page` and the
 * frames inside it, writes the full result to `e2e/artifacts/axe-<label>.json`, and throws an
 * Error that lists every violation (rule id, impact, target, summary) if there is any.
 * @example await expectNoAxeViolations(page, 'landing-light');
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  options: AxeCheckOptions = {},
): Promise<void> {
  const include = options.include ?? MODAL_HOST;
  let builder = new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  const disabled = Object.keys(options.disableRules ?? {});
  if (disabled.length > 0) builder = builder.disableRules(disabled);
  const results = await builder.analyze();

  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `axe-${label.replace(/[^a-z0-9._-]+/gi, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        label,
        url: results.url,
        include,
        disabledRules: options.disableRules ?? {},
        violations: results.violations,
        incomplete: results.incomplete,
        passes: results.passes.map((r) => ({ id: r.id, targets: r.nodes.map((n) => n.target) })),
      },
      null,
      2,
    ),
  );

  const lines = violationLines(results.violations);
  if (results.passes.length === 0) {
    throw new Error(`axe (${label}) ran no rule on ${include}: is it on the page? See ${file}`);
  }
  if (lines.length > 0) {
    const text = lines
      .map((l) => `- ${l.rule} [${l.impact}] ${l.target}\n    ${l.summary}`)
      .join('\n');
    throw new Error(`axe (${label}): ${lines.length} violation(s), see ${file}\n${text}`);
  }
}

/** One line per node of each violation. */
export function violationLines(
  violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'],
): AxeViolationLine[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => ({
      rule: v.id,
      impact: n.impact ?? v.impact ?? 'unknown',
      target: JSON.stringify(n.target),
      summary: (n.failureSummary ?? v.help).replace(/\s*\n\s*/g, ' '),
    })),
  );
}

/**
 * Waits until no CSS animation or transition runs in the page's document nor in any open shadow
 * root (the modal's): axe judges contrast from computed colours, so a screen still fading in
 * reads as lower contrast than it is (`timeout` in ms).
 */
export async function animationsDone(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForFunction(
    `(() => {
      const roots = [document];
      for (const el of document.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
      return roots.every((root) => root.getAnimations().every((a) => a.playState !== 'running'));
    })()`,
    undefined,
    { timeout, polling: 'raf' },
  );
}
