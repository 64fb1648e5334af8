/**
 * The command-line part of a login method (issue 11): a method with commands of its own (OAuth:
 * `latchkey oauth set`) declares a loader of a {@link MethodCli} as its module's `cli`
 * (`methods/types.ts`); `runCli` registers them after the shared commands, in the registry's
 * order (`METHODS`).
 */
import { METHODS } from '../methods/index.ts';
import type { MethodCli, MethodParts } from '../methods/types.ts';

export type { MethodCli } from '../methods/types.ts';

/** Options of {@link loadMethodClis} (tests narrow them). */
export interface LoadMethodClisOptions {
  /** The method modules whose `cli` is read, in order. Default the registry, `METHODS`. */
  methods?: readonly Pick<MethodParts, 'cli'>[];
}

/**
 * The methods' command-line parts, in the registry's order; a method without `cli` contributes
 * nothing.
 *
 * @throws what a method's `cli` loader throws.
 */
export function loadMethodClis(options: LoadMethodClisOptions = {}): Promise<MethodCli[]> {
  return Promise.all((options.methods ?? METHODS).flatMap((m) => (m.cli ? [m.cli()] : [])));
}
