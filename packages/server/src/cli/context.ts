/**
 * What every `latchkey` command runs with (issue 11): the io, the environment, the database
 * (opened on first use, closed by `runCli`), and the error type for bad input.
 */
import type { Database, Db } from '../db/index.ts';
import { dataDirOf, type Env, openConfiguredDatabase, serverUsingDataDir } from '../env.ts';

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

/** Bad input or a failed call: `runCli` prints `latchkey: <message>` and exits 1. */
export class CliError extends Error {}

/** The shared state of one `runCli` call, handed to each command's `register`. */
export interface CliContext {
  readonly io: CliIo;
  readonly env: Env;
  /**
   * The database: `io.database`, else the one the environment names, opened once.
   * @throws CliError when a live server holds the PGlite folder.
   */
  database(): Promise<Database>;
  /** The Drizzle handle of {@link CliContext.database}. */
  db(): Promise<Db>;
  /** Prints `value` as indented JSON and a newline. */
  json(value: unknown): void;
}

/**
 * Makes the context of one run.
 * @returns the context and `close`, which closes a database the context opened.
 */
export function createCliContext(io: CliIo): { ctx: CliContext; close(): Promise<void> } {
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
  const ctx: CliContext = {
    io,
    env,
    database,
    db: async () => (await database()).db,
    json: (value) => io.stdout(`${JSON.stringify(value, null, 2)}\n`),
  };
  return {
    ctx,
    close: async () => {
      if (opened) await opened.close();
    },
  };
}
