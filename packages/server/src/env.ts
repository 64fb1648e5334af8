/**
 * The environment (issue 11): every variable the server (`src/main.ts`), the `latchkey` command
 * line (`src/cli/`) and the dev tools (`scripts/start.ts`, `src/methods/oauth/dev/oidc.ts`) read is parsed
 * here, with its default and its error, once.
 *
 * - `DATABASE_URL`: PostgreSQL; else PGlite in `$LATCHKEY_DATA_DIR/db`
 *   (`LATCHKEY_DATA_DIR` default `.latchkey` under the working directory).
 * - `LATCHKEY_SECRET` (>= 32 characters), else (development, PGlite only) the file
 *   `$LATCHKEY_DATA_DIR/secret`. With `DATABASE_URL` the secret must be given.
 * - The server's own variables (`PORT`, `PUBLIC_URL`, `SMTP_*`, `TWILIO_*`, ...): see
 *   {@link parseServerEnv} and the header of `src/main.ts`.
 *
 * The dev stack's defaults (ports, data folder, dev app id) live in `dev-defaults.ts`, which
 * the dev tools import without loading this module's dependencies; they are re-exported here.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MIN_SECRET_LENGTH } from './crypto.ts';
import { type Database, openDatabase } from './db/index.ts';
import {
  DEFAULT_DEV_ORIGIN,
  DEFAULT_DEV_PROVIDER_ORIGIN,
  DEFAULT_PORT,
  dataDirOf,
  devAppIdOf,
  type Env,
} from './dev-defaults.ts';
import type { MoonPayEndpoints } from './funding/moonpay.ts';
import { DEFAULT_LOG_LEVEL, isLogLevel, LOG_LEVELS, type LogLevel } from './logging/logger.ts';
import { parsePriceEnv, type PriceSettings } from './prices/config.ts';
import type { RateLimitConfig } from './rate-limit.ts';
import { ANVIL_CHAIN_ID } from './wallets/funder.ts';

export {
  DEFAULT_DEV_OIDC_PORT,
  DEFAULT_DEV_ORIGIN,
  DEFAULT_DEV_PROVIDER_ORIGIN,
  DEFAULT_PORT,
  DEV_APP_ID,
  DEV_PROVIDER_APP_ID,
  dataDirOf,
  devAppIdOf,
  type Env,
} from './dev-defaults.ts';

/**
 * Opens the database the environment names: PostgreSQL at `DATABASE_URL`, else PGlite in
 * `<data dir>/db` (created and migrated on first use). PGlite holds the folder exclusively:
 * it cannot be opened while a server runs on the same folder.
 */
export function openConfiguredDatabase(env: Env): Promise<Database> {
  return openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolMax: poolMaxOf(env) }
      : { dataDir: join(dataDirOf(env), 'db') },
  );
}

/**
 * `LATCHKEY_DB_POOL_MAX`: the PostgreSQL pool size, or undefined for the default (20).
 * @throws EnvError when set to anything but a positive integer.
 */
export function poolMaxOf(env: Env): number | undefined {
  const raw = env.LATCHKEY_DB_POOL_MAX?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new EnvError(`LATCHKEY_DB_POOL_MAX must be a positive integer: ${raw}`);
  }
  return value;
}

