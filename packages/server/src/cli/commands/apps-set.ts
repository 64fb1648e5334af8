/** `latchkey apps set <appId> [key=value...] [--json '<object>']`: changes settings. */
import { adminAppUpdate, LOGIN_METHOD_FLAGS, ROUTES } from '@latchkey/api';
import type { Command } from 'commander';
import { APP_FIELDS, topKeyOf } from '../../apps/fields.ts';
import { applyAppSettings, loadAdminAppConfig } from '../../apps/settings.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../admin-client.ts';
import { parseAssignments } from '../assignments.ts';
import { CliError, type CliContext } from '../context.ts';

/**
 * The nested keys for the help, from the field table:
 * `allowlist_config.{error_title,...}, embedded_wallet_config.{...}`.
 */
function nestedKeysHelp(): string {
  const groups = new Map<string, string[]>();
  for (const { wire, writable } of APP_FIELDS) {
    if (!writable || !wire.includes('.')) continue;
    const group = topKeyOf(wire);
    groups.set(group, [...(groups.get(group) ?? []), wire.slice(group.length + 1)]);
  }
  return [...groups].map(([group, keys]) => `${group}.{${keys.join(',')}}`).join(', ');
}

/** Registers `apps set`: applies the update and prints the new admin config. */
export function registerAppsSet(apps: Command, ctx: CliContext): void {
  withRemote(
    apps
      .command('set <appId> [assignments...]')
      .description(
        // The example flag is the method registry's first (`LOGIN_METHOD_FLAGS`).
        `change settings: key=value (keys of the admin API, e.g. ${LOGIN_METHOD_FLAGS[0]!.flag}=true, max_users=100, ` +
          'allowed_origins=https://a.com,https://b.com, allowlist_config.error_title="Invite only", ' +
          'captcha_site_key=null); prints the new settings',
      )
      .option('--json <object>', 'settings as a JSON object (key=value arguments win)')
      .addHelpText(
        'after',
        `\nKeys: ${Object.keys(adminAppUpdate.shape).join(', ')}.\n` +
          `Nested: ${nestedKeysHelp()}. null clears an optional field.`,
      ),
  ).action(
    async (appId: string, assignments: string[], opts: RemoteOptions & { json?: string }) => {
      const update = parseAssignments(assignments, opts.json);
      if (Object.keys(update).length === 0)
        throw new CliError('Nothing to set: give key=value or --json');
      const remote = adminClientOf(opts, ctx.env, ctx.io);
      if (remote) {
        ctx.json(await remote.call(appId, 'PATCH', ROUTES.adminApp(appId), update));
        return;
      }
      const handle = await ctx.db();
      await applyAppSettings(handle, appId, update);
      ctx.json(await loadAdminAppConfig(handle, appId));
    },
  );
}
