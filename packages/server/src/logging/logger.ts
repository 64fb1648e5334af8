/**
 * The server's logger (issue 12): pino, one JSON object per line on standard output, level
 * from `LATCHKEY_LOG_LEVEL` (parsed by `parseServerEnv`, default `info`).
 */
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/** A log level name, or `silent`. */
export type LogLevel = LevelWithSilent;

/** The accepted values of `LATCHKEY_LOG_LEVEL`, most to least verbose, then `silent`. */
export const LOG_LEVELS: readonly LevelWithSilent[] = [
  'trace',
  'debug',
  'info',
  'warn',
  'error',
  'fatal',
  'silent',
];

/** The level when `LATCHKEY_LOG_LEVEL` is unset. */
export const DEFAULT_LOG_LEVEL: LevelWithSilent = 'info';

/** True when `value` is one of {@link LOG_LEVELS}. */
export function isLogLevel(value: string): value is LevelWithSilent {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  /** Minimum level written; `silent` writes nothing. Default {@link DEFAULT_LOG_LEVEL}. */
  level?: LevelWithSilent;
  /** Where lines go (tests pass a stream). Default: standard output, written synchronously. */
  destination?: DestinationStream;
}

/**
 * Makes the process's logger: pino with its standard fields (`level` as a number, `time` in ms
 * since the epoch, `pid`, `hostname`, `msg`) plus whatever each call adds.
 *
 * @returns a pino `Logger`; `logger.child({...})` adds fields to every line of the child.
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const settings = { level: options.level ?? DEFAULT_LOG_LEVEL };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
