/**
 * The shape of a server login-method module (issue 11). Each method folder
 * (`methods/<id>/index.ts`) exports one {@link LoginMethodModule}; `methods/index.ts` lists them
 * in `METHODS`, and `createServer` mounts routes, the captcha gate and the DPoP login binding by
 * looping over that list. The wire side of a method is its contract in `@latchkey/api`
 * (`LOGIN_METHOD_CONTRACTS`); a module adds the handlers and the tables it owns.
 */
import type { LoginMethodContract } from '@latchkey/api';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';

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
}

/** A login method's server module (issue 11). */
export interface LoginMethodModule<Id extends string = string> {
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
 * Declares a method module from its contract, routes and tables; `id`, `captchaGatedRoutes`
 * and `accountTypes` are the contract's, so they cannot drift from the wire.
 */
export function defineServerMethod<const Id extends string>(module: {
  contract: LoginMethodContract<Id>;
  routes: (ctx: ServerContext, options: MethodRoutesOptions) => Hono<AppEnv>;
  tables: readonly PgTable[];
}): LoginMethodModule<Id> {
  return {
    id: module.contract.id,
    contract: module.contract,
    routes: module.routes,
    captchaGatedRoutes: module.contract.captchaGatedRoutes,
    accountTypes: module.contract.accountTypes,
    tables: module.tables,
  };
}
