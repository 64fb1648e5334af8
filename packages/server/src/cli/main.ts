/**
 * The `latchkey` command line (issue 6): runs the server and configures apps.
 *
 * ```
 * latchkey [serve]                                    start the API (src/main.ts; its env)
 * latchkey apps create --name <n> [--id <25 chars>] [--origin <url>...] [--json]
 * latchkey apps list
 * latchkey apps show <appId>
 * latchkey apps set <appId> [key=value...] [--json '<object>']
 * latchkey apps rotate-secret <appId>
 * latchkey apps policy <appId> [--json '<policy>' | --file <policy.json> | --clear]
 * latchkey allowlist list|add|remove <appId> [<type> <value>]
 * latchkey oauth set <appId> <provider> --client-id <id> --client-secret <s> [--issuer <url>]
 * ```
 *
 * Local mode (default) opens the database like the server does (`DATABASE_URL`, else PGlite in
 * `$LATCHKEY_DATA_DIR/db`); PGlite cannot be opened while a server runs on the same folder, so
 * `show`, `set`, `allowlist` and `oauth` also work remotely through the admin HTTP API with
 * `--api-url <url>` and `--app-secret <secret>` (or `LATCHKEY_API_URL`, `LATCHKEY_APP_SECRET`).
 * The same service functions back both modes (`apps/service.ts`).
 *
 * Bad input prints `latchkey: <message>` on stderr and exits 1.
 */
import {
  ADMIN_OAUTH_PROVIDERS,
  adminAppUpdate,
  adminOAuthProviderRequest,
  ALLOWLIST_ENTRY_TYPES,
  type OAuthProvider,
  ROUTES,
} from '@latchkey/api';
import { readFile } from 'node:fs/promises';
import { Command, CommanderError } from 'commander';
import { asc, eq } from 'drizzle-orm';
import {
  addAllowlistEntry,
  appSettingsToColumns,
  applyAppSettings,
  createAppRecord,
  findApp,
  issueAppSecret,
  listAllowlist,
  loadAdminAppConfig,
  removeAllowlistEntry,
} from '../apps/service.ts';
import { deriveServerKeys } from '../crypto.ts';
import type { Database } from '../db/index.ts';
import { apps } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { setOAuthProviderConfig } from '../methods/oauth/service.ts';
import { walletPolicyOf } from '../wallets/policy.ts';
import {
  dataDirOf,
  type Env,
  openConfiguredDatabase,
  SECRET_REQUIRED_WITH_DATABASE_URL,
  serverSecretOf,
  serverUsingDataDir,
} from '../env.ts';

