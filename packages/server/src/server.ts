/**
 * `createServer`: the Latchkey provider API as a Hono app (design.md; spec section 7).
 * Tests call `app.request()`; `serve()` runs it on Node's HTTP server.
 */
import { type ChainConfigWire, MAX_REQUEST_BODY_BYTES, SESSION_ROUTES } from '@latchkey/api';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { AppCache, DEFAULT_APP_CACHE_TTL_MS } from './apps/cache.ts';
import { KeyStore } from './apps/keys.ts';
import { adminRoutes } from './admin/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { appRoutes } from './apps/routes.ts';
import { captchaRequired, captchaRoutes } from './captcha/routes.ts';
import type { AppEnv, ServerContext } from './context.ts';
import { oidcRoutes } from './crossapp/oidc/routes.ts';
import { rpcOrigin } from './crossapp/page.ts';
import { crossAppRoutes } from './crossapp/routes.ts';
import { deriveServerKeys } from './crypto.ts';
import type { Db } from './db/index.ts';
import { databaseUnavailable, databaseUnavailableReason } from './db/unavailable.ts';
import { type DevOutbox, tableOutbox } from './delivery/dev-outbox.ts';
import type { Delivery } from './delivery/types.ts';
import { devRoutes } from './dev/routes.ts';
import { ApiError } from './errors.ts';
import type { MoonPayEndpoints } from './funding/moonpay.ts';
import { fundingRoutes } from './funding/routes.ts';
import { healthRoutes } from './health/routes.ts';
import type { Logger } from './logging/logger.ts';
import { requestLogger } from './logging/requests.ts';
import { mfaRoutes } from './mfa/routes.ts';
import { METHODS, type MethodChain, type MethodRoutesOptions } from './methods/index.ts';
import { cors } from './middleware/cors.ts';
import { compileTrustProxy, readsBody, type TrustProxySetting } from './middleware/request.ts';
import { cachedPriceSource } from './prices/cache.ts';
import { type PriceSettings, priceSourceOf } from './prices/config.ts';
import { tokenPriceRoutes } from './prices/routes.ts';
import type { PriceSource } from './prices/source.ts';
import { MemoryRateLimiter, type RateLimitConfig, resolveRateLimits } from './rate-limit.ts';
import { dpopLoginBinding } from './sessions/dpop.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { userRoutes } from './users/routes.ts';
import { walletFrameRoutes } from './wallets/frame.ts';
import type { WalletFunder } from './wallets/funder.ts';
import { walletRoutes } from './wallets/routes.ts';
import { recoveryRoutes } from './recovery/routes.ts';