/** Reads a secret file (trimmed), or undefined when absent or shorter than `minLength`. */
async function readSecretFile(file: string, minLength: number): Promise<string | undefined> {
  try {
    const value = (await readFile(file, 'utf8')).trim();
    return value.length >= minLength ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Reads `file`, or writes a new 32-byte base64url secret to it (mode 0600) and returns that. */
async function readOrCreateSecretFile(file: string, minLength: number): Promise<string> {
  const existing = await readSecretFile(file, minLength);
  if (existing) return existing;
  await mkdir(resolve(file, '..'), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The development server secret in `<dataDir>/secret`, created (mode 0600) on first use.
 * @returns a secret of at least 32 characters.
 */
export function devServerSecret(dataDir: string): Promise<string> {
  return readOrCreateSecretFile(join(dataDir, 'secret'), MIN_SECRET_LENGTH);
}

/**
 * The message of a refusal to guess the server secret: with `DATABASE_URL` (a database other
 * processes share) the secret must come from `LATCHKEY_SECRET`, never from a file in the
 * working directory's data folder, which may hold another server's (or no) secret.
 */
export const SECRET_REQUIRED_WITH_DATABASE_URL =
  'LATCHKEY_SECRET is required when DATABASE_URL is set: set it to the secret of the servers ' +
  'using that database (the secret file in the data folder is only for the local PGlite database).';

/**
 * The server secret for tools: `LATCHKEY_SECRET`, else (PGlite only, no `DATABASE_URL`) an
 * existing `<data dir>/secret` made by a development server; with `LATCHKEY_DEV=1` the file is
 * created when missing.
 * @throws Error {@link SECRET_REQUIRED_WITH_DATABASE_URL} when `DATABASE_URL` is set without
 *   `LATCHKEY_SECRET` (no file is read or written); an Error naming what to set when there is
 *   no secret, or when it is too short.
 */
export async function serverSecretOf(env: Env): Promise<string> {
  let secret = env.LATCHKEY_SECRET;
  if (!secret && env.DATABASE_URL) throw new Error(SECRET_REQUIRED_WITH_DATABASE_URL);
  if (!secret) {
    const dir = dataDirOf(env);
    secret =
      env.LATCHKEY_DEV === '1'
        ? await devServerSecret(dir)
        : await readSecretFile(join(dir, 'secret'), MIN_SECRET_LENGTH);
  }
  if (!secret) {
    throw new Error(`LATCHKEY_SECRET is required (at least ${MIN_SECRET_LENGTH} characters).`);
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`LATCHKEY_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
  }
  return secret;
}

/** File name of the development app's admin secret inside the data folder. */
export const DEV_APP_SECRET_FILE = 'dev-app-secret';

/**
 * The development app's admin secret: `LATCHKEY_DEV_APP_SECRET` when set, else the content of
 * `<data dir>/dev-app-secret`, created (32 random bytes, base64url, mode 0600) when missing.
 * The e2e harness reads that file to call the admin API.
 */
export function devAppSecret(env: Env): Promise<string> {
  if (env.LATCHKEY_DEV_APP_SECRET) return Promise.resolve(env.LATCHKEY_DEV_APP_SECRET);
  return readOrCreateSecretFile(join(dataDirOf(env), DEV_APP_SECRET_FILE), 16);
}

/** File a server writes into the data folder while it holds the PGlite database. */
export const SERVER_PID_FILE = 'server.pid';

/**
 * Marks the PGlite data folder as used by this process (`<data dir>/server.pid`).
 * @returns a function that removes the mark (call it on shutdown).
 */
export async function markDataDirInUse(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, SERVER_PID_FILE);
  await writeFile(file, `${process.pid}\n`);
  return () => rm(file, { force: true });
}

/**
 * The pid of a live server process that holds the PGlite folder of `env`, or undefined (no
 * mark, a stale mark of a dead process, or PostgreSQL via `DATABASE_URL`).
 */
export async function serverUsingDataDir(env: Env): Promise<number | undefined> {
  if (env.DATABASE_URL) return undefined;
  let pid: number;
  try {
    pid = Number((await readFile(join(dataDirOf(env), SERVER_PID_FILE), 'utf8')).trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but not ours; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The server process (src/main.ts) and the dev stack.

/** A refusal to start: the message names the variable and what is wrong with it. */
export class EnvError extends Error {}

/** What the server process runs with, parsed from its environment by {@link parseServerEnv}. */
export interface ServerEnv {
  /** `LATCHKEY_DEV=1`. */
  dev: boolean;
  /** `PORT`, default {@link DEFAULT_PORT}. */
  port: number;
  /** `PUBLIC_URL`, default `http://localhost:$PORT` (the token issuer). */
  publicUrl: string;
  /** {@link dataDirOf}. */
  dataDir: string;
  /** `DATABASE_URL` (PostgreSQL), or undefined for PGlite in the data folder. */
  databaseUrl?: string;
  /**
   * `LATCHKEY_SECRET`; undefined only in development on PGlite, where the caller takes
   * {@link devServerSecret} of the data folder.
   */
  secret?: string;
  /** `SMTP_URL` and `SMTP_FROM` (default `Latchkey <login@localhost>`). */
  smtp?: { url: string; from: string };
  /** `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `TWILIO_FROM`, `TWILIO_BASE_URL`. */
  twilio?: { accountSid: string; authToken: string; from: string; baseUrl?: string };
  /** `LATCHKEY_RATE_LIMITS` (JSON). */
  rateLimits?: Partial<RateLimitConfig>;
  /** `LATCHKEY_REFRESH_REUSE_INTERVAL_S` (0-300 seconds). */
  refreshReuseIntervalS?: number;
  /** `LATCHKEY_TRUST_PROXY`, as given (`createServer` parses it). */
  trustProxy?: string;
  /** `LATCHKEY_RPC_URL`, `LATCHKEY_CHAIN_ID` (default 31337), `LATCHKEY_CHAIN_NAME`. */
  chain?: { rpcUrl: string; chainId: number; name?: string };
  /** `LATCHKEY_TURNSTILE_SITEVERIFY_URL`. */
  turnstileSiteverifyUrl?: string;
  /** `LATCHKEY_FARCASTER_RELAY_URL`, `..._RPC_URL` and `..._API_URL` (issue 16). */
  farcaster: { relayUrl?: string; rpcUrl?: string; apiUrl?: string };
  /** `LATCHKEY_LOG_LEVEL` (`trace` ... `fatal`, `silent`), default `info`. */
  logLevel: LogLevel;
  /** `LATCHKEY_WALLET_KEY_IDLE_MS` (an integer >= 0), or undefined for the frame's default. */
  walletKeyIdleMs?: number;
  /**
   * `LATCHKEY_DEV_OUTBOX`: where the development outbox keeps messages, `database` (default, the
   * `dev_outbox` table every process sees) or `memory` (this process only; no statement per
   * message: what `npm run bench:server` uses, issue 13).
   */
  devOutbox: 'database' | 'memory';
  /** `LATCHKEY_DB_POOL_MAX` ({@link poolMaxOf}), or undefined for the default (20). */
  dbPoolMax?: number;
  /**
   * `LATCHKEY_MOONPAY_API_URL`, `LATCHKEY_MOONPAY_WIDGET_URL` (live) and
   * `LATCHKEY_MOONPAY_SANDBOX_WIDGET_URL` (issue 20): MoonPay's hosts, or a stand-in's.
   */
  moonpay: MoonPayEndpoints;
  /** `LATCHKEY_PRICE_*` (issue 20; `prices/config.ts`): the token price source. */
  prices: PriceSettings;
  /** The development app (used with `dev`). */
  devApp: {
    /** {@link devAppIdOf}. */
    id: string;
    /** `LATCHKEY_DEV_ORIGINS`, comma-separated, default {@link DEFAULT_DEV_ORIGIN}. */
    origins: string[];
    /**
     * `LATCHKEY_DEV_PROVIDER_ORIGINS`, comma-separated, default
     * {@link DEFAULT_DEV_PROVIDER_ORIGIN}: the allowed origins of the dev stack's cross-app
     * provider app (issue 21), its own demo site. Absent (tests), the provider app has none.
     */
    providerOrigins?: string[];
    /** `LATCHKEY_DEV_OIDC_ISSUER`: the local OpenID provider its Google button uses. */
    oidcIssuer?: string;
    /**
     * `LATCHKEY_DEV_DRIVE_URL`: the Google Drive stand-in's base (issue 23); with the OpenID
     * provider, the dev app's Google Drive recovery settings point there.
     */
    driveApiUrl?: string;
    /** `LATCHKEY_DEV_CLOUDKIT_URL`: the CloudKit stand-in's base (issue 23). */
    cloudKitApiUrl?: string;
    /**
     * `LATCHKEY_RPC_URL`: the development chain (anvil), where the dev seed places the stand-ins
     * of third-party contracts (Farcaster's registries) and registers the dev app's accounts.
     */
    chainRpcUrl?: string;
  };
}

/**
 * Parses the server's environment (see the header of `src/main.ts` for every variable).
 *
 * @returns the parsed settings; nothing is read from or written to disk.
 * @throws EnvError, in this order: `PORT is not a port`; no code delivery (neither
 *   `LATCHKEY_DEV=1` nor `SMTP_URL`); `LATCHKEY_SECRET is required` (outside development),
 *   {@link SECRET_REQUIRED_WITH_DATABASE_URL}, or too short; `LATCHKEY_RATE_LIMITS` not JSON;
 *   `LATCHKEY_REFRESH_REUSE_INTERVAL_S` outside 0-300; `LATCHKEY_RPC_URL` not a URL;
 *   `LATCHKEY_CHAIN_ID` not a chain id; `TWILIO_ACCOUNT_SID` without its token or sender;
 *   `LATCHKEY_LOG_LEVEL` not a level; a bad `LATCHKEY_PRICE_*` (`parsePriceEnv`) or
 *   `LATCHKEY_MOONPAY_*` URL.
 */
export function parseServerEnv(env: Env): ServerEnv {
  const dev = env.LATCHKEY_DEV === '1';
  const port = Number(env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EnvError(`PORT is not a port: ${env.PORT}`);
  }
  if (!dev && !env.SMTP_URL) {
    throw new EnvError(
      'no way to deliver login codes. Set SMTP_URL (and SMTP_FROM) for production, or LATCHKEY_DEV=1 for the development outbox.',
    );
  }
  const secret = env.LATCHKEY_SECRET || undefined;
  if (!secret) {
    if (!dev)
      throw new EnvError(`LATCHKEY_SECRET is required (at least ${MIN_SECRET_LENGTH} characters).`);
    if (env.DATABASE_URL) throw new EnvError(SECRET_REQUIRED_WITH_DATABASE_URL);
  } else if (secret.length < MIN_SECRET_LENGTH) {
    throw new EnvError(`LATCHKEY_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
  }

  let rateLimits: Partial<RateLimitConfig> | undefined;
  if (env.LATCHKEY_RATE_LIMITS) {
    try {
      rateLimits = JSON.parse(env.LATCHKEY_RATE_LIMITS) as Partial<RateLimitConfig>;
    } catch {
      throw new EnvError('LATCHKEY_RATE_LIMITS is not valid JSON.');
    }
  }

  const reuseEnv = env.LATCHKEY_REFRESH_REUSE_INTERVAL_S?.trim();
  const refreshReuseIntervalS = reuseEnv ? Number(reuseEnv) : undefined;
  if (
    refreshReuseIntervalS !== undefined &&
    !(
      Number.isFinite(refreshReuseIntervalS) &&
      refreshReuseIntervalS >= 0 &&
      refreshReuseIntervalS <= 300
    )
  ) {
    throw new EnvError(`LATCHKEY_REFRESH_REUSE_INTERVAL_S must be 0-300 seconds: ${reuseEnv}`);
  }

  const rpcUrl = env.LATCHKEY_RPC_URL?.trim() || undefined;
  const chainId = Number(env.LATCHKEY_CHAIN_ID ?? ANVIL_CHAIN_ID);
  if (rpcUrl) {
    try {
      new URL(rpcUrl);
    } catch {
      throw new EnvError(`LATCHKEY_RPC_URL is not a URL: ${rpcUrl}`);
    }
    if (!Number.isInteger(chainId) || chainId < 1) {
      throw new EnvError(`LATCHKEY_CHAIN_ID is not a chain id: ${env.LATCHKEY_CHAIN_ID}`);
    }
  }

  let twilio: ServerEnv['twilio'];
  if (env.TWILIO_ACCOUNT_SID) {
    if (!env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) {
      throw new EnvError('TWILIO_ACCOUNT_SID needs TWILIO_AUTH_TOKEN and TWILIO_FROM.');
    }
    twilio = {
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      baseUrl: env.TWILIO_BASE_URL || undefined,
    };
  }

  const logLevel = env.LATCHKEY_LOG_LEVEL?.trim().toLowerCase() || DEFAULT_LOG_LEVEL;
  if (!isLogLevel(logLevel)) {
    throw new EnvError(
      `LATCHKEY_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}: ${env.LATCHKEY_LOG_LEVEL}`,
    );
  }

  const idleEnv = env.LATCHKEY_WALLET_KEY_IDLE_MS?.trim();
  const walletKeyIdleMs = idleEnv ? Number(idleEnv) : undefined;
  if (
    walletKeyIdleMs !== undefined &&
    !(Number.isInteger(walletKeyIdleMs) && walletKeyIdleMs >= 0)
  ) {
    throw new EnvError(`LATCHKEY_WALLET_KEY_IDLE_MS must be an integer of ms >= 0: ${idleEnv}`);
  }

  const dbPoolMax = poolMaxOf(env);

  const devOutbox = env.LATCHKEY_DEV_OUTBOX?.trim().toLowerCase() || 'database';
  if (devOutbox !== 'database' && devOutbox !== 'memory') {
    throw new EnvError(
      `LATCHKEY_DEV_OUTBOX must be database or memory: ${env.LATCHKEY_DEV_OUTBOX}`,
    );
  }

  let prices: PriceSettings;
  try {
    prices = parsePriceEnv(env);
  } catch (error) {
    throw new EnvError((error as Error).message);
  }

  return {
    dev,
    port,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    dataDir: dataDirOf(env),
    databaseUrl: env.DATABASE_URL || undefined,
    secret,
    smtp: env.SMTP_URL
      ? { url: env.SMTP_URL, from: env.SMTP_FROM ?? 'Latchkey <login@localhost>' }
      : undefined,
    twilio,
    rateLimits,
    refreshReuseIntervalS,
    trustProxy: env.LATCHKEY_TRUST_PROXY,
    chain: rpcUrl ? { rpcUrl, chainId, name: env.LATCHKEY_CHAIN_NAME } : undefined,
    turnstileSiteverifyUrl: env.LATCHKEY_TURNSTILE_SITEVERIFY_URL || undefined,
    farcaster: {
      relayUrl: urlOf(env, 'LATCHKEY_FARCASTER_RELAY_URL'),
      rpcUrl: urlOf(env, 'LATCHKEY_FARCASTER_RPC_URL'),
      apiUrl: urlOf(env, 'LATCHKEY_FARCASTER_API_URL'),
    },
    logLevel,
    walletKeyIdleMs,
    dbPoolMax,
    devOutbox,
    moonpay: {
      apiUrl: urlOf(env, 'LATCHKEY_MOONPAY_API_URL'),
      widgetUrls: {
        live: urlOf(env, 'LATCHKEY_MOONPAY_WIDGET_URL'),
        sandbox: urlOf(env, 'LATCHKEY_MOONPAY_SANDBOX_WIDGET_URL'),
      },
    },
    prices,
    devApp: {
      id: devAppIdOf(env),
      origins: originsOf(env.LATCHKEY_DEV_ORIGINS ?? DEFAULT_DEV_ORIGIN),
      providerOrigins: originsOf(env.LATCHKEY_DEV_PROVIDER_ORIGINS ?? DEFAULT_DEV_PROVIDER_ORIGIN),
      oidcIssuer: env.LATCHKEY_DEV_OIDC_ISSUER || undefined,
      driveApiUrl: env.LATCHKEY_DEV_DRIVE_URL || undefined,
      cloudKitApiUrl: env.LATCHKEY_DEV_CLOUDKIT_URL || undefined,
      chainRpcUrl: rpcUrl,
    },
  };
}

/** A comma-separated list of origins, each trimmed, empty entries dropped. */
function originsOf(list: string): string[] {
  return list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/**
 * The URL in `env[name]`, trimmed, or undefined when unset or empty.
 * @throws EnvError when it is not an http(s) URL.
 */
function urlOf(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EnvError(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EnvError(`${name} must be an http(s) URL: ${value}`);
  }
  return value.replace(/\/$/, '');
}
