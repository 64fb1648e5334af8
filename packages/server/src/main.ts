/**
 * The process entry: `tsx packages/server/src/main.ts`.
 *
 * Environment:
 * - `PORT` (default 8787), `PUBLIC_URL` (default `http://localhost:$PORT`; the token issuer).
 * - `DATABASE_URL`: PostgreSQL; else PGlite in `$LATCHKEY_DATA_DIR/db`
 *   (`LATCHKEY_DATA_DIR` default `.latchkey` under the working directory).
 * - `LATCHKEY_SECRET` (>= 32 characters); with `LATCHKEY_DEV=1`, no secret and no `DATABASE_URL`,
 *   one is generated once and kept in `$LATCHKEY_DATA_DIR/secret` (with `DATABASE_URL` it is
 *   required: processes sharing a database must not each guess their own).
 * - `LATCHKEY_DEV=1`: dev outbox delivery, `/dev` routes, and the dev app seeded through the
 *   same code as `latchkey apps create/set` (`LATCHKEY_DEV_APP_ID`, default
 *   `latchkeydemo0000000000000`; origins from `LATCHKEY_DEV_ORIGINS`, comma-separated, default
 *   `http://localhost:5173`), and the cross-app provider app "Latchkey Wallet" beside it (issue 21;
 *   origins from `LATCHKEY_DEV_PROVIDER_ORIGINS`, default `http://localhost:5174`). Its admin API secret is `LATCHKEY_DEV_APP_SECRET` (>= 16
 *   characters) or else the file `$LATCHKEY_DATA_DIR/dev-app-secret` (created, mode 0600).
 * - `LATCHKEY_TURNSTILE_SITEVERIFY_URL`: Turnstile's siteverify endpoint (default Cloudflare's).
 * - `LATCHKEY_FARCASTER_RELAY_URL`: Farcaster's Connect relay (default `https://relay.farcaster.xyz`;
 *   with `LATCHKEY_DEV=1` and none, the server's own stand-in). `LATCHKEY_FARCASTER_RPC_URL`: the
 *   OP Mainnet JSON-RPC that reads the Id Registry (default `https://mainnet.optimism.io`; with
 *   `LATCHKEY_DEV=1` and none, `LATCHKEY_RPC_URL`). `LATCHKEY_FARCASTER_API_URL`: Farcaster's
 *   signed key request API (default `https://api.farcaster.xyz`; in dev, the server's stand-in).
 * - `SMTP_URL` (+ `SMTP_FROM`): SMTP delivery (wins over the dev outbox).
 * - `TWILIO_ACCOUNT_SID` + `TWILIO_AUTH_TOKEN` + `TWILIO_FROM` (+ `TWILIO_BASE_URL`, default
 *   `https://api.twilio.com`): SMS codes through Twilio's Messages API (else the dev outbox,
 *   or, with SMTP and no Twilio, SMS login answers internal_error).
 * - `LATCHKEY_RATE_LIMITS`: JSON overriding parts of the rate-limit config.
 * - `LATCHKEY_REFRESH_REUSE_INTERVAL_S` (0-300, default 60): seconds during which a refresh
 *   token rotated a moment ago is answered again with the same successor (a refresh answer
 *   lost in flight) instead of revoking the session as reuse. 0 turns the grace off.
 * - `LATCHKEY_TRUST_PROXY`: the proxies in front of the server, whose `X-Forwarded-For`
 *   entries are read right to left to find the client IP: a hop count (`1` = one reverse proxy;
 *   the old `=1` keeps working) or a comma list of IPs, CIDRs and `loopback`, `linklocal`,
 *   `uniquelocal`. Unset: the socket address is the client. A bad value refuses to start.
 * - `LATCHKEY_RPC_URL` (+ `LATCHKEY_CHAIN_ID`, default 31337; `LATCHKEY_CHAIN_NAME`): an EVM
 *   JSON-RPC published at `GET /api/v1/chains`; with `LATCHKEY_DEV=1` new embedded wallets get
 *   10 ETH there from anvil's first dev account (`npm start` points it at its anvil).
 * - `LATCHKEY_DEV_OIDC_ISSUER` (with `LATCHKEY_DEV=1`): the local OpenID provider
 *   (`src/methods/oauth/dev/oidc.ts`, started by `npm start`); the dev app's Google button logs in there.
 * - `LATCHKEY_DEV_DRIVE_URL`, `LATCHKEY_DEV_CLOUDKIT_URL` (with `LATCHKEY_DEV=1`): the Google Drive
 *   and CloudKit Web Services stand-ins (`test-support/google-drive.ts`, `test-support/cloudkit.ts`,
 *   started by `npm start`; issue 23): the dev app's cloud recovery settings point there.
 * - `LATCHKEY_LOG_LEVEL` (`trace`, `debug`, `info` (default), `warn`, `error`, `fatal`, `silent`):
 *   the JSON log on standard output (`src/logging/`): one line per request, failed readiness
 *   checks, start and stop. The plain `Latchkey API listening on <url>` line is printed
 *   whatever the level (`npm start`, the e2e harness and the bench wait for it).
 * - `LATCHKEY_DEV_OUTBOX` (`database`, default, or `memory`): where the dev outbox keeps codes;
 *   `memory` is this process only, with no statement per message (the benchmark's setting).
 * - `LATCHKEY_DB_POOL_MAX` (default 20): the most PostgreSQL connections the server opens.
 * - `LATCHKEY_WALLET_KEY_IDLE_MS` (integer >= 0, default 60000): how long the wallet frame keeps
 *   a rebuilt key in its memory after the last use (zeroed then, on logout and on unload); 0
 *   rebuilds it from its shares for every request.
 * - `LATCHKEY_MOONPAY_API_URL` (default `https://api.moonpay.com`), `LATCHKEY_MOONPAY_WIDGET_URL`
 *   (default `https://buy.moonpay.com`), `LATCHKEY_MOONPAY_SANDBOX_WIDGET_URL` (default
 *   `https://buy-sandbox.moonpay.com`): the card on-ramp's provider, or a local stand-in (issue 20).
 * - `LATCHKEY_PRICE_SOURCE` (`chainlink`, default, or `http`), `LATCHKEY_PRICE_CHAINS`,
 *   `LATCHKEY_PRICE_API_URL`, `LATCHKEY_PRICE_API_KEY`, `LATCHKEY_PRICE_API_KEY_HEADER`,
 *   `LATCHKEY_PRICE_COINS`, `LATCHKEY_PRICE_CACHE_TTL_S`: the source of `GET /api/v1/token_price`
 *   (issue 20; `src/prices/config.ts`).
 * Without `LATCHKEY_DEV=1` and without `SMTP_URL`, refuses to start. Every variable is parsed by
 * `parseServerEnv` in `env.ts` (shared with the `latchkey` command line and `npm start`).
 */