/** Options of {@link createServer}. */
export interface CreateServerOptions {
  /** Drizzle handle from `openDatabase()` (`database.db`). */
  db: Db;
  /** The API's public origin, e.g. `http://localhost:8787`; the `iss` of access tokens. */
  publicUrl: string;
  /** Server secret (>= 32 characters): pepper of code HMACs and key of signing keys at rest. */
  secret: string;
  /** Where login codes go (`devOutboxDelivery(db)`, a channel's transport, `channelDelivery`). */
  delivery: Delivery;
  /** Mount the `/dev` routes (dev outbox). Default false. */
  dev?: boolean;
  /**
   * What `GET /dev/outbox` lists (with `dev`): default the `dev_outbox` table
   * (`devOutboxDelivery`'s messages); a `memoryOutboxDelivery` when that is the delivery.
   */
  devOutbox?: DevOutbox;
  /** Overrides of the default rate limits. */
  rateLimits?: Partial<RateLimitConfig>;
  /** Clock in ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /**
   * Trusted proxies in front of the server (see `TrustProxySetting`: a hop count, or IPs, CIDRs
   * and `loopback`/`linklocal`/`uniquelocal`); the client IP is then read from
   * `X-Forwarded-For` right to left past them. `true` means one hop. Default: none.
   */
  trustProxy?: TrustProxySetting;
  /**
   * Funds each new embedded wallet before the create call answers (development: 10 ETH on
   * anvil, see `devWalletFunder`). Undefined in production.
   */
  walletFunder?: WalletFunder;
  /** Chains published at `GET /api/v1/chains` (development: anvil). Default none. */
  chains?: ChainConfigWire[];
  /** Entry of the wallet frame script. Default `packages/wallet-frame/src/frame/main.ts`. */
  walletFrameEntry?: string;
  /**
   * Entry of the cross-app sign-in page's script (issue 21). Default: the prebuilt page, or
   * `packages/react/src/crossapp/provider-page/main.tsx` when running from source.
   */
  crossAppPageEntry?: string;
  /**
   * Bundle the wallet frame script at once instead of on the first frame request. With `dev`,
   * a page request after a frame source changed rebuilds it.
   */
  prebuildWalletFrame?: boolean;
  /**
   * Chains a SIWE message may name (security catalogue 35), with the RPC that verifies
   * smart-contract wallet signatures. Default: `chains` above; when both are empty, mainnet (1).
   */
  siweChains?: MethodChain[];
  /**
   * Sign In With Farcaster (issue 16): the Connect relay's base URL (default Farcaster's,
   * `https://relay.farcaster.xyz`; with `dev` and none, this server's stand-in under
   * `/dev/farcaster/relay`) and the OP Mainnet JSON-RPC that reads the Id Registry (default the
   * public `https://mainnet.optimism.io`; with `dev`, the first of `chains` with an RPC), and
   * Farcaster's API for signer requests (default `https://api.farcaster.xyz`; with `dev` and none,
   * this server's stand-in under `/dev/farcaster/api`).
   */
  farcaster?: { relayUrl?: string; rpcUrl?: string; apiUrl?: string };
  /** Turnstile's siteverify endpoint (tests point it at a local peer). Default Cloudflare's. */
  turnstileSiteverifyUrl?: string;
  /**
   * Seconds (0-300, default {@link DEFAULT_REFRESH_REUSE_INTERVAL_S}) during which a refresh
   * token rotated a moment ago may be presented again and gets the same successor (a refresh
   * answer lost in flight); reuse after it revokes the session. 0 turns the grace off.
   * @throws from `createServer` when outside 0-300.
   */
  refreshReuseIntervalS?: number;
  /**
   * Where one JSON line per request goes (`createLogger()`; issue 12), and failed readiness
   * checks. Default: none (no request log, as in tests).
   */
  logger?: Logger;
  /**
   * How long (ms, >= 0) an app row is served from memory before it is read again
   * (`AppCache`; default {@link DEFAULT_APP_CACHE_TTL_MS}, 1 s). Changes made through this
   * server's admin API are seen at once; changes made by another process within this time.
   * 0 reads the app row on every request.
   * @throws from `createServer` when negative.
   */
  appCacheTtlMs?: number;
  /**
   * How long (ms, >= 0) the wallet frame keeps a rebuilt key in its memory after the last use
   * (issue 13; the frame zeroes it then, and on logout and unload). Default: the frame's own,
   * 60000. 0 rebuilds the key from its shares for every request.
   * @throws from `createServer` when negative or not a number.
   */
  walletKeyIdleMs?: number;
  /**
   * Where MoonPay is reached for the card on-ramp (issue 20): its REST API (default
   * `https://api.moonpay.com`) and the buy widget per environment (default MoonPay's
   * `buy.moonpay.com` and `buy-sandbox.moonpay.com`). Tests and the demo point them at the local
   * stand-in (`funding/dev/moonpay-standin.ts`).
   */
  moonpay?: MoonPayEndpoints;
  /**
   * The USD prices of `GET /api/v1/token_price` (issue 20): a `source` of your own, or the
   * settings of the built-in ones (`parsePriceEnv`: Chainlink feeds by default, an HTTP API as
   * the alternative), and the cache TTL in ms (default 15000). Default: Chainlink feeds read on
   * the RPCs of `chains` (known feeds only; anvil has none).
   * @throws from `createServer` when the settings name a bad URL or feed address.
   */
  prices?: Omit<Partial<PriceSettings>, 'source'> & {
    source?: PriceSettings['source'] | PriceSource;
  };
}

/**
 * Default refresh-token reuse interval, in seconds: a 20 s client timeout plus its retries
 * (Auth0's "reuse interval", Okta's "grace period").
 */
export const DEFAULT_REFRESH_REUSE_INTERVAL_S = 60;

