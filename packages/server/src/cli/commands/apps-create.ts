/** `latchkey apps create --name <n> [--id <25 chars>] [--origin <url>...] [--json]`. */
import type { Command } from 'commander';
import { appSettingsToColumns } from '../../apps/settings.ts';
import { createAppRecord, findApp } from '../../apps/records.ts';
import { issueAppSecret } from '../../apps/secret.ts';
import { serverSecretOf } from '../../env.ts';
import { CliError, type CliContext } from '../context.ts';

/**
 * Registers `apps create`: creates an app and prints its id and app secret (shown once).
 * Needs the server secret ({@link serverSecretOf}), checked before the database is opened.
 */
export function registerAppsCreate(apps: Command, ctx: CliContext): void {
  apps
    .command('create')
    .description('create an app and print its id and app secret (the secret is shown once)')
    .requiredOption('--name <name>', 'display name')
    .option('--id <id>', 'the app id (25 characters); default random')
    .option('--origin <url...>', 'allowed origin(s), e.g. https://app.example.com')
    .option('--json', 'print {id, app_secret} as JSON')
    .action(async (opts: { name: string; id?: string; origin?: string[]; json?: boolean }) => {
      // Validate through the same settings schema the admin API uses.
      const columns = appSettingsToColumns({
        name: opts.name,
        ...(opts.origin ? { allowed_origins: opts.origin } : {}),
      });
      if (opts.id !== undefined && !/^[a-z0-9]{25}$/.test(opts.id)) {
        throw new CliError('--id must be 25 lower-case letters or digits');
      }
      // The secret first: a missing one is refused before the database is opened.
      const secret = await serverSecretOf(ctx.env);
      const handle = await ctx.db();
      if (opts.id && (await findApp(handle, opts.id))) {
        throw new CliError(`An app with id ${opts.id} exists already`);
      }
      const app = await createAppRecord(handle, secret, {
        ...columns,
        name: opts.name,
        ...(opts.id ? { id: opts.id } : {}),
      });
      const appSecret = await issueAppSecret(handle, app.id);
      if (opts.json) {
        ctx.json({ id: app.id, app_secret: appSecret });
        return;
      }
      ctx.io.stdout(
        `Created app "${app.name}"\n` +
          `  id:         ${app.id}\n` +
          `  app secret: ${appSecret}\n` +
          `The app secret is shown only once; \`latchkey apps rotate-secret ${app.id}\` makes a new one.\n`,
      );
    });
}
