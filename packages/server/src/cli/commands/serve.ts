/** `latchkey [serve]`: starts the API server (src/main.ts; see its header for the environment). */
import type { Command } from 'commander';
import { SECRET_REQUIRED_WITH_DATABASE_URL } from '../../env.ts';
import { CliError, type CliContext } from '../context.ts';

/** Registers `serve` on `program`. Its action never resolves (the server runs until stopped). */
export function registerServe(program: Command, { env }: CliContext): void {
  program
    .command('serve', { isDefault: false })
    .description(
      'start the API server (the default without arguments; see src/main.ts for its environment)',
    )
    .action(async () => {
      // A server on a shared PostgreSQL never guesses its secret from the working directory.
      if (env.DATABASE_URL && !env.LATCHKEY_SECRET) {
        throw new CliError(SECRET_REQUIRED_WITH_DATABASE_URL);
      }
      await import('../../main.ts');
      await new Promise<never>(() => {});
    });
}
