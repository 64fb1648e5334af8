/**
 * `key=value` arguments of `latchkey apps set` turned into an `adminAppUpdate` object.
 */
import { APP_FIELDS } from '../apps/fields.ts';
import { CliError } from './context.ts';

/**
 * Fields of `adminAppUpdate` whose values are arrays (`key=a,b,c` on the command line): the
 * writable lists of the field table.
 */
const ARRAY_FIELDS = new Set(
  APP_FIELDS.filter((f) => f.writable && f.kind === 'list').map((f) => f.wire),
);

/**
 * Turns `key=value` arguments (plus an optional JSON object) into a settings update: values
 * are JSON when they parse (`true`, `10`, `null`, `"text"`, `[...]`), else text; array fields
 * take comma lists (`allowed_origins=https://a.com,https://b.com`, empty for none); dotted keys
 * nest (`allowlist_config.error_title="Invite only"`).
 *
 * @throws CliError for an argument without `=` or JSON that is not an object.
 */
export function parseAssignments(pairs: string[], json?: string): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new CliError('--json is not valid JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CliError('--json must be a JSON object');
    }
    out = parsed as Record<string, unknown>;
  }
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`Expected key=value, got "${pair}"`);
    const key = pair.slice(0, eq).trim();
    const raw = pair.slice(eq + 1);
    let value: unknown;
    if (ARRAY_FIELDS.has(key) && !raw.trim().startsWith('[')) {
      value = raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
    } else {
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw;
      }
    }
    const path = key.split('.');
    let target = out;
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return out;
}
