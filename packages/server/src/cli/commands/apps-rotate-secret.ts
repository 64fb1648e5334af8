/** `latchkey apps rotate-secret <appId>`: issues a new app secret and prints it once. */
import type { Command } from 'commander';
import { issueAppSecret } from '../../apps/secret.ts';
import { assertLocalOnly, type RemoteOptions, withRemote } from '../admin-client.ts';
import type { CliContext } from '../context.ts';

/** Registers `apps rotate-secret` (local only: the old secret stops working at once). */
export function registerAppsRotateSecret(apps: Command, ctx: CliContext): void {
  withRemote(
    apps
      .command('rotate-secret <appId>')
      .description('issue a new app secret (the old one stops working) and print it once'),
  ).action(async (appId: string, opts: RemoteOptions) => {
    assertLocalOnly(opts, ctx.env, 'rotate-secret');
    const secret = await issueAppSecret(await ctx.db(), appId);
    ctx.io.stdout(`${secret}\n`);
  });
}
