/** `latchkey apps show <appId>`: the admin config as JSON, local or through `--api-url`. */
import { ROUTES } from '@latchkey/api';
import type { Command } from 'commander';
import { loadAdminAppConfig } from '../../apps/settings.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../admin-client.ts';
import type { CliContext } from '../context.ts';

/** Registers `apps show`. */
export function registerAppsShow(apps: Command, ctx: CliContext): void {
  withRemote(
    apps.command('show <appId>').description('print the app settings as JSON (admin config)'),
  ).action(async (appId: string, opts: RemoteOptions) => {
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    if (remote) ctx.json(await remote.call(appId, 'GET', ROUTES.adminApp(appId)));
    else ctx.json(await loadAdminAppConfig(await ctx.db(), appId));
  });
}