function reuseInterval(value: number | undefined): number {
  if (value === undefined) return DEFAULT_REFRESH_REUSE_INTERVAL_S;
  if (!Number.isFinite(value) || value < 0 || value > 300) {
    throw new Error(`refreshReuseIntervalS must be 0-300 seconds, got ${value}`);
  }
  return value;
}

/** Methods whose requests the server never reads a body of (no body limit needed). */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What {@link createServer} returns. */
export interface LatchkeyServer {
  /** The Hono app: `app.fetch` for a runtime, `app.request()` in tests. */
  app: Hono<AppEnv>;
  /** The resolved dependencies (clock, limits, key store), for tools and tests. */
  context: ServerContext;
}

function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  if (error.retryAfterS !== undefined) c.header('Retry-After', String(error.retryAfterS));
  return c.json(error.toBody(), error.status as 400);
}

/**
 * Builds the API.
 *
 * @throws Error when `secret` is shorter than 32 characters, `publicUrl` is not a URL, a
 *   rate limit is invalid (see `resolveRateLimits`), `trustProxy` is (`compileTrustProxy`),
 *   or `appCacheTtlMs` is negative.
 */
export function createServer(options: CreateServerOptions): LatchkeyServer {
  const keys = deriveServerKeys(options.secret);
  // Validates the URL; keeps any path, drops trailing slashes (the `iss` must be stable).
  const publicUrl = new URL(options.publicUrl).href.replace(/\/+$/, '');
  const ctx: ServerContext = {
    db: options.db,
    publicUrl,
    keys,
    keyStore: new KeyStore(options.db, keys.keyEncryptionKey, { issuer: publicUrl }),
    apps: new AppCache(options.db, { ttlMs: options.appCacheTtlMs ?? DEFAULT_APP_CACHE_TTL_MS }),
    delivery: options.delivery,
    devOutbox: options.devOutbox ?? tableOutbox(options.db),
    now: options.now ?? Date.now,
    refreshReuseIntervalS: reuseInterval(options.refreshReuseIntervalS),
    rateLimits: resolveRateLimits(options.rateLimits),
    floodLimits: new MemoryRateLimiter(),
    trustProxy: compileTrustProxy(options.trustProxy),
  };

  const app = new Hono<AppEnv>();

  const { logger } = options;
  app.onError((error, c) => {
    // With a logger, server errors are JSON lines carrying the request's id (issue 12).
    const requestId = (c.var as { requestId?: string }).requestId;
    // A database outage (restart, failover, lost connection) is 503 + Retry-After, never 500.
    const down = databaseUnavailableReason(error);
    if (down !== undefined && !(error instanceof ApiError && error.status < 500)) {
      if (logger) logger.warn({ requestId, reason: down }, 'database unavailable');
      else console.warn(`[latchkey] database unavailable: ${down}`);
      return errorResponse(c, databaseUnavailable(error));
    }
    if (error instanceof ApiError) {
      if (error.status >= 500) {
        if (logger) logger.error({ requestId, err: error.cause ?? error }, error.message);
        else console.error(`[latchkey] ${error.message}:`, error.cause ?? error);
      }
      return errorResponse(c, error);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 413 ? 'payload_too_large' : 'invalid_data';
      return errorResponse(c, new ApiError(code, error.message || 'Bad request'));
    }
    if (logger) logger.error({ requestId, err: error }, 'unhandled error');
    else console.error('[latchkey] unhandled error', error);
    return errorResponse(c, new ApiError('internal_error', 'Internal server error'));
  });
  app.notFound((c) => errorResponse(c, new ApiError('not_found', 'Not found')));

  // Issue 12: the request log around everything, then the probes, before the other middleware
  // (no CORS, body limit, app or auth for them).
  if (logger) app.use(requestLogger(logger));
  app.route('/', healthRoutes({ db: ctx.db, logger }));
  // The API's own pages (the cross-app sign-in page; issue 21) call as an app's origin would.
  const selfOrigin = new URL(ctx.publicUrl).origin;
  app.use((c, next) => {
    c.set('selfOrigin', selfOrigin);
    return next();
  });
  // Issue 21: the provider apps' OpenID Connect providers read their own bodies and answer their
  // own CORS, so they come before both.
  app.route(
    '/',
    oidcRoutes(ctx, {
      page: {
        entry: options.crossAppPageEntry,
        rebuild: options.dev ?? false,
        // The transact page's wallet reads and broadcasts through these chains' RPCs.
        connectOrigins: (options.chains ?? []).flatMap((c) => rpcOrigin(c.rpc_url)),
      },
    }),
  );

  app.use(cors({ db: ctx.db }));
  // readsBody: a client leaving mid-body (bodyLimit reads chunked bodies) is no server error.
  const limitBody = readsBody<AppEnv>(
    bodyLimit({
      maxSize: MAX_REQUEST_BODY_BYTES,
      onError: () => {
        throw new ApiError('payload_too_large', 'Request body too large');
      },
    }),
  );
  // Only where a handler reads a body, and from the header when the length is declared:
  // bodyLimit looks at `c.req.raw.body`, which makes @hono/node-server build a full fetch
  // Request (an AbortSignal, the headers copied; the largest cost of a cached GET, and without
  // it the adapter reads a body straight from the socket: issue 13, profiled). A declared
  // length is checked as bodyLimit checks it (Node's parser holds the body to that length);
  // a chunked body goes through bodyLimit, which counts it as it arrives.
  app.use((c, next) => {
    if (BODYLESS_METHODS.has(c.req.method)) return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) {
      return limitBody(c, next);
    }
    if (Number(declared) > MAX_REQUEST_BODY_BYTES) {
      throw new ApiError('payload_too_large', 'Request body too large');
    }
    return next();
  });

  // Issue 6: the captcha gate runs before each method's login init handlers (issue 11: per
  // route, from the method registry); admin API beside the rest.
  const captcha = { turnstileSiteverifyUrl: options.turnstileSiteverifyUrl };
  const captchaGate = captchaRequired(ctx, captcha);
  for (const method of METHODS) {
    for (const path of method.captchaGatedRoutes) app.use(path, captchaGate);
  }
  app.route('/', captchaRoutes(ctx, captcha));
  // Issue 10: a login that carries the wallet frame's DPoP proof binds its session to that key.
  for (const path of SESSION_ROUTES) app.use(path, dpopLoginBinding(ctx));
  app.route('/', adminRoutes(ctx));
  app.route('/', appRoutes(ctx));
  app.route('/', sessionRoutes(ctx));
  app.route('/', userRoutes(ctx));
  // Issue 11: every login method's routes, from the registry (`methods/index.ts`).
  const methodOptions: MethodRoutesOptions = {
    chains: options.siweChains ?? options.chains?.map((c) => ({ id: c.id, rpcUrl: c.rpc_url })),
    dev: options.dev ?? false,
    farcaster: options.farcaster,
  };
  for (const method of METHODS) app.route('/', method.routes(ctx, methodOptions));
  app.route('/', mfaRoutes(ctx));
  app.route('/', walletRoutes(ctx, { funder: options.walletFunder, chains: options.chains }));
  app.route('/', recoveryRoutes(ctx));
  app.route('/', analyticsRoutes(ctx));
  // Issue 20: the card on-ramp (MoonPay) and token prices in USD.
  app.route('/', fundingRoutes(ctx, options.moonpay));
  // Issue 21: the public listing of the cross-app providers a requester app may connect to.
  app.route('/', crossAppRoutes(ctx));
  const prices = options.prices ?? {};
  const priceSource =
    typeof prices.source === 'object'
      ? prices.source
      : priceSourceOf({ ...prices, source: prices.source ?? 'chainlink' }, options.chains);
  app.route(
    '/',
    tokenPriceRoutes(ctx, cachedPriceSource(priceSource, { ttlMs: prices.cacheTtlMs })),
  );
  const keyIdleMs = options.walletKeyIdleMs;
  if (keyIdleMs !== undefined && !(Number.isFinite(keyIdleMs) && keyIdleMs >= 0)) {
    throw new Error(`walletKeyIdleMs must be a number of ms >= 0, got ${keyIdleMs}`);
  }
  const frame = walletFrameRoutes(ctx, {
    entry: options.walletFrameEntry,
    rebuild: options.dev ?? false,
    keyIdleMs,
  });
  app.route('/', frame.routes);
  if (options.prebuildWalletFrame) void frame.prebuild();
  if (options.dev) app.route('/', devRoutes(ctx));

  return { app, context: ctx };
}
