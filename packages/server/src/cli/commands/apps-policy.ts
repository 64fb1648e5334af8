/**
 * `latchkey apps policy <appId> [--json '<policy>' | --file <policy.json> | --clear]`: shows,
 * sets or clears the wallet policy for no-prompt signing (issue 24).
 */
import { readFile } from 'node:fs/promises';
import { ROUTES } from '@latchkey/api';
import type { Command } from 'commander';
import { eq } from 'drizzle-orm';
import { applyAppSettings } from '../../apps/settings.ts';
import { apps } from '../../db/schema.ts';
import { walletPolicyOf } from '../../wallets/policy.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../admin-client.ts';
import { CliError, type CliContext } from '../context.ts';

/** Registers `apps policy`: prints the policy after any change (null: none). */
export function registerAppsPolicy(appsCmd: Command, ctx: CliContext): void {
  withRemote(
    appsCmd
      .command('policy <appId>')
      .description(
        'show, set or clear the wallet policy for no-prompt signing (issue 24); prints the policy ' +
          '(null: none, every signature is prompted)',
      )
      .option('--json <policy>', 'the policy as a JSON object (omitted fields: the off values)')
      .option('--file <path>', 'read the policy JSON from a file')
      .option('--clear', 'remove the policy (no-prompt signing off)')
      .addHelpText(
        'after',
        '\nPolicy fields: no_prompt_on_signature, allowed_chain_ids, allowed_contracts ' +
          '([{address, methods}]), allow_typed_data, max_value_wei_per_tx, ' +
          "max_value_wei_per_24h, outside_policy ('ask' or 'refuse'). See README, Wallet policy.",
      ),
  ).action(
    async (
      appId: string,
      opts: RemoteOptions & { json?: string; file?: string; clear?: boolean },
    ) => {
      const given = [opts.json !== undefined, opts.file !== undefined, Boolean(opts.clear)];
      if (given.filter(Boolean).length > 1) {
        throw new CliError('Give only one of --json, --file and --clear');
      }
      let update: { wallet_policy: unknown } | undefined;
      if (opts.clear) update = { wallet_policy: null };
      else if (opts.json !== undefined || opts.file !== undefined) {
        let text = opts.json;
        if (opts.file !== undefined) {
          try {
            text = await readFile(opts.file, 'utf8');
          } catch (error) {
            throw new CliError(`Cannot read ${opts.file}: ${(error as Error).message}`);
          }
        }
        let policy: unknown;
        try {
          policy = JSON.parse(text!);
        } catch {
          throw new CliError(`${opts.file ?? '--json'} is not valid JSON`);
        }
        if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) {
          throw new CliError('The wallet policy must be a JSON object');
        }
        update = { wallet_policy: policy };
      }
      const remote = adminClientOf(opts, ctx.env, ctx.io);
      if (remote) {
        const config = (await remote.call(
          appId,
          update ? 'PATCH' : 'GET',
          ROUTES.adminApp(appId),
          update,
        )) as { wallet_policy?: unknown };
        ctx.json(config.wallet_policy ?? null);
        return;
      }
      const handle = await ctx.db();
      if (update) await applyAppSettings(handle, appId, update);
      const [row] = await handle
        .select({ walletPolicy: apps.walletPolicy })
        .from(apps)
        .where(eq(apps.id, appId));
      if (!row) throw new CliError(`App not found: ${appId}`);
      ctx.json(walletPolicyOf(row));
    },
  );
}
