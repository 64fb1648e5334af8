/**
 * The `latchkey` command line (issue 6): runs the server and configures apps.
 *
 * ```
 * latchkey [serve]                                    start the API (src/main.ts; its env)
 * latchkey migrate [--json]                           apply pending migrations, print the latest
 * latchkey apps create --name <n> [--id <25 chars>] [--origin <url>...] [--json]
 * latchkey apps list
 * latchkey apps show <appId>
 * latchkey apps set <appId> [key=value...] [--json '<object>']
 * latchkey apps rotate-secret <appId>
 * latchkey apps policy <appId> [--json '<policy>' | --file <policy.json> | --clear]
 * latchkey allowlist list|add|remove <appId> [<type> <value>]
 * latchkey oauth set <appId> <provider> --client-id <id> --client-secret <s> [--issuer <url>]
 * latchkey moonpay set <appId> [--sandbox-publishable-key <pk> --sandbox-secret-key <sk>]
 *   [--live-publishable-key <pk> --live-secret-key <sk>] [--clear-sandbox] [--clear-live]
 * latchkey moonpay show <appId>
 * latchkey recovery set <appId> [--google-client-id <id> --google-client-secret <secret>
 *   --google-issuer <url> --drive-api-url <url>] [--cloudkit-container <id>
 *   --cloudkit-environment <env> --cloudkit-api-token <token> --cloudkit-api-url <url>]
 *   [--clear-google] [--clear-icloud]
 * latchkey recovery show <appId>
 * latchkey cross-app allow <providerAppId> <clientId> --redirect-uri <uri> [--redirect-uri <uri>]
 *   [--read-only] [--public] [--rotate-secret]
 * latchkey cross-app list <providerAppId>
 * latchkey cross-app remove <providerAppId> <clientId>
 * ```
 *
 * Local mode (default) opens the database like the server does (`DATABASE_URL`, else PGlite in
 * `$LATCHKEY_DATA_DIR/db`); PGlite cannot be opened while a server runs on the same folder, so
 * `show`, `set`, `allowlist`, `oauth`, `moonpay`, `cross-app` and `recovery` also work remotely through the
 * admin HTTP API with `--api-url <url>` and `--app-secret <secret>` (or `LATCHKEY_API_URL`,
 * `LATCHKEY_APP_SECRET`). The same service functions back both modes (`apps/`, `funding/`,
 * `crossapp/`).
 *
 * This file only dispatches: each command is a file under `commands/`, the remote mode is
 * `admin-client.ts`, the shared state `context.ts`.
 *
 * Bad input prints `latchkey: <message>` on stderr and exits 1.
 */
import { Command, CommanderError } from 'commander';
import { ApiError } from '../errors.ts';
import { registerAllowlist } from './commands/allowlist.ts';
import { registerAppsCreate } from './commands/apps-create.ts';
import { registerAppsList } from './commands/apps-list.ts';
import { registerAppsPolicy } from './commands/apps-policy.ts';
import { registerAppsRotateSecret } from './commands/apps-rotate-secret.ts';
import { registerAppsSet } from './commands/apps-set.ts';
import { registerAppsShow } from './commands/apps-show.ts';
import { registerMigrate } from './commands/migrate.ts';
import { registerServe } from './commands/serve.ts';
import { registerCrossApp } from '../crossapp/cli.ts';
import { registerMoonpay } from '../funding/cli/moonpay.ts';
import { registerRecovery } from '../recovery/cli.ts';
import { type CliIo, createCliContext } from './context.ts';
import { loadMethodClis } from './methodCommands.ts';

export { parseAssignments } from './assignments.ts';
export type { CliIo } from './context.ts';

/** Formats an error for stderr: the message and any field issues. */
function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const issues = error.issues?.length && !error.message.includes(':') ? error.issues : [];
    return [error.message, ...issues.map((i) => `  ${i.path || '(body)'}: ${i.message}`)].join(
      '\n',
    );
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs the command line with `argv` (without `node` and the script: `['apps', 'list']`).
 * No arguments means `serve`, which starts the API server (src/main.ts) and never resolves.
 *
 * @returns the exit code: 0 on success, 1 on bad input or a failed call.
 */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  // The methods' own commands (`methods/<id>/cli.ts`), registered after the shared ones.
  const methodClis = await loadMethodClis();
  const remoteCommands = [
    'show',
    'set',
    'allowlist',
    ...methodClis.flatMap((m) => m.remoteCommands ?? []),
    'moonpay',
    'cross-app',
    'recovery',
  ];
  const { ctx, close } = createCliContext(io);
  const program = new Command('latchkey')
    .description('Latchkey: login and embedded wallets. Runs the API server and configures apps.')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
    })
    .addHelpText(
      'after',
      `
Database: DATABASE_URL (PostgreSQL), else PGlite in $LATCHKEY_DATA_DIR/db (default .latchkey/db).
PGlite cannot be opened while the server runs on the same folder: stop it, or use the remote
mode of ${remoteCommands.join('/')} with --api-url <url> --app-secret <secret> (or the
environment variables LATCHKEY_API_URL and LATCHKEY_APP_SECRET), which goes through the admin
HTTP API. Creating apps needs LATCHKEY_SECRET (without DATABASE_URL, the dev secret file in the
data folder also does; with DATABASE_URL, LATCHKEY_SECRET is required).`,
    );

  // Registration order is the order of `--help`.
  registerServe(program, ctx);
  registerMigrate(program, ctx);
  const apps = program.command('apps').description('create, list, show and configure apps');
  registerAppsCreate(apps, ctx);
  registerAppsList(apps, ctx);
  registerAppsShow(apps, ctx);
  registerAppsSet(apps, ctx);
  registerAppsPolicy(apps, ctx);
  registerAppsRotateSecret(apps, ctx);
  registerAllowlist(program, ctx);
  for (const method of methodClis) method.register(program, ctx);
  // Issue 20: the card on-ramp's MoonPay keys (`funding/cli/moonpay.ts`).
  registerMoonpay(program, ctx);
  // Issue 21: the cross-app clients allowed to connect to an app (`crossapp/cli.ts`).
  registerCrossApp(program, ctx);
  // Issue 23: the cloud recovery settings (`recovery/cli.ts`).
  registerRecovery(program, ctx);

  try {
    await program.parseAsync(argv.length === 0 ? ['serve'] : argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.help' ||
        error.code === 'commander.version'
        ? 0
        : 1;
    }
    io.stderr(`latchkey: ${describe(error)}\n`);
    return 1;
  } finally {
    await close();
  }
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  };
}
