/**
 * @latchkey/server: the Latchkey provider API (Hono), database (Drizzle on PGlite or
 * PostgreSQL), tokens and code delivery.
 */
export { APP_FIELDS, type AppField, type AppFieldKind, type AppFieldView } from './apps/fields.ts';
export { KeyStore, type SigningKey } from './apps/keys.ts';
export { ADMIN_FAILURES_PER_IP, adminRoutes, parseBasicAuth } from './admin/routes.ts';
export {
  addAllowlistEntry,
  listAllowlist,
  normaliseAllowlistEntry,
  removeAllowlistEntry,
} from './apps/allowlist.ts';
export { toServerAppConfig } from './apps/public-config.ts';
export {
  countAppUsers,
  type CreateAppInput,
  createAppRecord,
  ensureApp,
  findApp,
  verificationKeyPem,
} from './apps/records.ts';
export { issueAppSecret, setAppSecret, verifyAppSecret } from './apps/secret.ts';
export {
  applyAppSettings,
  appSettingsToColumns,
  loadAdminAppConfig,
  toAdminAppConfig,
} from './apps/settings.ts';
export { CAPTCHA_GATED_ROUTES, captchaGate, captchaRoutes } from './captcha/routes.ts';
export {
  type AltchaOptions,
  type CaptchaOptions,
  createAltchaChallenge,
  TURNSTILE_SITEVERIFY_URL,
  verifyAltchaToken,
  verifyCaptchaToken,
  verifyTurnstileToken,
} from './captcha/service.ts';
export { type CliIo, parseAssignments, processIo, runCli } from './cli/main.ts';
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
  type DevOutbox,
  devOutboxDelivery,
  memoryOutboxDelivery,
  tableOutbox,
} from './delivery/dev-outbox.ts';
export type { Delivery, DeliveryMessage } from './delivery/types.ts';
export { type SmtpDeliveryOptions, smtpDelivery } from './methods/email/delivery/smtp.ts';
export {
  DEFAULT_PORT,
  DEV_APP_ID,
  DEV_APP_SECRET_FILE,
  dataDirOf,
  devAppIdOf,
  devAppSecret,
  type Env,
  EnvError,
  openConfiguredDatabase,
  parseServerEnv,
  type ServerEnv,
  serverSecretOf,
} from './env.ts';
export { ApiError, type ApiErrorOptions } from './errors.ts';
export { healthRoutes, type HealthRoutesOptions, type ReadinessChecks } from './health/routes.ts';
export {
  createLogger,
  type CreateLoggerOptions,
  type Logger,
  type LogLevel,
} from './logging/logger.ts';
export { REQUEST_ID_HEADER, requestLogger } from './logging/requests.ts';
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
