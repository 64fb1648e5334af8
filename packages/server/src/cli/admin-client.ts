/**
 * The remote mode of the command line: the admin HTTP API of a running server (issue 6), with
 * HTTP Basic auth of the app id and the app secret. `--api-url` / `--app-secret` (or
 * `LATCHKEY_API_URL` / `LATCHKEY_APP_SECRET`) ask for it.
 */
import type { Command } from 'commander';
import type { Env } from '../env.ts';
import { CliError, type CliIo } from './context.ts';

/** The remote-mode options a command may take. */
export interface RemoteOptions {
  apiUrl?: string;
  appSecret?: string;
}

/** A client of one server's admin API. */
export interface AdminClient {
  /** The API base, without a trailing slash. */
  readonly apiUrl: string;
  /**
   * Calls `method path` for `appId` with a JSON body.
   * @returns the parsed JSON answer (or its text when not JSON).
   * @throws CliError `Cannot reach <url>: ...`, or `<error> (<code>)` plus one line per issue
   *   for an error answer.
   */
  call(appId: string, method: string, path: string, body?: unknown): Promise<unknown>;
}

/** Adds `--api-url` and `--app-secret` to a command. */
export function withRemote(cmd: Command): Command {
  return cmd
    .option('--api-url <url>', 'use the admin HTTP API of a running server (env LATCHKEY_API_URL)')
    .option('--app-secret <secret>', 'the app secret for --api-url (env LATCHKEY_APP_SECRET)');
}

/**
 * The admin client the options (or the environment) ask for, or undefined for the local mode.
 * @throws CliError when the URL is missing its secret or is not a URL.
 */
export function adminClientOf(
  opts: RemoteOptions,
  env: Env,
  io: Pick<CliIo, 'fetch'>,
): AdminClient | undefined {
  const given = opts.apiUrl ?? env.LATCHKEY_API_URL;
  if (!given) return undefined;
  const secret = opts.appSecret ?? env.LATCHKEY_APP_SECRET;
  if (!secret) throw new CliError('--api-url needs --app-secret (or LATCHKEY_APP_SECRET)');
  try {
    new URL(given);
  } catch {
    throw new CliError(`--api-url is not a URL: ${given}`);
  }
  const apiUrl = given.replace(/\/+$/, '');
  const doFetch = io.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  return {
    apiUrl,
    async call(appId, method, path, body) {
      const auth = Buffer.from(`${appId}:${secret}`).toString('base64');
      let res: Response;
      try {
        res = await doFetch(`${apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Basic ${auth}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw new CliError(`Cannot reach ${apiUrl}: ${(error as Error).message}`);
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
    },
  };
}

/**
 * Refuses the remote mode for a command that needs the database.
 * @throws CliError `<what> needs the database; it has no --api-url mode`.
 */
export function assertLocalOnly(opts: RemoteOptions, env: Env, what: string): void {
  if (opts.apiUrl ?? env.LATCHKEY_API_URL) {
    throw new CliError(`${what} needs the database; it has no --api-url mode`);
  }
}
