/**
 * `latchkey cross-app allow|list|remove` (issue 21): the cross-app clients a provider app lets
 * connect to it, locally (the database) or remotely (the provider app's admin API with
 * `--api-url` and `--app-secret`).
 *
 * ```
 * latchkey cross-app allow <providerAppId> <clientId> --redirect-uri <uri> [--redirect-uri <uri>]
 *                          [--latchkey-app] [--read-only] [--public] [--rotate-secret]
 * latchkey cross-app list <providerAppId>
 * latchkey cross-app remove <providerAppId> <clientId>
 * ```
 *
 * `allow` registers the client or replaces its settings (all of them: the redirect URIs given
 * are the whole list). A confidential client's secret is printed once, when it is generated
 * (the client created or switched from `--public`, or `--rotate-secret`); it is sealed with the
 * server secret and never printed again. `list` prints `adminCrossAppClientsResponse` as JSON.
 *
 * `--latchkey-app`: the client is a Latchkey app served by the same server (a requester logging
 * in with `latchkey:{providerAppId}`), whose redirect URI is that server's login callback,
 * `{PUBLIC_URL}` + `CROSS_APP_ROUTES.requesterCallback` (with `--api-url`: `{api-url}` + it);
 * it is added to the `--redirect-uri` list, which may then be empty.
 */
import type { Command } from 'commander';
import { findApp } from '../apps/records.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../cli/admin-client.ts';
import { CliError, type CliContext } from '../cli/context.ts';
import { deriveServerKeys } from '../crypto.ts';
import { DEFAULT_PORT, serverSecretOf } from '../env.ts';
import { deleteClient, listClients, saveClient } from './clients.ts';
import {
  type AdminCrossAppClientSaved,
  adminCrossAppClientRequest,
  CROSS_APP_ROUTES,
} from '@latchkey/api';

type AllowOptions = RemoteOptions & {
  redirectUri: string[];
  latchkeyApp?: boolean;
  readOnly?: boolean;
  public?: boolean;
  rotateSecret?: boolean;
};

/** Collects a repeated option's values in order. */
const collect = (value: string, previous: string[]) => [...previous, value];

/** The human answer of `allow`, with the secret and its warning when one was generated. */
function describeSaved(providerAppId: string, saved: AdminCrossAppClientSaved): string {
  const type = saved.confidential ? 'confidential (with a secret)' : 'public (PKCE only)';
  const lines = [
    `Cross-app client "${saved.client_id}" of app ${providerAppId} saved`,
    `  redirect URIs: ${saved.redirect_uris.join(' ')}`,
    `  read only:     ${saved.read_only ? 'yes' : 'no'}`,
    `  client type:   ${type}`,
  ];
  if (saved.client_secret !== null) {
    lines.push(
      `  client secret: ${saved.client_secret}`,
      'The client secret will not be shown again: store it now. `--rotate-secret` makes a new one.',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Registers `cross-app allow`, `cross-app list` and `cross-app remove` on `program`. */
export function registerCrossApp(program: Command, ctx: CliContext): void {
  const crossApp = program
    .command('cross-app')
    .description('set which clients (other apps) may connect to an app with its accounts');

  withRemote(
    crossApp
      .command('allow <providerAppId> <clientId>')
      .description(
        'let a client (a requester app id, or an outside relying party id) connect to the app',
      )
      .option('--redirect-uri <uri>', 'a redirect URI of the client (repeat for more)', collect, [])
      .option(
        '--latchkey-app',
        "the client is a Latchkey app on this server: add the server's login callback",
      )
      .option('--read-only', 'the client may read the account but not sign with its wallets')
      .option('--public', 'a public client (PKCE only, no client secret)')
      .option('--rotate-secret', 'generate a new client secret (the old one stops working)'),
  ).action(async (providerAppId: string, clientId: string, opts: AllowOptions) => {
    const redirectUris = [...opts.redirectUri];
    if (opts.latchkeyApp) {
      const api = (
        opts.apiUrl ??
        ctx.env.LATCHKEY_API_URL ??
        ctx.env.PUBLIC_URL ??
        `http://localhost:${ctx.env.PORT ?? DEFAULT_PORT}`
      ).replace(/\/+$/, '');
      const callback = `${api}${CROSS_APP_ROUTES.requesterCallback}`;
      if (!redirectUris.includes(callback)) redirectUris.push(callback);
    }
    if (redirectUris.length === 0) {
      throw new CliError('give at least one --redirect-uri <uri> (or --latchkey-app)');
    }
    const parsed = adminCrossAppClientRequest.safeParse({
      redirect_uris: redirectUris,
      read_only: opts.readOnly ?? false,
      confidential: !opts.public,
      ...(opts.rotateSecret ? { rotate_secret: true } : {}),
    });
    if (!parsed.success) {
      throw new CliError(
        parsed.error.issues
          .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
          .join('; '),
      );
    }
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    let saved: AdminCrossAppClientSaved;
    if (remote) {
      saved = (await remote.call(
        providerAppId,
        'PUT',
        CROSS_APP_ROUTES.adminClient(providerAppId, clientId),
        parsed.data,
      )) as AdminCrossAppClientSaved;
    } else {
      const secret = await serverSecretOf(ctx.env);
      const handle = await ctx.db();
      if (!(await findApp(handle, providerAppId))) {
        throw new CliError(`App not found: ${providerAppId}`);
      }
      saved = await saveClient(
        { db: handle, keys: deriveServerKeys(secret), now: Date.now },
        providerAppId,
        clientId,
        parsed.data,
      );
    }
    ctx.io.stdout(describeSaved(providerAppId, saved));
  });

  withRemote(
    crossApp
      .command('list <providerAppId>')
      .description("print the app's cross-app clients as JSON (never a client secret)"),
  ).action(async (providerAppId: string, opts: RemoteOptions) => {
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    if (remote) {
      ctx.json(
        await remote.call(providerAppId, 'GET', CROSS_APP_ROUTES.adminClients(providerAppId)),
      );
      return;
    }
    const handle = await ctx.db();
    if (!(await findApp(handle, providerAppId))) {
      throw new CliError(`App not found: ${providerAppId}`);
    }
    ctx.json(await listClients({ db: handle }, providerAppId));
  });

  withRemote(
    crossApp
      .command('remove <providerAppId> <clientId>')
      .description('stop a client from connecting to the app'),
  ).action(async (providerAppId: string, clientId: string, opts: RemoteOptions) => {
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    if (remote) {
      await remote.call(
        providerAppId,
        'DELETE',
        CROSS_APP_ROUTES.adminClient(providerAppId, clientId),
      );
    } else {
      const handle = await ctx.db();
      if (!(await findApp(handle, providerAppId))) {
        throw new CliError(`App not found: ${providerAppId}`);
      }
      await deleteClient({ db: handle }, providerAppId, clientId);
    }
    ctx.io.stdout(`Cross-app client "${clientId}" of app ${providerAppId} removed\n`);
  });
}