/** Where the command line reads and writes (the process by default; tests capture it). */
export interface CliIo {
  /** Writes to standard output. */
  stdout(text: string): void;
  /** Writes to standard error. */
  stderr(text: string): void;
  /** Environment variables. Default `process.env`. */
  env?: Env;
  /** A database to use instead of opening one from the environment (not closed by the CLI). */
  database?: Database;
  /** `fetch` of the remote mode. Default the global `fetch`. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** Fields of `adminAppUpdate` whose values are arrays (`key=a,b,c` on the command line). */
const ARRAY_FIELDS = new Set([
  'allowed_origins',
  'mfa_methods',
  'embedded_wallet_config.user_owned_recovery_options',
]);

class CliError extends Error {}

/**
 * Turns `key=value` arguments (plus an optional JSON object) into a settings update: values
 * are JSON when they parse (`true`, `10`, `null`, `"text"`, `[...]`), else text; array fields
 * take comma lists (`allowed_origins=https://a.com,https://b.com`, empty for none); dotted keys
 * nest (`allowlist_config.error_title="Invite only"`).
 *
 * @throws CliError for an argument without `=` or JSON that is not an object.
 */
export function parseAssignments(pairs: string[], json?: string): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new CliError('--json is not valid JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CliError('--json must be a JSON object');
    }
    out = parsed as Record<string, unknown>;
  }
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`Expected key=value, got "${pair}"`);
    const key = pair.slice(0, eq).trim();
    const raw = pair.slice(eq + 1);
    let value: unknown;
    if (ARRAY_FIELDS.has(key) && !raw.trim().startsWith('[')) {
      value = raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
    } else {
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw;
      }
    }
    const path = key.split('.');
    let target = out;
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return out;
}

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
  const env = io.env ?? process.env;
  let opened: Database | undefined;
  const database = async (): Promise<Database> => {
    if (io.database) return io.database;
    if (!opened) {
      const pid = await serverUsingDataDir(env);
      if (pid !== undefined) {
        throw new CliError(
          `A Latchkey server (pid ${pid}) is using the database in ${dataDirOf(env)}; PGlite ` +
            'cannot be opened twice. Stop it, or use --api-url <url> --app-secret <secret>.',
        );
      }
      opened = await openConfiguredDatabase(env);
    }
    return opened;
  };
  const db = async () => (await database()).db;
  const json = (value: unknown) => io.stdout(`${JSON.stringify(value, null, 2)}\n`);

  interface RemoteOptions {
    apiUrl?: string;
    appSecret?: string;
  }
  /** The admin API base and secret when the remote mode is asked for. */
  const remoteOf = (opts: RemoteOptions) => {
    const apiUrl = opts.apiUrl ?? env.LATCHKEY_API_URL;
    if (!apiUrl) return undefined;
    const secret = opts.appSecret ?? env.LATCHKEY_APP_SECRET;
    if (!secret) throw new CliError('--api-url needs --app-secret (or LATCHKEY_APP_SECRET)');
    try {
      new URL(apiUrl);
    } catch {
      throw new CliError(`--api-url is not a URL: ${apiUrl}`);
    }
    return { apiUrl: apiUrl.replace(/\/+$/, ''), secret };
  };
  const callAdmin = async (
    remote: { apiUrl: string; secret: string },
    appId: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<unknown> => {
    const doFetch = io.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
    const auth = Buffer.from(`${appId}:${remote.secret}`).toString('base64');
    let res: Response;
    try {
      res = await doFetch(`${remote.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new CliError(`Cannot reach ${remote.apiUrl}: ${(error as Error).message}`);
    }
    const text = await res.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = text;
    }
    if (!res.ok) {
      const e = value as {
        error?: string;
        code?: string;
        issues?: { path: string; message: string }[];
      };
      const issues = (e.issues ?? [])
        .map((i) => `\n  ${i.path || '(body)'}: ${i.message}`)
        .join('');
      throw new CliError(`${e.error ?? `HTTP ${res.status}`} (${e.code ?? res.status})${issues}`);
    }
    return value;
  };
  const localOnly = (opts: RemoteOptions, what: string) => {
    if (opts.apiUrl ?? env.LATCHKEY_API_URL) {
      throw new CliError(`${what} needs the database; it has no --api-url mode`);
    }
  };

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
mode of show/set/allowlist/oauth with --api-url <url> --app-secret <secret> (or the
environment variables LATCHKEY_API_URL and LATCHKEY_APP_SECRET), which goes through the admin
HTTP API. Creating apps needs LATCHKEY_SECRET (without DATABASE_URL, the dev secret file in the
data folder also does; with DATABASE_URL, LATCHKEY_SECRET is required).`,
    );

  const withRemote = (cmd: Command) =>
    cmd
      .option(
        '--api-url <url>',
        'use the admin HTTP API of a running server (env LATCHKEY_API_URL)',
      )
      .option('--app-secret <secret>', 'the app secret for --api-url (env LATCHKEY_APP_SECRET)');

  program
    .command('serve', { isDefault: false })
    .description(
      'start the API server (the default without arguments; see src/main.ts for its environment)',
    )
    .action(async () => {
      // A server on a shared PostgreSQL never guesses its secret from the working directory.
      if (env.DATABASE_URL && !env.LATCHKEY_SECRET) {
        throw new CliError(SECRET_REQUIRED_WITH_DATABASE_URL);
      }
      await import('../main.ts');
      await new Promise<never>(() => {});
    });

  const appsCmd = program.command('apps').description('create, list, show and configure apps');

  appsCmd
    .command('create')
    .description('create an app and print its id and app secret (the secret is shown once)')
    .requiredOption('--name <name>', 'display name')
    .option('--id <id>', 'the app id (25 characters); default random')
    .option('--origin <url...>', 'allowed origin(s), e.g. https://app.example.com')
    .option('--json', 'print {id, app_secret} as JSON')
    .action(async (opts: { name: string; id?: string; origin?: string[]; json?: boolean }) => {
      // Validate through the same settings schema the admin API uses.
      const columns = appSettingsToColumns({
        name: opts.name,
        ...(opts.origin ? { allowed_origins: opts.origin } : {}),
      });
      if (opts.id !== undefined && !/^[a-z0-9]{25}$/.test(opts.id)) {
        throw new CliError('--id must be 25 lower-case letters or digits');
      }
      // The secret first: a missing one is refused before the database is opened.
      const secret = await serverSecretOf(env);
      const handle = await db();
      if (opts.id && (await findApp(handle, opts.id))) {
        throw new CliError(`An app with id ${opts.id} exists already`);
      }
      const app = await createAppRecord(handle, secret, {
        ...columns,
        name: opts.name,
        ...(opts.id ? { id: opts.id } : {}),
      });
      const appSecret = await issueAppSecret(handle, app.id);
      if (opts.json) {
        json({ id: app.id, app_secret: appSecret });
        return;
      }
      io.stdout(
        `Created app "${app.name}"\n` +
          `  id:         ${app.id}\n` +
          `  app secret: ${appSecret}\n` +
          `The app secret is shown only once; \`latchkey apps rotate-secret ${app.id}\` makes a new one.\n`,
      );
    });

  appsCmd
    .command('list')
    .description('list the apps (id and name)')
    .action(async () => {
      const rows = await (
        await db()
      )
        .select({ id: apps.id, name: apps.name })
        .from(apps)
        .orderBy(asc(apps.createdAt));
      for (const row of rows) io.stdout(`${row.id}\t${row.name}\n`);
    });

  withRemote(
    appsCmd.command('show <appId>').description('print the app settings as JSON (admin config)'),
  ).action(async (appId: string, opts: RemoteOptions) => {
    const remote = remoteOf(opts);
    if (remote) json(await callAdmin(remote, appId, 'GET', ROUTES.adminApp(appId)));
    else json(await loadAdminAppConfig(await db(), appId));
  });

  withRemote(
    appsCmd
      .command('set <appId> [assignments...]')
      .description(
        'change settings: key=value (keys of the admin API, e.g. email_auth=true, max_users=100, ' +
          'allowed_origins=https://a.com,https://b.com, allowlist_config.error_title="Invite only", ' +
          'captcha_site_key=null); prints the new settings',
      )
      .option('--json <object>', 'settings as a JSON object (key=value arguments win)')
      .addHelpText(
        'after',
        `\nKeys: ${Object.keys(adminAppUpdate.shape).join(', ')}.\n` +
          'Nested: allowlist_config.{error_title,error_detail,cta_text,cta_link}, ' +
          'embedded_wallet_config.{create_on_login,user_owned_recovery_options,' +
          'require_user_owned_recovery_on_create}. null clears an optional field.',
      ),
  ).action(
    async (appId: string, assignments: string[], opts: RemoteOptions & { json?: string }) => {
      const update = parseAssignments(assignments, opts.json);
      if (Object.keys(update).length === 0)
        throw new CliError('Nothing to set: give key=value or --json');
      const remote = remoteOf(opts);
      if (remote) {
        json(await callAdmin(remote, appId, 'PATCH', ROUTES.adminApp(appId), update));
        return;
      }
      const handle = await db();
      await applyAppSettings(handle, appId, update);
      json(await loadAdminAppConfig(handle, appId));
    },
  );

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
      const remote = remoteOf(opts);
      if (remote) {
        const config = (await callAdmin(
          remote,
          appId,
          update ? 'PATCH' : 'GET',
          ROUTES.adminApp(appId),
          update,
        )) as { wallet_policy?: unknown };
        json(config.wallet_policy ?? null);
        return;
      }
      const handle = await db();
      if (update) await applyAppSettings(handle, appId, update);
      const [row] = await handle
        .select({ walletPolicy: apps.walletPolicy })
        .from(apps)
        .where(eq(apps.id, appId));
      if (!row) throw new CliError(`App not found: ${appId}`);
      json(walletPolicyOf(row));
    },
  );

  withRemote(
    appsCmd
      .command('rotate-secret <appId>')
      .description('issue a new app secret (the old one stops working) and print it once'),
  ).action(async (appId: string, opts: RemoteOptions) => {
    localOnly(opts, 'rotate-secret');
    const secret = await issueAppSecret(await db(), appId);
    io.stdout(`${secret}\n`);
  });

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
      const remote = remoteOf(opts);
      let list: { entries: { type: string; value: string }[] };
      if (remote) {
        const method = action === 'list' ? 'GET' : action === 'add' ? 'POST' : 'DELETE';
        const body = action === 'list' ? undefined : { type, value };
        list = (await callAdmin(
          remote,
          appId,
          method,
          ROUTES.adminAllowlist(appId),
          body,
        )) as typeof list;
      } else {
        const handle = await db();
        if (!(await findApp(handle, appId))) throw new CliError(`App not found: ${appId}`);
        if (action === 'add') list = await addAllowlistEntry(handle, appId, { type, value });
        else if (action === 'remove')
          list = await removeAllowlistEntry(handle, appId, { type, value });
        else list = await listAllowlist(handle, appId);
      }
      for (const entry of list.entries) io.stdout(`${entry.type}\t${entry.value}\n`);
    },
  );

  const oauthCmd = program.command('oauth').description("set an app's OAuth client at a provider");
  withRemote(
    oauthCmd
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
      const remote = remoteOf(opts);
      if (remote) {
        await callAdmin(
          remote,
          appId,
          'PUT',
          ROUTES.adminOAuthProvider(appId, provider),
          parsed.data,
        );
      } else {
        const secret = await serverSecretOf(env);
        const handle = await db();
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
      io.stdout(`OAuth client of ${provider} stored for ${appId}\n`);
    },
  );

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
    if (opened) await opened.close();
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
