/**
 * What every route module receives from `createServer`: the database, derived keys, clock,
 * delivery and limits. Built once per server; route modules close over it.
 */
import type { HttpBindings } from '@hono/node-server';
import type { AppCache } from './apps/cache.ts';
import type { KeyStore } from './apps/keys.ts';
import type { ServerKeys } from './crypto.ts';
import type { Db } from './db/index.ts';
import type { AppRow } from './db/schema.ts';
import type { DevOutbox } from './delivery/dev-outbox.ts';
import type { Delivery } from './delivery/types.ts';
import type { TrustProxy } from './middleware/request.ts';
import type { MemoryRateLimiter, RateLimitConfig } from './rate-limit.ts';

/** Shared dependencies of the route modules. */
export interface ServerContext {
  db: Db;
  /** Origin of the API without trailing slash; the `iss` of access tokens. */
  publicUrl: string;
  keys: ServerKeys;
  keyStore: KeyStore;
  /**
   * App rows kept in memory for a short TTL (issue 13); `requireApp` reads through it. Call
   * `apps.invalidate(appId)` after changing an app row outside the admin API in this process.
   */
  apps: AppCache;
  delivery: Delivery;
  /** What `GET /dev/outbox` lists (dev only): the `dev_outbox` table, or a memory outbox. */
  devOutbox: DevOutbox;
  /** Current time in ms since the epoch (injectable for expiry tests). */
  now: () => number;
  /**
   * Seconds during which a just-rotated refresh token is answered again with its (unused)
   * successor instead of counting as reuse (a refresh answer lost in flight). 0 = no grace.
   */
  refreshReuseIntervalS: number;
  rateLimits: RateLimitConfig;
  /**
   * The per-IP flood guards' counters (`initPerIp`, `authenticatePerIp`, `refreshPerIp`,
   * `analyticsPerIp`), in this process's memory (issue 13). Security limits stay in the database
   * (`hitRateLimit`).
   */
  floodLimits: MemoryRateLimiter;
  /**
   * Which hops in front of the server are trusted proxies, for `clientIp(c, ctx.trustProxy)`
   * (proxy-addr's right-to-left `X-Forwarded-For` algorithm; trusts none by default).
   */
  trustProxy: TrustProxy;
}

/** Hono environment of the server: node bindings (absent under `app.request()`), the resolved app. */
export interface AppEnv {
  Bindings: Partial<HttpBindings> | undefined;
  Variables: {
    app: AppRow;
    /** Login routes: the wallet frame key thumbprint from the request's DPoP proof (issue 10). */
    dpopJkt?: string | undefined;
    /**
     * The API's own public origin (set by `createServer` on every request): the origin of its own
     * pages, e.g. a provider app's cross-app sign-in page (issue 21), which call the API as the
     * app's pages do.
     */
    selfOrigin?: string | undefined;
  };
}
