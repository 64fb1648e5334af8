/**
 * `latchkey oauth set <appId> <provider> --client-id <id> --client-secret <s> [--issuer <url>]`:
 * stores an app's OAuth client at a provider (the secret sealed with the server secret).
 */
import {
  ADMIN_OAUTH_PROVIDERS,
  adminOAuthProviderRequest,
  type OAuthProvider,
  ROUTES,
} from '@latchkey/api';
import type { Command } from 'commander';
import { findApp } from '../../../apps/records.ts';
import { deriveServerKeys } from '../../../crypto.ts';
import { serverSecretOf } from '../../../env.ts';
import { setOAuthProviderConfig } from '../service.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../../../cli/admin-client.ts';
import { CliError, type CliContext } from '../../../cli/context.ts';

/** Registers `set` on the `oauth` command. */
export function registerOAuthSet(oauth: Command, ctx: CliContext): void {
  withRemote(
    oauth
      .command('set <appId> <provider>')
      .description(`store the OAuth client of <provider> (${ADMIN_OAUTH_PROVIDERS.join(', ')})`)
      .requiredOption('--client-id <id>', 'the client id')
      .requiredOption('--client-secret <secret>', 'the client secret (sealed at rest)')
      .option('--issuer <url>', 'an OpenID provider to discover instead of the built-in endpoints'),
  ).action(
    async (
      appId: string,
      provider: string,
      opts: RemoteOptions & { clientId: string; clientSecret: string; issuer?: string },
    ) => {
      if (!(ADMIN_OAUTH_PROVIDERS as readonly string[]).includes(provider)) {
        throw new CliError(
          `Unknown OAuth provider: ${provider} (one of ${ADMIN_OAUTH_PROVIDERS.join(', ')})`,
        );
      }
      const request = {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        issuer: opts.issuer,
      };
      const parsed = adminOAuthProviderRequest.safeParse(request);
      if (!parsed.success) {
        throw new CliError(
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      }
      const remote = adminClientOf(opts, ctx.env, ctx.io);
      if (remote) {
        await remote.call(appId, 'PUT', ROUTES.adminOAuthProvider(appId, provider), parsed.data);
      } else {
        const secret = await serverSecretOf(ctx.env);
        const handle = await ctx.db();
        if (!(await findApp(handle, appId))) throw new CliError(`App not found: ${appId}`);
        await setOAuthProviderConfig(
          { db: handle, keys: deriveServerKeys(secret) },
          appId,
          provider as OAuthProvider,
          {
            clientId: parsed.data.client_id,
            clientSecret: parsed.data.client_secret,
            issuer: parsed.data.issuer ?? null,
          },
        );
      }
      ctx.io.stdout(`OAuth client of ${provider} stored for ${appId}\n`);
    },
  );
}
