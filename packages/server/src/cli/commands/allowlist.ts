/** `latchkey allowlist list|add|remove <appId> [<type> <value>]`: one `<type>\t<value>` line per entry. */
import { ALLOWLIST_ENTRY_TYPES, ROUTES } from '@latchkey/api';
import type { Command } from 'commander';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry } from '../../apps/allowlist.ts';
import { findApp } from '../../apps/records.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../admin-client.ts';
import { CliError, type CliContext } from '../context.ts';

/** Registers `allowlist`: prints the whole list after the action. */
export function registerAllowlist(program: Command, ctx: CliContext): void {
  const allowlistCmd = withRemote(
    program
      .command('allowlist <action> <appId> [type] [value]')
      .description(
        `list, add or remove allowlist entries; type is one of ${ALLOWLIST_ENTRY_TYPES.join(', ')}`,
      ),
  );
  allowlistCmd.action(
    async (
      action: string,
      appId: string,
      type: string | undefined,
      value: string | undefined,
      opts: RemoteOptions,
    ) => {
      if (!['list', 'add', 'remove'].includes(action)) {
        throw new CliError(`Unknown allowlist action "${action}" (list, add or remove)`);
      }
      if (action !== 'list' && (!type || !value)) {
        throw new CliError(`allowlist ${action} needs <type> <value>`);
      }
      const remote = adminClientOf(opts, ctx.env, ctx.io);
      let list: { entries: { type: string; value: string }[] };
      if (remote) {
        const method = action === 'list' ? 'GET' : action === 'add' ? 'POST' : 'DELETE';
        const body = action === 'list' ? undefined : { type, value };
        list = (await remote.call(
          appId,
          method,
          ROUTES.adminAllowlist(appId),
          body,
        )) as typeof list;
      } else {
        const handle = await ctx.db();
        if (!(await findApp(handle, appId))) throw new CliError(`App not found: ${appId}`);
        if (action === 'add') list = await addAllowlistEntry(handle, appId, { type, value });
        else if (action === 'remove')
          list = await removeAllowlistEntry(handle, appId, { type, value });
        else list = await listAllowlist(handle, appId);
      }
      for (const entry of list.entries) ctx.io.stdout(`${entry.type}\t${entry.value}\n`);
    },
  );
}
