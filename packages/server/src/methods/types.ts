/**
 * The shape of a server login-method module (issue 11). Each method folder
 * (`methods/<id>/index.ts`) exports one {@link LoginMethodModule}; `methods/index.ts` lists them
 * in `METHODS`, and `createServer` mounts routes, the captcha gate and the DPoP login binding by
 * looping over that list. The wire side of a method is its contract in `@latchkey/api`
 * (`LOGIN_METHOD_CONTRACTS`); a module adds the handlers and the tables it owns, and declares
 * its optional parts (admin routes, channel transport, dev seed, CLI commands) as fields, which
 * the shared readers (`admin/routes.ts`, `delivery/configure.ts`, `dev/seed.ts`,
 * `cli/methodCommands.ts`) take from `METHODS`.
 *
 * The part types live here (not beside their readers, which import `METHODS`) so that a method
 * folder imports them without an import cycle.
 */
import type { LoginMethodContract } from '@latchkey/api';
import type { Command } from 'commander';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Hono, MiddlewareHandler } from 'hono';
import type { CliContext } from '../cli/context.ts';
import type { AppEnv, ServerContext } from '../context.ts';
import type { TransportFromEnv } from '../delivery/types.ts';
import type { ServerEnv } from '../env.ts';

/** A chain a wallet login may name, with the RPC that verifies contract-wallet signatures. */
export interface MethodChain {
  /** EIP-155 chain id, e.g. 31337. */
  id: number;
  /** JSON-RPC URL (EIP-1271, ERC-6492 checks); none means EOA signatures only. */
  rpcUrl?: string;
}

/**
 * Per-server options handed to every method's `routes(ctx, options)`, resolved once by
 * `createServer` from `CreateServerOptions`. A method reads only the fields it needs.
 */
export interface MethodRoutesOptions {
  /**
   * Chains a wallet (SIWE) message may name (security catalogue 35): `siweChains`, else the
   * published `chains`; undefined lets the method use its default (mainnet).
   */
  chains?: MethodChain[] | undefined;
  /**
   * `createServer`'s `dev`: a method may mount development stand-ins for third parties that
   * cannot be reached (Telegram's login popup). Never in production.
   */
  dev?: boolean | undefined;
  /**
   * `createServer`'s `farcaster`: the Connect relay and the OP Mainnet RPC of Sign In With
   * Farcaster. Without a relay, `dev` uses the server's own stand-ins, production Farcaster's.
   */
  farcaster?:
    | { relayUrl?: string | undefined; rpcUrl?: string | undefined; apiUrl?: string | undefined }
    | undefined;
}

/** The dev app's part of the environment (`LATCHKEY_DEV_APP_ID`, `..._ORIGINS`, `..._OIDC_ISSUER`). */
export type DevAppEnv = ServerEnv['devApp'];

/**
 * A method's part of the development app's seed (`LATCHKEY_DEV=1`, `dev/seed.ts`), the value of
 * its module's {@link LoginMethodModule.devSeed}.
 */
export interface MethodDevSeed {
  /**
   * The method's settings of the dev app, as admin API keys (snake_case, e.g.
   * `{ email_auth: true }`), merged into one `applyAppSettings` call.
   */
  settings(devApp: DevAppEnv): Record<string, unknown>;
  /** Runs after the settings and the app secret (e.g. an OAuth client at the dev provider). */
  seed?(
    ctx: Pick<ServerContext, 'db' | 'keys' | 'publicUrl'>,
    appId: string,
    devApp: DevAppEnv,
  ): Promise<void>;
}

/**
 * A method's commands of the `latchkey` command line (`cli/methodCommands.ts`), the value of its
 * module's {@link LoginMethodModule.cli}.
 */
export interface MethodCli {
  /** Adds the method's top-level commands to `program` (their `--help` order is this order). */
  register(program: Command, ctx: CliContext): void;
  /**
   * Its commands that also run remotely through the admin API (`--api-url`, `--app-secret`),
   * named in the `--help` note on the remote mode, e.g. `['oauth']`.
   */
  readonly remoteCommands?: readonly string[];
}

/**
 * A method's routes under the admin API (`/api/v1/admin/apps/{appId}/...`, `admin/routes.ts`):
 * a Hono app mounted at `/`, each route behind `auth` (`requireAppSecret(ctx)`, which sets the
 * `app` variable or answers 401 `invalid_app_secret`).
 */
export type MethodAdminRoutes = (
  ctx: ServerContext,
  auth: MiddlewareHandler<AppEnv>,
) => Hono<AppEnv>;

/**
 * The optional parts of a method module. Parts needed only at process start or only by one
 * entry point are loaders (`() => import('./part.ts')` with a static specifier), so the part's
 * code (a dev seed, an SMTP client, commander commands) loads only where it is used and the
 * server still works when bundled.
 */
export interface MethodParts {
  /**
   * Routes of the admin API (OAuth: `PUT .../oauth/{provider}`), mounted after the shared admin
   * routes in the registry's order. Eager: the admin API is part of every server.
   */
  readonly adminRoutes?: MethodAdminRoutes;
  /**
   * Loads the method's channel transport factory (`delivery/configure.ts`: email's SMTP, SMS's
   * Twilio), called once at process start with the parsed environment.
   */
  readonly transport?: () => Promise<TransportFromEnv>;
  /** Loads the method's part of the dev app's seed (`dev/seed.ts`, only with `LATCHKEY_DEV=1`). */
  readonly devSeed?: () => Promise<MethodDevSeed>;
  /** Loads the method's `latchkey` commands (`cli/methodCommands.ts`, only in the CLI). */
  readonly cli?: () => Promise<MethodCli>;
}

/** A login method's server module (issue 11). */
export interface LoginMethodModule<Id extends string = string> extends MethodParts {
  /** The contract id (`email`, `sms`, `oauth`, `siwe`, `passkey`), also the folder name. */
  readonly id: Id;
  /** The method's wire contract from `@latchkey/api` (`EMAIL_METHOD`, ...). */
  readonly contract: LoginMethodContract<Id>;
  /** The method's routes as a Hono app, mounted at `/` by `createServer`. */
  routes(ctx: ServerContext, options: MethodRoutesOptions): Hono<AppEnv>;
  /** `POST` paths `createServer` puts the captcha gate on (the contract's). */
  readonly captchaGatedRoutes: readonly string[];
  /** `linked_accounts.type` values the method creates (the contract's). */
  readonly accountTypes: readonly string[];
  /** The drizzle tables (from `db/schema.ts`) the method's service reads and writes. */
  readonly tables: readonly PgTable[];
}

/**
 * Declares a method module from its contract, routes, tables and optional parts
 * ({@link MethodParts}); `id`, `captchaGatedRoutes` and `accountTypes` are the contract's, so
 * they cannot drift from the wire. A part left out is absent from the module (its reader skips
 * the method).
 */
export function defineServerMethod<const Id extends string>(
  module: {
    contract: LoginMethodContract<Id>;
    routes: (ctx: ServerContext, options: MethodRoutesOptions) => Hono<AppEnv>;
    tables: readonly PgTable[];
  } & MethodParts,
): LoginMethodModule<Id> {
  const { contract, routes, tables, ...parts } = module;
  return {
    id: contract.id,
    contract,
    routes,
    captchaGatedRoutes: contract.captchaGatedRoutes,
    accountTypes: contract.accountTypes,
    tables,
    ...parts,
  };
}
