/**
 * `latchkey recovery set|show <appId>` (issue 23 item 2): the app's cloud recovery settings,
 * locally (the database) or remotely (the admin API with `--api-url` and `--app-secret`).
 *
 * ```
 * latchkey recovery set <appId> [--google-client-id <id> [--google-client-secret <secret>]
 *                                [--google-issuer <url>] [--drive-api-url <url>]] [--clear-google]
 *                               [--cloudkit-container iCloud.... --cloudkit-environment
 *                                development|production --cloudkit-api-token <token>
 *                                [--cloudkit-api-url <url>]] [--clear-icloud]
 * latchkey recovery show <appId>
 * ```
 *
 * The Google client secret is sealed with the server secret and never printed. The methods an
 * app offers are the app field `user_owned_recovery_options`
 * (`latchkey apps set <appId> user_owned_recovery_options=google-drive,icloud`).
 */
import { adminRecoveryCloudRequest, ROUTES } from '@latchkey/api';
import type { Command } from 'commander';
import { findApp } from '../apps/records.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../cli/admin-client.ts';
import { CliError, type CliContext } from '../cli/context.ts';
import { deriveServerKeys } from '../crypto.ts';
import { serverSecretOf } from '../env.ts';
import { applyRecoveryCloudRequest, recoveryCloudView } from './config.ts';

type SetOptions = RemoteOptions & {
  googleClientId?: string;
  googleClientSecret?: string;
  googleIssuer?: string;
  driveApiUrl?: string;
  clearGoogle?: boolean;
  cloudkitContainer?: string;
  cloudkitEnvironment?: string;
  cloudkitApiToken?: string;
  cloudkitApiUrl?: string;
  clearIcloud?: boolean;
};

/** The Google half of the request from the options (undefined: left as is; null: cleared). */
function googleOf(opts: SetOptions) {
  const given = [opts.googleClientId, opts.googleClientSecret, opts.googleIssuer, opts.driveApiUrl];
  if (opts.clearGoogle) {
    if (given.some((v) => v !== undefined)) {
      throw new CliError('--clear-google cannot be given with Google settings');
    }
    return null;
  }
  if (given.every((v) => v === undefined)) return undefined;
  if (opts.googleClientId === undefined) {
    throw new CliError('--google-client-id is needed with the other Google settings');
  }
  return {
    client_id: opts.googleClientId,
    client_secret: opts.googleClientSecret ?? null,
    issuer: opts.googleIssuer ?? null,
    drive_api_url: opts.driveApiUrl ?? null,
  };
}

/** The iCloud half of the request from the options. */
function icloudOf(opts: SetOptions) {
  const given = [
    opts.cloudkitContainer,
    opts.cloudkitEnvironment,
    opts.cloudkitApiToken,
    opts.cloudkitApiUrl,
  ];
  if (opts.clearIcloud) {
    if (given.some((v) => v !== undefined)) {
      throw new CliError('--clear-icloud cannot be given with CloudKit settings');
    }
    return null;
  }
  if (given.every((v) => v === undefined)) return undefined;
  if (
    opts.cloudkitContainer === undefined ||
    opts.cloudkitEnvironment === undefined ||
    opts.cloudkitApiToken === undefined
  ) {
    throw new CliError(
      '--cloudkit-container, --cloudkit-environment and --cloudkit-api-token go together',
    );
  }
  return {
    container: opts.cloudkitContainer,
    environment: opts.cloudkitEnvironment,
    api_token: opts.cloudkitApiToken,
    api_url: opts.cloudkitApiUrl ?? null,
  };
}

/** Registers `recovery set` and `recovery show` on `program`. */
export function registerRecovery(program: Command, ctx: CliContext): void {
  const recovery = program
    .command('recovery')
    .description("set an app's cloud recovery settings (Google Drive, iCloud)");

  withRemote(
    recovery
      .command('set <appId>')
      .description("store the app's cloud recovery settings (the Google secret is sealed)")
      .option('--google-client-id <id>', "the app's client id at Google")
      .option('--google-client-secret <secret>', 'its client secret (none: a public client)')
      .option('--google-issuer <url>', 'the authorization server (default Google)')
      .option('--drive-api-url <url>', 'the Drive API base (default https://www.googleapis.com)')
      .option('--clear-google', 'remove the Google Drive settings')
      .option('--cloudkit-container <id>', 'the CloudKit container (iCloud....)')
      .option('--cloudkit-environment <env>', 'development or production')
      .option('--cloudkit-api-token <token>', "the container's web API token")
      .option('--cloudkit-api-url <url>', 'CloudKit Web Services (default Apple)')
      .option('--clear-icloud', 'remove the iCloud settings'),
  ).action(async (appId: string, opts: SetOptions) => {
    const parsed = adminRecoveryCloudRequest.safeParse({
      google_drive: googleOf(opts),
      icloud: icloudOf(opts),
    });
    if (!parsed.success) {
      throw new CliError(
        parsed.error.issues
          .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
          .join('; '),
      );
    }
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    if (remote) {
      ctx.json(await remote.call(appId, 'PUT', ROUTES.adminRecovery(appId), parsed.data));
      return;
    }
    const secret = await serverSecretOf(ctx.env);
    const handle = await ctx.db();
    if (!(await findApp(handle, appId))) throw new CliError(`App not found: ${appId}`);
    ctx.json(
      await applyRecoveryCloudRequest(
        { db: handle, keys: deriveServerKeys(secret) },
        appId,
        parsed.data,
      ),
    );
  });

  withRemote(
    recovery
      .command('show <appId>')
      .description("print the app's cloud recovery settings (never the Google secret)"),
  ).action(async (appId: string, opts: RemoteOptions) => {
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    if (remote) {
      ctx.json(await remote.call(appId, 'GET', ROUTES.adminRecovery(appId)));
      return;
    }
    const handle = await ctx.db();
    if (!(await findApp(handle, appId))) throw new CliError(`App not found: ${appId}`);
    ctx.json(await recoveryCloudView({ db: handle }, appId));
  });
}