import { type ConfiguredDelivery, configuredDelivery } from './delivery/configure.ts';
import { seedDevApp } from './dev/seed.ts';
import { DEV_MOONPAY_KEYS } from './funding/dev/moonpay-standin.ts';
import {
  DEV_APP_ID,
  devAppSecret,
  devServerSecret,
  EnvError,
  markDataDirInUse,
  openConfiguredDatabase,
  parseServerEnv,
  type ServerEnv,
} from './env.ts';
import { createLogger } from './logging/logger.ts';
import { serve } from './serve.ts';
import { createServer } from './server.ts';
import { chainConfigFor, devWalletFunder } from './wallets/funder.ts';

/** Default id of the development app (25 characters); see `env.ts`. */
export { DEV_APP_ID };

function fail(message: string): never {
  console.error(`latchkey: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const env = process.env;
  let config: ServerEnv;
  try {
    config = parseServerEnv(env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  const { dev, port, publicUrl, dataDir, chain } = config;
  const logger = createLogger({ level: config.logLevel });
  const secret = config.secret ?? (await devServerSecret(dataDir));

  const database = await openConfiguredDatabase(env);
  // PGlite holds its folder alone: tell `latchkey apps ...` not to open it meanwhile.
  const unmarkDataDir = config.databaseUrl ? async () => {} : await markDataDirInUse(dataDir);
  // Each channel's transport comes from its method folder (`methods/<id>/delivery/fromEnv.ts`).
  let delivery: ConfiguredDelivery;
  try {
    delivery = await configuredDelivery(config, database.db);
  } catch (error) {
    await database.close();
    await unmarkDataDir();
    fail((error as Error).message);
  }

  let server: ReturnType<typeof createServer>;
  try {
    server = createServer({
      db: database.db,
      publicUrl,
      secret,
      delivery: delivery.delivery,
      devOutbox: delivery.outbox,
      dev,
      rateLimits: config.rateLimits,
      trustProxy: config.trustProxy,
      refreshReuseIntervalS: config.refreshReuseIntervalS,
      walletKeyIdleMs: config.walletKeyIdleMs,
      chains: chain ? [chainConfigFor(chain.rpcUrl, chain.chainId, chain.name)] : [],
      walletFunder:
        dev && chain
          ? devWalletFunder({ rpcUrl: chain.rpcUrl, chainId: chain.chainId })
          : undefined,
      prebuildWalletFrame: true,
      turnstileSiteverifyUrl: config.turnstileSiteverifyUrl,
      farcaster: config.farcaster,
      moonpay: config.moonpay,
      prices: config.prices,
      logger,
    });
  } catch (error) {
    await database.close();
    await unmarkDataDir();
    fail((error as Error).message);
  }

  if (dev) {
    // The same code as `latchkey apps create` / `apps set` and the admin API; each method's
    // settings and setup come from its folder (`methods/<id>/devSeed.ts`).
    try {
      // With a MoonPay stand-in (`npm start` sets its URL), the dev app gets the card on-ramp.
      const onRamp = config.moonpay.apiUrl ? { onRampSandboxKeys: DEV_MOONPAY_KEYS } : {};
      await seedDevApp(
        database,
        server.context,
        secret,
        config.devApp,
        () => devAppSecret(env),
        onRamp,
      );
    } catch (error) {
      await database.close();
      await unmarkDataDir();
      fail(`cannot seed the dev app: ${(error as Error).message}`);
    }
  }

  const http = await serve({ app: server.app, port });
  logger.info(
    { port: http.port, publicUrl: server.context.publicUrl, database: database.driver, dev },
    'listening',
  );
  // Plain text, whatever the log level: scripts/start.ts, e2e/harness.ts and bench/server.ts
  // wait for this line.
  console.log(`Latchkey API listening on ${server.context.publicUrl}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping');
    try {
      await http.close();
      delivery.close();
      await database.close();
      await unmarkDataDir();
    } catch (error) {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('latchkey: failed to start', error);
  process.exit(1);
});
