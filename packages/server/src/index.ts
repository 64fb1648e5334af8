/**
 * @latchkey/server: the Latchkey provider API (Hono), database (Drizzle on PGlite or
 * PostgreSQL), tokens and code delivery.
 */
export { KeyStore, type SigningKey } from './apps/keys.ts';
export {
  type CreateAppInput,
  createAppRecord,
  ensureApp,
  findApp,
  toServerAppConfig,
} from './apps/service.ts';
export type { AppEnv, ServerContext } from './context.ts';
export {
  type Database,
  type Db,
  MIGRATIONS_FOLDER,
  type OpenDatabaseOptions,
  openDatabase,
} from './db/index.ts';
export * as schema from './db/schema.ts';
export {
  type Delivery,
  type DeliveryMessage,
  devOutboxDelivery,
  type SmtpDeliveryOptions,
  smtpDelivery,
} from './delivery/index.ts';
export { ApiError, type ApiErrorOptions } from './errors.ts';
export {
  DEFAULT_RATE_LIMITS,
  type RateLimitConfig,
  type RateLimitRule,
  resolveRateLimits,
} from './rate-limit.ts';
export { type RunningServer, serve } from './serve.ts';
export { type CreateServerOptions, createServer, type LatchkeyServer } from './server.ts';
export {
  ANVIL_CHAIN_ID,
  ANVIL_DEV_PRIVATE_KEY,
  chainConfigFor,
  type DevWalletFunderOptions,
  devWalletFunder,
  type WalletFunder,
} from './wallets/funder.ts';
export { buildWalletFrame, type WalletFrameConfig, walletFrameCsp } from './wallets/frame.ts';
