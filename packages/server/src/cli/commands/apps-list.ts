/** `latchkey apps list`: one `<id>\t<name>` line per app, oldest first. */
import type { Command } from 'commander';
import { asc } from 'drizzle-orm';
import { apps } from '../../db/schema.ts';
import type { CliContext } from '../context.ts';

/** Registers `apps list`. */
export function registerAppsList(appsCmd: Command, ctx: CliContext): void {
  appsCmd
    .command('list')
    .description('list the apps (id and name)')
    .action(async () => {
      const rows = await (
        await ctx.db()
      )
        .select({ id: apps.id, name: apps.name })
        .from(apps)
        .orderBy(asc(apps.createdAt));
      for (const row of rows) ctx.io.stdout(`${row.id}\t${row.name}\n`);
    });
}
