/**
 * `latchkey farcaster set <appId> --request-fid <fid> --request-key <0x...>`: stores the app's own
 * Farcaster account, which requests signers for its users (issue 16). The custody key is sealed
 * with the server secret and never printed; the command prints the fid and the key's address.
 */
import { adminFarcasterRequest, farcasterAdminRoute } from '@latchkey/api';
import type { Command } from 'commander';
import { findApp } from '../../../apps/records.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../../../cli/admin-client.ts';
import { CliError, type CliContext } from '../../../cli/context.ts';
import { deriveServerKeys } from '../../../crypto.ts';
import { serverSecretOf } from '../../../env.ts';
import { setFarcasterSignerApp } from '../signer.ts';

type SetOptions = RemoteOptions & { requestFid: string; requestKey: string };

/** Registers `set` on the `farcaster` command. */
export function registerFarcasterSet(farcaster: Command, ctx: CliContext): void {
  withRemote(
    farcaster
      .command('set <appId>')
      .description("store the app's Farcaster account (its custody key is sealed at rest)")
      .requiredOption('--request-fid <fid>', "the app account's fid")
      .requiredOption(
        '--request-key <key>',
        "the app account's custody private key (0x and 64 hex digits)",
      ),
  ).action(async (appId: string, opts: SetOptions) => {
    const parsed = adminFarcasterRequest.safeParse({
      signer_request_fid: Number(opts.requestFid),
      signer_request_key: opts.requestKey,
    });
    if (!parsed.success) {
      throw new CliError(
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    }
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    let address: string;
    if (remote) {
      const answer = (await remote.call(appId, 'PUT', farcasterAdminRoute(appId), parsed.data)) as {
        signer_request_address: string;
      };
      address = answer.signer_request_address;
    } else {
      const secret = await serverSecretOf(ctx.env);
      const handle = await ctx.db();
      const app = await findApp(handle, appId);
      if (!app) throw new CliError(`App not found: ${appId}`);
      const answer = await setFarcasterSignerApp(
        { db: handle, keys: deriveServerKeys(secret) },
        app,
        parsed.data,
      );
      address = answer.signer_request_address;
    }
    ctx.io.stdout(`Farcaster fid ${opts.requestFid} (${address}) stored for ${appId}\n`);
  });
}
