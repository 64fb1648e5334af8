/**
 * `latchkey migrate [--json]` (issue 12): brings the configured database's schema up to date
 * and says where it stands. Opening the database runs drizzle's migrator (under the PostgreSQL
 * startup advisory lock, so it is safe beside running replicas; see `openDatabase`); this
 * command then reads the bookkeeping table and prints
 * `<applied> of <expected> migrations applied; latest: <tag> (<ISO time>)`, or with `--json`
 * `{"applied", "expected", "pending": [tags], "latest": tag | null}`. Exit 0 when nothing is
 * pending; 1 (CliError) otherwise, which only happens with a database handed in by a caller.
 * Needs no secret. PGlite cannot be migrated while a server holds the folder (the server
 * migrates on start anyway).
 */
import type { Command } from 'commander';
import { MIGRATIONS_FOLDER } from '../../db/index.ts';
import { migrationStatus, readJournal } from '../../health/migrations.ts';
import { CliError, type CliContext } from '../context.ts';

/** Registers `migrate` on `program`. */
export function registerMigrate(program: Command, ctx: CliContext): void {
  program
    .command('migrate')
    .description(
      'apply pending database migrations (DATABASE_URL, else PGlite in $LATCHKEY_DATA_DIR/db) and print the latest',
    )
    .option('--json', 'print {applied, expected, pending, latest} as JSON')
    .action(async (options: { json?: boolean }) => {
      const status = await migrationStatus(await ctx.db(), readJournal(MIGRATIONS_FOLDER));
      const latest = status.latest
        ? (status.latest.tag ?? `unknown migration of ${status.latest.folderMillis}`)
        : null;
      if (options.json) {
        ctx.json({
          applied: status.applied,
          expected: status.expected,
          pending: status.pending.map((m) => m.tag),
          latest,
        });
      } else {
        const when = status.latest
          ? ` (generated ${new Date(status.latest.folderMillis).toISOString()})`
          : '';
        ctx.io.stdout(
          `${status.applied} of ${status.expected} migrations applied; latest: ${latest ?? 'none'}${when}\n`,
        );
      }
      if (status.pending.length > 0) {
        throw new CliError(
          `migrations not applied: ${status.pending.map((m) => m.tag).join(', ')}`,
        );
      }
    });
}
