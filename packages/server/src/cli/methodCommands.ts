/**
 * The command-line part of a login method (issue 11): a method with commands of its own (OAuth:
 * `latchkey oauth set`) exports a {@link MethodCli} as `cli` from `methods/<id>/cli.ts`;
 * `runCli` registers them after the shared commands, in the registry's order (`METHODS`).
 */
import type { Command } from 'commander';
import { loadMethodParts, type LoadMethodPartsOptions } from '../methodParts.ts';
import type { CliContext } from './context.ts';

/** What a method's `methods/<id>/cli.ts` exports as `cli`. */
export interface MethodCli {
  /** Adds the method's top-level commands to `program` (their `--help` order is this order). */
  register(program: Command, ctx: CliContext): void;
  /**
   * Its commands that also run remotely through the admin API (`--api-url`, `--app-secret`),
   * named in the `--help` note on the remote mode, e.g. `['oauth']`.
   */
  readonly remoteCommands?: readonly string[];
}

/**
 * The methods' command-line parts, in the registry's order.
 *
 * @throws Error when a method's `cli.ts` does not export `cli`.
 */
export function loadMethodClis(options?: LoadMethodPartsOptions): Promise<MethodCli[]> {
  return loadMethodParts<MethodCli>('cli.ts', 'cli', options).then((parts) =>
    parts.map((p) => p.part),
  );
}
