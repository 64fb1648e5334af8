/**
 * `latchkey moonpay set|show <appId>` (issue 20): the app's MoonPay keys, locally (the database)
 * or remotely (the admin API with `--api-url` and `--app-secret`).
 *
 * ```
 * latchkey moonpay set <appId> [--sandbox-publishable-key pk_test_... --sandbox-secret-key sk_test_...]
 *                              [--live-publishable-key pk_live_... --live-secret-key sk_live_...]
 *                              [--clear-sandbox] [--clear-live]
 * latchkey moonpay show <appId>
 * ```
 *
 * Secret keys are sealed with the server secret and never printed. The on-ramp itself is turned
 * on with `latchkey apps set <appId> fiat_on_ramp_enabled=true`.
 */
import type { Command } from 'commander';
import { findApp } from '../../apps/records.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../../cli/admin-client.ts';
import { CliError, type CliContext } from '../../cli/context.ts';
import { deriveServerKeys } from '../../crypto.ts';
import { serverSecretOf } from '../../env.ts';
import { moonPayKeysView, setMoonPayKeys } from '../keys.ts';
import { adminMoonpayKeysRequest, FUNDING_ROUTES } from '@latchkey/api';

type SetOptions = RemoteOptions & {
  sandboxPublishableKey?: string;
  sandboxSecretKey?: string;
  livePublishableKey?: string;
  liveSecretKey?: string;
  clearSandbox?: boolean;
  clearLive?: boolean;
};

/** One environment's part of the request from the options (undefined: left as is). */
function pairOf(
  name: 'sandbox' | 'live',
  publishable: string | undefined,
  secret: string | undefined,
  clear: boolean | undefined,
) {
  if (clear) {
    if (publishable !== undefined || secret !== undefined) {
      throw new CliError(`--clear-${name} cannot be given with ${name} keys`);
    }
    return null;
  }
  if (publishable === undefined && secret === undefined) return undefined;
  if (publishable === undefined || secret === undefined) {
    throw new CliError(`--${name}-publishable-key and --${name}-secret-key go together`);
  }
  return { publishable_key: publishable, secret_key: secret };
}

/** Registers `moonpay set` and `moonpay show` on `program`. */
export function registerMoonpay(program: Command, ctx: CliContext): void {
  const moonpay = program
    .command('moonpay')
    .description("set an app's MoonPay keys (the card on-ramp)");

  withRemote(
    moonpay
      .command('set <appId>')
      .description("store the app's MoonPay keys (secret keys are sealed at rest)")
      .option('--sandbox-publishable-key <key>', 'sandbox publishable key (pk_test_...)')
      .option('--sandbox-secret-key <key>', 'sandbox secret key (sk_test_...)')
      .option('--live-publishable-key <key>', 'live publishable key (pk_live_...)')
      .option('--live-secret-key <key>', 'live secret key (sk_live_...)')
      .option('--clear-sandbox', 'remove the sandbox keys')
      .option('--clear-live', 'remove the live keys'),
  ).action(async (appId: string, opts: SetOptions) => {
    const request = {
      sandbox: pairOf(
        'sandbox',
        opts.sandboxPublishableKey,
        opts.sandboxSecretKey,
        opts.clearSandbox,
      ),
      live: pairOf('live', opts.livePublishableKey, opts.liveSecretKey, opts.clearLive),
    };
    const parsed = adminMoonpayKeysRequest.safeParse(request);
    if (!parsed.success) {
      throw new CliError(
        parsed.error.issues
          .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
          .join('; '),
      );
    }
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    let view: unknown;
    if (remote) {
      view = await remote.call(appId, 'PUT', FUNDING_ROUTES.adminMoonpay(appId), parsed.data);
    } else {
      const secret = await serverSecretOf(ctx.env);
      const handle = await ctx.db();
      if (!(await findApp(handle, appId))) throw new CliError(`App not found: ${appId}`);
      view = await setMoonPayKeys(
        { db: handle, keys: deriveServerKeys(secret) },
        appId,
        parsed.data,
      );
    }
    ctx.json(view);
  });

  withRemote(
    moonpay
      .command('show <appId>')
      .description("print the app's MoonPay publishable keys (never the secret keys)"),
  ).action(async (appId: string, opts: RemoteOptions) => {
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    if (remote) {
      ctx.json(await remote.call(appId, 'GET', FUNDING_ROUTES.adminMoonpay(appId)));
      return;
    }
    const handle = await ctx.db();
    if (!(await findApp(handle, appId))) throw new CliError(`App not found: ${appId}`);
    ctx.json(await moonPayKeysView({ db: handle }, appId));
  });
}
